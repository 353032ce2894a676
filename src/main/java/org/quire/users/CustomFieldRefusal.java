package org.quire.users;

/**
 * A custom field definition folio-custom-fields refuses: its 422 body is ONE error, not a list ({"message", "type":
 * "1", "code": "-1", "parameters": [{"key", "value"}]}: ValidationErrorHandlerAspect, CustomFieldExceptionHandlers),
 * with no key or value for definition rules and the field and its JSON value for the update rules.
 */
public final class CustomFieldRefusal extends RuntimeException {
    private final String key;
    private final String value;
    private final boolean notFound;

    CustomFieldRefusal(String message) {
        this(message, null, null);
    }

    CustomFieldRefusal(String message, String key, String value) {
        this(message, key, value, false);
    }

    private CustomFieldRefusal(String message, String key, String value, boolean notFound) {
        super(message, null, false, false);
        this.key = key;
        this.value = value;
        this.notFound = notFound;
    }

    /** folio-service-tools' ServiceExceptions.notFound: 404 text "CustomField not found by id: …". */
    static CustomFieldRefusal notFound(Object id) {
        return new CustomFieldRefusal("CustomField not found by id: " + id, null, null, true);
    }

    public boolean notFound() {
        return notFound;
    }

    public String key() {
        return key;
    }

    public String value() {
        return value;
    }
}
