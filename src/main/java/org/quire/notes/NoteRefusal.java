package org.quire.notes;

import java.util.List;
import java.util.UUID;

/**
 * A request mod-notes would refuse, with its status, message and code. mod-notes answers every refusal — not found
 * included — as {@code {"errors":[{"message","type":"-1","code","parameters"}]}} (its ErrorHandling and
 * ErrorsHelper); NotesApi renders that shape.
 *
 * @param parameters key/value pairs ({@code limit} for the note-type limit, the offending property elsewhere)
 */
public final class NoteRefusal extends RuntimeException {
    public record Parameter(String key, String value) {
    }

    private final int status;
    private final String code;
    private final List<Parameter> parameters;

    private NoteRefusal(int status, String code, String message, List<Parameter> parameters) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.parameters = List.copyOf(parameters);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<Parameter> parameters() {
        return parameters;
    }

    /** mod-notes answers malformed input (bad JSON, bad parameters, constraint violations) with 422 VALIDATION_ERROR. */
    public static NoteRefusal validation(String message) {
        return new NoteRefusal(422, "VALIDATION_ERROR", message, List.of());
    }

    public static NoteRefusal validation(String message, String key, String value) {
        return new NoteRefusal(422, "VALIDATION_ERROR", message, List.of(new Parameter(key, value)));
    }

    /** mod-notes' ResourceNotFoundException: "%s with ID [%s] was not found". */
    public static NoteRefusal notFound(String resource, UUID id) {
        return new NoteRefusal(404, "NOT_FOUND_ERROR", resource + " with ID [" + id + "] was not found", List.of());
    }

    /** mod-notes' NoteTypesLimitReached, its code and its {@code limit} parameter. */
    public static NoteRefusal typesLimitReached(int limit) {
        return new NoteRefusal(422, "NOTE_TYPES_LIMIT_REACHED", "Maximum number of note types allowed is " + limit,
                List.of(new Parameter("limit", String.valueOf(limit))));
    }
}
