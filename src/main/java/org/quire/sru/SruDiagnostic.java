package org.quire.sru;

import java.util.Map;

/**
 * One SRU diagnostic: {@code info:srw/diagnostic/1/<code>} with the standard's message and the details the standard
 * asks for (LoC's SRU diagnostics list, also YAZ's diagsrw.c: the messages are the list's words).
 *
 * @param details what the list's "details format" names (the parameter, index, relation, schema …), or null
 */
public record SruDiagnostic(int code, String details) {
    static final int GENERAL_ERROR = 1;
    static final int AUTHENTICATION = 3;
    static final int UNSUPPORTED_OPERATION = 4;
    static final int UNSUPPORTED_VERSION = 5;
    static final int UNSUPPORTED_PARAMETER_VALUE = 6;
    static final int MANDATORY_PARAMETER = 7;
    static final int UNSUPPORTED_PARAMETER = 8;
    static final int QUERY_SYNTAX = 10;
    static final int UNSUPPORTED_CONTEXT_SET = 15;
    static final int UNSUPPORTED_INDEX = 16;
    static final int UNSUPPORTED_RELATION = 19;
    static final int UNSUPPORTED_RELATION_MODIFIER = 20;
    static final int PROXIMITY_UNSUPPORTED = 39;
    static final int TERM_INVALID_FORMAT = 36;
    static final int FIRST_RECORD_OUT_OF_RANGE = 61;
    static final int UNKNOWN_SCHEMA = 66;
    static final int NOT_IN_THIS_SCHEMA = 67;
    static final int UNSUPPORTED_PACKING = 71;
    static final int XPATH_UNSUPPORTED = 72;
    static final int SORT_UNSUPPORTED_PATH = 88;
    static final int STYLESHEETS_UNSUPPORTED = 110;

    private static final Map<Integer, String> MESSAGES = Map.ofEntries(
            Map.entry(GENERAL_ERROR, "General system error"),
            Map.entry(AUTHENTICATION, "Authentication error"),
            Map.entry(UNSUPPORTED_OPERATION, "Unsupported operation"),
            Map.entry(UNSUPPORTED_VERSION, "Unsupported version"),
            Map.entry(UNSUPPORTED_PARAMETER_VALUE, "Unsupported parameter value"),
            Map.entry(MANDATORY_PARAMETER, "Mandatory parameter not supplied"),
            Map.entry(UNSUPPORTED_PARAMETER, "Unsupported parameter"),
            Map.entry(QUERY_SYNTAX, "Query syntax error"),
            Map.entry(UNSUPPORTED_CONTEXT_SET, "Unsupported context set"),
            Map.entry(UNSUPPORTED_INDEX, "Unsupported index"),
            Map.entry(UNSUPPORTED_RELATION, "Unsupported relation"),
            Map.entry(UNSUPPORTED_RELATION_MODIFIER, "Unsupported relation modifier"),
            Map.entry(TERM_INVALID_FORMAT, "Term in invalid format for index or relation"),
            Map.entry(PROXIMITY_UNSUPPORTED, "Proximity not supported"),
            Map.entry(FIRST_RECORD_OUT_OF_RANGE, "First record position out of range"),
            Map.entry(UNKNOWN_SCHEMA, "Unknown schema for retrieval"),
            Map.entry(NOT_IN_THIS_SCHEMA, "Record not available in this schema"),
            Map.entry(UNSUPPORTED_PACKING, "Unsupported record packing"),
            Map.entry(XPATH_UNSUPPORTED, "XPath retrieval unsupported"),
            Map.entry(SORT_UNSUPPORTED_PATH, "Unsupported path for sort"),
            Map.entry(STYLESHEETS_UNSUPPORTED, "Stylesheets not supported"));

    public String uri() {
        return "info:srw/diagnostic/1/" + code;
    }

    public String message() {
        return MESSAGES.getOrDefault(code, "Diagnostic " + code);
    }

    /** A diagnostic that ends the request (no records): thrown by the parsing and translation steps. */
    static final class Fatal extends RuntimeException {
        private final transient SruDiagnostic diagnostic;

        Fatal(int code, String details) {
            super(code + ": " + details, null, false, false);
            this.diagnostic = new SruDiagnostic(code, details);
        }

        SruDiagnostic diagnostic() {
            return diagnostic;
        }
    }
}
