package org.quire.inventory;

import org.quire.platform.domain.FolioName;

import java.util.Optional;

/** FOLIO's item statuses (mod-inventory-storage item.json's status.name enum), with the names FOLIO writes. */
public enum ItemStatus implements FolioName {
    AGED_TO_LOST("Aged to lost"),
    AVAILABLE("Available"),
    AWAITING_PICKUP("Awaiting pickup"),
    AWAITING_DELIVERY("Awaiting delivery"),
    CHECKED_OUT("Checked out"),
    CLAIMED_RETURNED("Claimed returned"),
    DECLARED_LOST("Declared lost"),
    IN_PROCESS("In process"),
    IN_PROCESS_NON_REQUESTABLE("In process (non-requestable)"),
    IN_TRANSIT("In transit"),
    INTELLECTUAL_ITEM("Intellectual item"),
    LONG_MISSING("Long missing"),
    LOST_AND_PAID("Lost and paid"),
    MISSING("Missing"),
    ON_ORDER("On order"),
    ORDER_CLOSED("Order closed"),
    PAGED("Paged"),
    RESTRICTED("Restricted"),
    UNAVAILABLE("Unavailable"),
    UNKNOWN("Unknown"),
    WITHDRAWN("Withdrawn");

    private final String folioName;

    ItemStatus(String folioName) {
        this.folioName = folioName;
    }

    /** The name as FOLIO writes it in {@code status.name}. */
    @Override
    public String folioName() {
        return folioName;
    }

    /** The status FOLIO names so, or empty for a name FOLIO does not have. */
    public static Optional<ItemStatus> named(String name) {
        return FolioName.named(ItemStatus.class, name);
    }

    @Override
    public String toString() {
        return folioName;
    }
}
