package org.quire.platform.records;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;
import org.quire.circulation.CirculationTypes;
import org.quire.inventory.InventoryTypes;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** One statement for many lookups, each distinct lookup once however often it is asked for. */
class MultiGetTest {
    static final UUID EXAMPLE_LOAN_POLICY = UUID.fromString("d9cd0bed-1b49-4b5e-a7bd-064b8d177231");
    static final UUID CIRC_DESK_1 = UUID.fromString("3a40852d-49fd-4df2-a1f9-6e2641a6e91f");

    @Test
    void aRecordAskedForManyTimesIsLookedUpOnce_andFound() {
        MultiGet get = new MultiGet();
        for (int i = 0; i < 200; i++) {
            get.addAll(CirculationTypes.LOAN_POLICIES, List.of(EXAMPLE_LOAN_POLICY));
            get.addAll(InventoryTypes.SERVICE_POINTS, List.of(CIRC_DESK_1));
        }
        get.add("policy", CirculationTypes.LOAN_POLICIES, EXAMPLE_LOAN_POLICY);
        assertThat(get.size()).isEqualTo(3);

        var found = TestServer.get().database().read(c -> get.fetch(c, "tenant_diku"));
        assertThat(found).containsOnlyKeys(EXAMPLE_LOAN_POLICY.toString(), CIRC_DESK_1.toString(), "policy");
        assertThat(found.get("policy").path("name").asText()).isEqualTo("Example Loan Policy");
    }
}
