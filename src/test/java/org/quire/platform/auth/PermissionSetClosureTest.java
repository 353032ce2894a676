package org.quire.platform.auth;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The transitive expansion of permission sets, and the shipped sets' integrity. */
class PermissionSetClosureTest {
    static PermissionSets.PermissionSet set(String name, String... subs) {
        return new PermissionSets.PermissionSet(name, name, List.of(subs), true);
    }

    @Test
    void setsExpandTransitively_inFirstSeenOrder_andCyclesEnd() {
        PermissionSets sets = new PermissionSets(List.of(set("a", "b", "x"), set("b", "c", "a"), set("c", "y", "b")));
        assertThat(sets.grantedBy("a")).containsExactly("b", "c", "y", "x");
        assertThat(sets.expand(List.of("z", "b"))).containsExactly("z", "b", "c", "y", "a", "x");
        assertThat(sets.grantedBy("y")).isEmpty();
        assertThat(sets.parentsOf("b")).containsExactly("a", "c");
    }

    @Test
    void theShippedSets_load_andDeclareTheAppsModulePermissions() {
        PermissionSets sets = PermissionSets.load();
        assertThat(sets.names()).contains("settings.enabled", "module.checkout.enabled", "module.checkin.enabled",
                "module.users.enabled", "module.inventory.enabled", "module.requests.enabled", "ui-checkin.all",
                "ui-users.view", "ui-users.edit", "ui-inventory.instance.view", "ui-requests.view",
                "settings.circulation.enabled");
        assertThat(sets.grantedBy("ui-users.edit")).contains("ui-users.view", "module.users.enabled",
                "users.collection.get");
        assertThat(sets.grantedBy("ui-inventory.item.delete")).contains("ui-inventory.instance.view",
                "module.inventory.enabled", "inventory.items.item.delete");
        assertThat(sets.get("module.checkout.enabled").orElseThrow().visible()).isFalse();
    }
}
