package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.blocks.AutomatedBlocks;
import org.quire.inventory.ItemView;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.List;

/**
 * What a renewal decides on, loaded before its checks run (see {@link RenewalChecks}): the user as the request named
 * them, the item, the patron and their open loan, the override asked for, the patron's automated blocks (none loaded
 * when a patron block override sets them aside), the loan policy the rules choose with its hold terms, and the item's
 * request queue.
 */
record RenewalFacts(Renewal.Ref user, ItemView item, PatronView patron, LoanView loan, RenewalOverride override,
                    List<AutomatedBlocks.Block> automatedBlocks, LoanPolicy policy, HoldTerms holds,
                    List<ObjectNode> queue, Instant now) {

    int renewalCount() {
        return loan.renewalCount();
    }

    Instant currentDueDate() {
        return loan.dueDate();
    }

    /** Whether a limited policy's renewals are used up (only asked of a loanable, renewable policy). */
    boolean renewalLimitReached() {
        return !policy.unlimitedRenewals() && renewalCount() >= policy.renewalsAllowed();
    }
}
