package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;
import org.quire.platform.domain.Refusal;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** MarkItem's check without a database: mod-inventory's AbstractTargetItemStatusValidator source statuses. */
class MarkItemChecksTest {

    static ItemView item(String status) {
        ObjectNode item = Json.object().put("id", "2c7f2b7e-0b6b-4c38-9d2a-6f0a3c1f9a11");
        item.putObject("status").put("name", status);
        return new ItemView(item, null, null, null, null, null, null, null, null);
    }

    @Test
    void anAllowedSource_passes() {
        assertThat(MarkItem.refuseWhenStatusNotAllowed(item("Available"), MarkItem.Target.MISSING)).isEmpty();
        assertThat(MarkItem.refuseWhenStatusNotAllowed(item("Checked out"), MarkItem.Target.RESTRICTED)).isEmpty();
    }

    @Test
    void anotherSource_isRefused_withTheCurrentStatus() {
        List<Refusal> r = MarkItem.refuseWhenStatusNotAllowed(item("Checked out"), MarkItem.Target.MISSING);
        assertThat(r).containsExactly(Refusal.of("Item is not allowed to be marked as Missing", "status.name",
                "Checked out"));
        // the target itself is no source of the target
        assertThat(MarkItem.refuseWhenStatusNotAllowed(item("Withdrawn"), MarkItem.Target.WITHDRAWN)).hasSize(1);
        // a status FOLIO does not have is refused, not a failure
        assertThat(MarkItem.refuseWhenStatusNotAllowed(item("Lent to the moon"), MarkItem.Target.UNKNOWN))
                .extracting(Refusal::parameters).containsExactly(List.of(new Refusal.Parameter("status.name",
                        "Lent to the moon")));
    }

    @Test
    void itemView_hasStatus() {
        assertThat(item("Paged").hasStatus(ItemStatus.PAGED)).isTrue();
        assertThat(item("Paged").hasStatus(ItemStatus.AVAILABLE)).isFalse();
        assertThat(item("Paged").itemStatus()).contains(ItemStatus.PAGED);
        assertThat(item("nope").itemStatus()).isEmpty();
    }
}
