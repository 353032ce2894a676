package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.TestServer;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Okapi's discovery as stripes-core's discoverServices.js calls it at session start. */
class OkapiDiscoveryTest {
    final Api api = TestServer.api();

    @Test
    void version_isText() {
        Api.Reply r = api.send("GET", "/_/version", null, "diku", null);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("content-type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
        assertThat(r.body()).isEqualTo(OkapiDiscovery.VERSION);
    }

    @Test
    void modules_provideTheInterfacesTheStaffAppsDeclare() {
        Api.Reply r = api.send("GET", "/_/proxy/tenants/diku/modules?full=true", null, "diku", null);
        assertThat(r.status()).isEqualTo(200);
        JsonNode list = r.json();
        assertThat(list.isArray()).isTrue();
        // stripes-core's DISCOVERY_INTERFACES: every provides[] entry, id → version
        Map<String, String> interfaces = new HashMap<>();
        for (JsonNode m : list) {
            assertThat(m.path("id").asText()).startsWith("quire-");
            assertThat(m.path("name").asText()).isNotEmpty();
            m.path("provides").forEach(p -> interfaces.put(p.path("id").asText(), p.path("version").asText()));
        }
        // isVersionCompatible(got, wanted) as stripes-core: same major, minor at least the wanted one.
        Map<String, String> wanted = Map.of("users", "16.1", "users-bl", "6.1", "login", "7.3", "permissions", "5.7",
                "circulation", "14.0", "inventory", "14.0", "feesfines", "19.0", "configuration", "2.0",
                "service-points", "3.0", "service-points-users", "1.0");
        // ui-inventory 14's required catalogue interfaces, and what ui-tags, ui-data-import and ui-quick-marc declare
        Map<String, String> catalogue = Map.ofEntries(Map.entry("search-inventory", "1.0"),
                Map.entry("search-facets", "1.0"), Map.entry("browse-inventory", "1.0"),
                Map.entry("resource-ids-streaming", "1.0"), Map.entry("source-storage-records", "3.3"),
                Map.entry("tags", "1.0"), Map.entry("data-import", "3.0"),
                Map.entry("source-manager-job-executions", "3.0"), Map.entry("data-import-converter-storage", "1.2"),
                Map.entry("data-export", "5.0"), Map.entry("search", "1.2"), Map.entry("authority-source-files", "2.0"),
                Map.entry("instance-authority-links", "2.1"));
        wanted = new HashMap<>(wanted);
        wanted.putAll(catalogue);
        wanted.forEach((id, version) -> {
            assertThat(interfaces).containsKey(id);
            String[] got = interfaces.get(id).split("\\.");
            String[] want = version.split("\\.");
            assertThat(got[0]).as(id).isEqualTo(want[0]);
            assertThat(Integer.parseInt(got[1])).as(id).isGreaterThanOrEqualTo(Integer.parseInt(want[1]));
        });
        // Not served: ui-inventory switches its consortium facets and order actions on by these.
        assertThat(interfaces).doesNotContainKeys("consortia", "consortium-search", "orders", "staging-users");

        JsonNode brief = api.send("GET", "/_/proxy/tenants/diku/modules", null, "diku", null).json();
        assertThat(brief.get(0).has("provides")).isFalse();
        assertThat(brief.size()).isEqualTo(list.size());
    }

    @Test
    void unknownTenant_is404() {
        assertThat(api.send("GET", "/_/proxy/tenants/nosuch/modules?full=true", null, "diku", null).status())
                .isEqualTo(404);
        assertThat(api.send("GET", "/_/proxy/tenants/Bad-Id!/modules", null, null, null).status()).isEqualTo(404);
    }
}
