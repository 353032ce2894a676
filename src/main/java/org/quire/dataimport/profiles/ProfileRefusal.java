package org.quire.dataimport.profiles;

import org.quire.platform.domain.Refusal;

import java.util.List;

/**
 * A request mod-di-converter-storage refuses. It answers every refusal as {@code {"errors":[{"message"}],
 * "totalRecords":n}} (its ExceptionHelper for BadRequest, NotFound and Conflict; its validations' Errors for 422);
 * ProfilesApi renders that shape with the kind's status.
 */
public final class ProfileRefusal extends RuntimeException {
    /** Which of FOLIO's answers: BadRequestException 400, NotFoundException 404, ConflictException 409, Errors 422. */
    public enum Kind { BAD_REQUEST, NOT_FOUND, CONFLICT, INVALID }

    private final Kind kind;
    private final List<Refusal> errors;

    private ProfileRefusal(Kind kind, List<Refusal> errors) {
        super(errors.getFirst().message(), null, false, false);
        this.kind = kind;
        this.errors = List.copyOf(errors);
    }

    public Kind kind() {
        return kind;
    }

    public List<Refusal> errors() {
        return errors;
    }

    static ProfileRefusal badRequest(String message) {
        return new ProfileRefusal(Kind.BAD_REQUEST, List.of(Refusal.of(message, null, null)));
    }

    static ProfileRefusal notFound(String message) {
        return new ProfileRefusal(Kind.NOT_FOUND, List.of(Refusal.of(message, null, null)));
    }

    static ProfileRefusal conflict(String message) {
        return new ProfileRefusal(Kind.CONFLICT, List.of(Refusal.of(message, null, null)));
    }

    static ProfileRefusal invalid(List<Refusal> errors) {
        return new ProfileRefusal(Kind.INVALID, errors);
    }

    static void throwIfAny(List<Refusal> errors) {
        if (!errors.isEmpty()) throw invalid(errors);
    }
}
