package org.quire.notices;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.records.RecordStore;

/**
 * What the {@code patron-notices} job reads of circulation: the record stores of loans, requests and loan policies,
 * and how a request becomes FOLIO's {@code request} tokens (the same as on staff slips). Circulation uses notices (its
 * events schedule them), so notices may not name circulation's classes back: circulation supplies this
 * (circulation/CirculationNoticeRecords) and app/QuireServer hands it in.
 */
public record CirculationRecords(RecordStore loans, RecordStore requests, RecordStore loanPolicies,
                                 RequestTokens requestTokens) {

    /** Adds {@code request} (and its requester) to a template context, with its pickup service point's name. */
    @FunctionalInterface
    public interface RequestTokens {
        void addTo(ObjectNode context, ObjectNode request, String pickupServicePointName);
    }
}
