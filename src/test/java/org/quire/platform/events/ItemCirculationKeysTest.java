package org.quire.platform.events;

import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.platform.events.ItemCirculationKeys.onlyTheyChanged;

class ItemCirculationKeysTest {
    private static ObjectNode item() {
        ObjectNode item = Json.object().put("id", "i-1").put("barcode", "a-1").put("holdingsRecordId", "h-1");
        item.putObject("status").put("name", "Available");
        item.putObject("metadata").put("createdDate", "2026-01-01T10:00:00.000+00:00")
                .put("updatedDate", "2026-01-01T10:00:00.000+00:00");
        return item;
    }

    private static ObjectNode checkedOut(ObjectNode item) {
        ObjectNode out = item.deepCopy();
        out.putObject("status").put("name", "Checked out");
        out.putObject("lastCheckIn").put("dateTime", "2026-02-02T09:00:00.000+00:00");
        ((ObjectNode) out.get("metadata")).put("updatedDate", "2026-02-02T09:00:00.000+00:00")
                .put("updatedByUserId", "u-1");
        out.put("_version", 7);
        return out;
    }

    @Test
    void circulationsKeysAlone_areSuchAChange_addedChangedOrRemoved() {
        ObjectNode a = item();
        ObjectNode out = checkedOut(a);
        assertThat(onlyTheyChanged(a, out)).isTrue();
        assertThat(onlyTheyChanged(out, a)).as("keys removed, as a check-in may").isTrue();
        assertThat(onlyTheyChanged(a, a.deepCopy())).as("nothing changed").isTrue();
    }

    @Test
    void anyOtherKey_makesItAnotherChange() {
        ObjectNode a = item();
        ObjectNode out = checkedOut(a);
        assertThat(onlyTheyChanged(a, out.deepCopy().put("barcode", "a-2"))).as("a key changed").isFalse();
        assertThat(onlyTheyChanged(a, out.deepCopy().put("copyNumber", "2"))).as("a key added").isFalse();
        ObjectNode withoutBarcode = out.deepCopy();
        withoutBarcode.remove("barcode");
        assertThat(onlyTheyChanged(a, withoutBarcode)).as("a key removed").isFalse();
        assertThat(onlyTheyChanged(withoutBarcode, a)).as("a key added back").isFalse();
        ObjectNode created = out.deepCopy();
        ((ObjectNode) created.get("metadata")).put("createdDate", "2025-01-01T00:00:00.000+00:00");
        assertThat(onlyTheyChanged(a, created)).as("metadata's other keys count").isFalse();
        ObjectNode noMetadata = out.deepCopy();
        noMetadata.remove("metadata");
        assertThat(onlyTheyChanged(a, noMetadata)).as("metadata removed").isFalse();
    }

    @Test
    void createdOrDeletedItems_areNotSuchAChange() {
        assertThat(onlyTheyChanged(MissingNode.getInstance(), item())).as("a new item").isFalse();
        assertThat(onlyTheyChanged(item(), MissingNode.getInstance())).as("a deleted one").isFalse();
    }
}
