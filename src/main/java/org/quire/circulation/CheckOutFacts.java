package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.circulation.rules.RuleMatch;
import org.quire.inventory.ItemView;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What check-out knows when it runs its checks (CheckOut), loaded in stages: a stage's facts are absent (null, empty)
 * until FOLIO would have got that far.
 *
 * @param request          the check-out asked for
 * @param now              the time of the check-out (blocks, activity and proxy expiry are judged at it)
 * @param overrides        the blocks staff asked to override, with their permissions
 * @param patron           the borrower, null when no user has the barcode
 * @param automatedBlocks  the borrower's automated blocks that forbid borrowing
 * @param proxy            the proxy, null when none was named or none has the barcode
 * @param proxyRelations   the proxy relations between proxy and borrower (loaded only for a proxy other than the patron)
 * @param item             the item, row-locked; null when none has the barcode
 * @param itemHasOpenLoan  whether the item has an open loan (loaded once the item is found)
 * @param requestQueue     the item's open requests in queue order (loaded once the item is found)
 * @param terms            the policies the circulation rules name (loaded once the patron is found too)
 * @param openLoansOfKind  the patron's open loans of the kind the loan policy limits; null when not counted (no limit,
 *                         the rule names no kind, or check-out is refused already)
 */
record CheckOutFacts(CheckOut.Request request, Instant now, BlockOverrides overrides, PatronView patron,
                     List<AutomatedBlocks.Block> automatedBlocks, PatronView proxy, List<ObjectNode> proxyRelations,
                     ItemView item, boolean itemHasOpenLoan, List<ObjectNode> requestQueue, Terms terms,
                     Long openLoansOfKind) {

    /**
     * The loan rule's match and the policies it names.
     *
     * @param loanPolicy null when the rule names a loan policy that does not exist
     * @param found      the policies and the service point by role ("loan", "sp", "overdue", "lost", "notice"),
     *                   those that exist
     */
    record Terms(RuleMatch loanRule, LoanPolicy loanPolicy, String overdueFinePolicyId, String lostItemPolicyId,
                 Map<String, ObjectNode> found) {
    }

    /** The first facts: who borrows, through whom, and which item. */
    static CheckOutFacts borrowerAndItem(CheckOut.Request request, Instant now, BlockOverrides overrides,
                                         PatronView patron, List<AutomatedBlocks.Block> automatedBlocks,
                                         PatronView proxy, List<ObjectNode> proxyRelations, ItemView item) {
        return new CheckOutFacts(request, now, overrides, patron, automatedBlocks, proxy, proxyRelations, item, false,
                List.of(), null, null);
    }

    CheckOutFacts withItemState(boolean hasOpenLoan, List<ObjectNode> queue) {
        return new CheckOutFacts(request, now, overrides, patron, automatedBlocks, proxy, proxyRelations, item,
                hasOpenLoan, queue, terms, openLoansOfKind);
    }

    CheckOutFacts withTerms(Terms t) {
        return new CheckOutFacts(request, now, overrides, patron, automatedBlocks, proxy, proxyRelations, item,
                itemHasOpenLoan, requestQueue, t, openLoansOfKind);
    }

    CheckOutFacts withOpenLoansOfKind(Long count) {
        return new CheckOutFacts(request, now, overrides, patron, automatedBlocks, proxy, proxyRelations, item,
                itemHasOpenLoan, requestQueue, terms, count);
    }

    /** Whether the request names a proxy. */
    boolean asksForProxy() {
        return request.proxyUserBarcode() != null && !request.proxyUserBarcode().isBlank();
    }

    /** A proxy and a borrower who are two people: only then are the proxy's activity and relationship checked. */
    boolean proxiesForAnother() {
        return proxy != null && patron != null && !proxy.id().equals(patron.id());
    }

    LoanPolicy loanPolicy() {
        return terms == null ? null : terms.loanPolicy();
    }
}
