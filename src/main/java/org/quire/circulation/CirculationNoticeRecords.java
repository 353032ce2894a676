package org.quire.circulation;

import org.quire.notices.CirculationRecords;

/**
 * Circulation's records as the patron-notices job reads them (notices may not depend on circulation, so
 * app/QuireServer passes this to NoticesApi). A holder of its own, initialised on first use, so that it never sees
 * CirculationTypes or RequestQueue half-initialised.
 */
public final class CirculationNoticeRecords {
    public static final CirculationRecords RECORDS = new CirculationRecords(CirculationTypes.LOANS,
            RequestQueue.REQUESTS, CirculationTypes.LOAN_POLICIES, RequestQueue::addToSlip);

    private CirculationNoticeRecords() {
    }
}
