package org.quire.dataexport;

import java.util.List;

/**
 * The error log codes Quire's exports write, with mod-data-export's descriptions (its ErrorCode). A log entry carries
 * the code and only the values: FOLIO's Data export app shows its own translation of the code with the values as
 * {@code {value1}}, {@code {value2}} (ErrorLogsView), so a value holding the whole sentence would be shown twice.
 * {@link #describe} makes the sentence for Quire's own clients (the command line).
 */
public enum ExportError {
    INVALID_UUID_FORMAT("error.invalidUuidFormat", "Invalid UUID format: %s"),
    UUIDS_NOT_FOUND("error.uuidsNotFound", "Record not found: %s"),
    SOME_RECORDS_FAILED("error.someRecordsFailed", "Failed records number: %s"),
    READING_FROM_INPUT_FILE("error.readingFromInputFile",
            "Error while reading from input file with uuids or file is empty"),
    RECORD_IS_TOO_LONG("error.recordIsTooLong", "%s"),
    /** FOLIO's code for messages it has no code of their own for; the value is the message. */
    MESSAGE_PLACEHOLDER("error.messagePlaceholder", "%s");

    private final String code;
    private final String description;

    ExportError(String code, String description) {
        this.code = code;
        this.description = description;
    }

    public String code() {
        return code;
    }

    /** The sentence of a log entry with this code and values; the code itself for a code Quire does not write. */
    public static String describe(String code, List<String> values) {
        for (ExportError e : values()) {
            if (!e.code.equals(code)) continue;
            if (!e.description.contains("%s")) return e.description;
            return e.description.formatted(values.isEmpty() ? "" : values.getFirst());
        }
        return values.isEmpty() ? code : code + ": " + String.join(", ", values);
    }
}
