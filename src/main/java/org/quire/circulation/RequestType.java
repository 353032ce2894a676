package org.quire.circulation;

import java.util.Arrays;
import java.util.Optional;

/** FOLIO's request types, with the names FOLIO writes in {@code requestType}. */
public enum RequestType {
    HOLD("Hold"),
    RECALL("Recall"),
    PAGE("Page");

    private final String folioName;

    RequestType(String folioName) {
        this.folioName = folioName;
    }

    public String folioName() {
        return folioName;
    }

    public static Optional<RequestType> named(String name) {
        return Arrays.stream(values()).filter(s -> s.folioName.equals(name)).findFirst();
    }

    public boolean is(String name) {
        return folioName.equals(name);
    }

    @Override
    public String toString() {
        return folioName;
    }
}
