package org.quire.circulation;

import org.quire.platform.domain.FolioName;

import java.util.Optional;

/** FOLIO's request statuses (mod-circulation-storage request.json), with the names FOLIO writes. */
public enum RequestStatus implements FolioName {
    OPEN_NOT_YET_FILLED("Open - Not yet filled"),
    OPEN_AWAITING_PICKUP("Open - Awaiting pickup"),
    OPEN_IN_TRANSIT("Open - In transit"),
    OPEN_AWAITING_DELIVERY("Open - Awaiting delivery"),
    CLOSED_FILLED("Closed - Filled"),
    CLOSED_CANCELLED("Closed - Cancelled"),
    CLOSED_UNFILLED("Closed - Unfilled"),
    CLOSED_PICKUP_EXPIRED("Closed - Pickup expired");

    private final String folioName;

    RequestStatus(String folioName) {
        this.folioName = folioName;
    }

    @Override
    public String folioName() {
        return folioName;
    }

    public boolean isOpen() {
        return folioName.startsWith("Open");
    }

    public static Optional<RequestStatus> named(String name) {
        return FolioName.named(RequestStatus.class, name);
    }

    @Override
    public String toString() {
        return folioName;
    }
}
