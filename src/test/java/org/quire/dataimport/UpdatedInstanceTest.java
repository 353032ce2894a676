package org.quire.dataimport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;

class UpdatedInstanceTest {
    @Test
    void marcControlledFieldsTheNewRecordNoLongerMapsAreDroppedAndAdministrativeOnesKept() {
        ObjectNode existing = Json.object().put("id", "i1").put("hrid", "in1").put("title", "Old")
                .put("staffSuppress", true);
        existing.putObject("dates").put("date1", "1899");
        existing.putArray("editions").add("2nd ed.");
        ObjectNode mapped = Json.object().put("title", "New").put("hrid", "ignored");

        ObjectNode next = UpdatedInstance.of(existing, mapped);

        assertThat(next.path("title").asText()).isEqualTo("New");
        assertThat(next.has("dates")).isFalse(); // an 008 removed from the record takes its dates with it
        assertThat(next.has("editions")).isFalse();
        assertThat(next.path("hrid").asText()).isEqualTo("in1");
        assertThat(next.path("staffSuppress").asBoolean()).isTrue();
        assertThat(next.path("source").asText()).isEqualTo("MARC");
    }
}
