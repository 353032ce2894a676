package org.quire.circulation;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;
import org.quire.app.TenantInstaller;
import org.quire.platform.domain.Refused;
import org.quire.platform.tenancy.Tenants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CirculationRulesStoreTest {

    @Test
    void aTenantWithoutRules_getsA422_notA500() {
        TestServer.get().installer().install("no_rules", "No rules", new TenantInstaller.Options(false, false, null, null));
        CirculationRulesStore store = new CirculationRulesStore();
        String schema = Tenants.schema("no_rules");
        assertThatThrownBy(() -> TestServer.get().database().read(c -> store.rules(c, schema)))
                .isInstanceOfSatisfying(Refused.class, e -> {
                    assertThat(e.refusals().getFirst().code()).isEqualTo("CIRCULATION_RULES_INVALID");
                    assertThat(e.getMessage()).startsWith("The circulation rules of this tenant are missing or invalid");
                });
    }
}
