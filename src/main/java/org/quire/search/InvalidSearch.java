package org.quire.search;

/**
 * A search request mod-search answers 400 (its RequestValidationException): the message and the one
 * {@code key}/{@code value} parameter it names, e.g. "Invalid search field provided in the CQL query", field, x.
 */
public final class InvalidSearch extends RuntimeException {
    private final String key;
    private final String value;

    public InvalidSearch(String message, String key, String value) {
        super(message, null, false, false);
        this.key = key;
        this.value = value;
    }

    public String key() {
        return key;
    }

    public String value() {
        return value;
    }
}
