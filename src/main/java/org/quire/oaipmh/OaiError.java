package org.quire.oaipmh;

import java.util.List;

/**
 * An OAI-PMH protocol error (OAI-PMH 2.0 §3.6) with FOLIO's message. Answered as the OAI-PMH XML with the error
 * elements and FOLIO's HTTP status (mod-oai-pmh ResponseHelper.buildFailureResponse): badArgument,
 * badResumptionToken, badVerb 400; idDoesNotExist, noRecordsMatch 404; cannotDisseminateFormat 422.
 */
public record OaiError(String code, String message) {
    public static final String BAD_ARGUMENT = "badArgument";
    public static final String BAD_RESUMPTION_TOKEN = "badResumptionToken";
    public static final String BAD_VERB = "badVerb";
    public static final String CANNOT_DISSEMINATE_FORMAT = "cannotDisseminateFormat";
    public static final String ID_DOES_NOT_EXIST = "idDoesNotExist";
    public static final String NO_RECORDS_MATCH = "noRecordsMatch";

    // mod-oai-pmh Constants: FOLIO's messages.
    static final String CANNOT_DISSEMINATE_FORMAT_ERROR =
            "The value of the MetadataPrefix argument is not supported by the repository";
    static final String NO_RECORD_FOUND_ERROR = "There were no records found matching the search criteria";
    static final String RECORD_NOT_FOUND_ERROR = "No matching identifier in repository.";
    static final String INVALID_IDENTIFIER_ERROR = "Identifier has invalid structure.";
    static final String EXPIRED_RESUMPTION_TOKEN = "The value of the resumptionToken argument is expired";

    /** The HTTP status of an answer with these errors: the first group any of them falls in, as FOLIO orders them. */
    public static int httpStatus(List<OaiError> errors) {
        if (errors.stream().anyMatch(e -> e.code.equals(BAD_ARGUMENT) || e.code.equals(BAD_RESUMPTION_TOKEN)
                || e.code.equals(BAD_VERB))) return 400;
        if (errors.stream().anyMatch(e -> e.code.equals(ID_DOES_NOT_EXIST) || e.code.equals(NO_RECORDS_MATCH)))
            return 404;
        if (errors.stream().anyMatch(e -> e.code.equals(CANNOT_DISSEMINATE_FORMAT))) return 422;
        return 404;
    }

    /** Thrown by the verbs; carries every error found (FOLIO reports all validation errors at once). */
    public static final class Failure extends RuntimeException {
        private final List<OaiError> errors;

        public Failure(List<OaiError> errors) {
            super(errors.getFirst().message(), null, false, false);
            this.errors = List.copyOf(errors);
        }

        public Failure(String code, String message) {
            this(List.of(new OaiError(code, message)));
        }

        public List<OaiError> errors() {
            return errors;
        }
    }
}
