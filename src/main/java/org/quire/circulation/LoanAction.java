package org.quire.circulation;

/** The {@code action} a loan records for its last change, as mod-circulation writes it (LoanAction.java). */
public enum LoanAction {
    CHECKED_OUT("checkedout"),
    CHECKED_OUT_THROUGH_OVERRIDE("checkedOutThroughOverride"),
    CHECKED_IN("checkedin"),
    CHECKED_IN_FOUND_BY_LIBRARY("checkedInFoundByLibrary"),
    CHECKED_IN_RETURNED_BY_PATRON("checkedInReturnedByPatron"),
    RENEWED("renewed"),
    RENEWED_THROUGH_OVERRIDE("renewedThroughOverride"),
    RECALL_REQUESTED("recallrequested"),
    HOLD_REQUESTED("holdrequested"),
    DUE_DATE_CHANGED("dueDateChanged"),
    DECLARED_LOST("declaredLost"),
    CLAIMED_RETURNED("claimedReturned"),
    MARKED_MISSING("markedMissing"),
    CLOSED_LOAN("closedLoan"),
    ITEM_AGED_TO_LOST("itemAgedToLost"),
    PATRON_INFO_ADDED("patronInfoAdded"),
    STAFF_INFO_ADDED("staffInfoAdded");

    private final String value;

    LoanAction(String value) {
        this.value = value;
    }

    /** The text FOLIO stores in the loan's {@code action}. */
    public String value() {
        return value;
    }

    @Override
    public String toString() {
        return value;
    }
}
