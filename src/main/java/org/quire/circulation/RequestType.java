package org.quire.circulation;

import org.quire.platform.domain.FolioName;

import java.util.Optional;

/** FOLIO's request types, with the names FOLIO writes in {@code requestType}. */
public enum RequestType implements FolioName {
    HOLD("Hold"),
    RECALL("Recall"),
    PAGE("Page");

    private final String folioName;

    RequestType(String folioName) {
        this.folioName = folioName;
    }

    @Override
    public String folioName() {
        return folioName;
    }

    public static Optional<RequestType> named(String name) {
        return FolioName.named(RequestType.class, name);
    }

    @Override
    public String toString() {
        return folioName;
    }
}
