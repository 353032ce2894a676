package org.quire.circulation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.domain.Check;
import org.quire.platform.domain.Refusal;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Check-in's checks and loan action over hand-built facts, without a database. */
class CheckInChecksTest {
    static final UUID SP = UUID.randomUUID();

    static CheckIn.CheckInFacts facts(String itemStatus, String resolution) {
        return facts(itemStatus, resolution, Json.object().put("id", SP.toString()));
    }

    static CheckIn.CheckInFacts facts(String itemStatus, String resolution, ObjectNode servicePoint) {
        ItemView item = null;
        if (itemStatus != null) {
            ObjectNode i = Json.object().put("id", UUID.randomUUID().toString()).put("barcode", "ci-1");
            i.putObject("status").put("name", itemStatus);
            item = new ItemView(i, Json.object(), Json.object(), null, null, null, null, null, null);
        }
        return new CheckIn.CheckInFacts(new CheckIn.Request("ci-1", SP, Instant.now(), resolution, "s", null), item,
                null, List.of(), servicePoint);
    }

    static void assertRefusal(List<Refusal> refusals, String code, String message, String key, String value) {
        assertThat(refusals).hasSize(1);
        assertThat(refusals.getFirst().code()).isEqualTo(code);
        assertThat(refusals.getFirst().message()).isEqualTo(message);
        assertThat(refusals.getFirst().parameters()).containsExactly(new Refusal.Parameter(key, value));
    }

    @Test
    void anOrdinaryItem_passes_andItsLoanIsCheckedIn() {
        assertThat(Check.all(facts("Checked out", null), CheckIn.ITEM)).isEmpty();
        assertThat(CheckIn.loanAction(facts("Checked out", "Found by library"))).isEqualTo(LoanAction.CHECKED_IN);
    }

    @Test
    void itemNotFound() {
        assertRefusal(CheckIn.refuseWhenItemNotFound(facts(null, null)), "ITEM_BARCODE_NOT_FOUND",
                "No item with barcode ci-1 exists", "itemBarcode", "ci-1");
        // The resolution checks need an item: only the one refusal.
        assertThat(Check.all(facts(null, null), CheckIn.ITEM)).hasSize(1);
    }

    @Test
    void claimedReturned_needsAResolution() {
        assertRefusal(CheckIn.refuseWhenClaimedReturnedWithoutResolution(facts("Claimed returned", null)),
                "CLAIMED_RETURNED_RESOLUTION_REQUIRED", "Item is claimed returned, a resolution is required to check in",
                "itemBarcode", "ci-1");
        assertThat(CheckIn.refuseWhenClaimedReturnedWithoutResolution(facts("Claimed returned", "Returned by patron")))
                .isEmpty();
    }

    @Test
    void claimedReturned_resolutionMustBeOneOfFolios() {
        assertRefusal(CheckIn.refuseWhenResolutionUnknown(facts("Claimed returned", "Lost in the post")), null,
                "Claimed returned resolution must be \"Found by library\" or \"Returned by patron\"",
                "claimedReturnedResolution", "Lost in the post");
        assertThat(CheckIn.refuseWhenResolutionUnknown(facts("Claimed returned", "Found by library"))).isEmpty();
        // Only a claimed returned item's resolution is judged.
        assertThat(CheckIn.refuseWhenResolutionUnknown(facts("Checked out", "Lost in the post"))).isEmpty();
    }

    @Test
    void claimedReturned_loanActionFollowsTheResolution() {
        assertThat(CheckIn.loanAction(facts("Claimed returned", "Found by library")))
                .isEqualTo(LoanAction.CHECKED_IN_FOUND_BY_LIBRARY);
        assertThat(CheckIn.loanAction(facts("Claimed returned", "Returned by patron")))
                .isEqualTo(LoanAction.CHECKED_IN_RETURNED_BY_PATRON);
    }

    @Test
    void servicePointNotFound() {
        assertThat(CheckIn.refuseWhenServicePointNotFound(facts("Checked out", null))).isEmpty();
        assertRefusal(CheckIn.refuseWhenServicePointNotFound(facts("Checked out", null, null)), "SERVICE_POINT_NOT_FOUND",
                "Service point " + SP + " does not exist", "servicePointId", SP.toString());
    }
}
