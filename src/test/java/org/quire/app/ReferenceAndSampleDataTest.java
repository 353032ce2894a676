package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reference data is FOLIO's reference data and nothing more: a tenant created without sample data holds FOLIO's
 * reference records with FOLIO's ids (the counts of the reference-data folders in shared/data/folio) and none of
 * FOLIO's sample records, so FOLIO's clients can create those themselves; the demo tenant has both.
 */
class ReferenceAndSampleDataTest {
    /** Endpoint → FOLIO's number of reference records (files in its module's reference-data folder). */
    static final Map<String, Integer> FOLIO_REFERENCE_COUNTS = new LinkedHashMap<>();

    static {
        FOLIO_REFERENCE_COUNTS.put("/material-types", 8);
        FOLIO_REFERENCE_COUNTS.put("/loan-types", 4);
        FOLIO_REFERENCE_COUNTS.put("/instance-types", 25);
        FOLIO_REFERENCE_COUNTS.put("/holdings-sources", 2);
        FOLIO_REFERENCE_COUNTS.put("/identifier-types", 30);
        FOLIO_REFERENCE_COUNTS.put("/contributor-name-types", 3);
        FOLIO_REFERENCE_COUNTS.put("/contributor-types", 268);
        FOLIO_REFERENCE_COUNTS.put("/call-number-types", 12);
        FOLIO_REFERENCE_COUNTS.put("/classification-types", 10);
        FOLIO_REFERENCE_COUNTS.put("/holdings-types", 5);
        FOLIO_REFERENCE_COUNTS.put("/instance-statuses", 6);
        FOLIO_REFERENCE_COUNTS.put("/modes-of-issuance", 5);
        FOLIO_REFERENCE_COUNTS.put("/service-points", 4);
        FOLIO_REFERENCE_COUNTS.put("/alternative-title-types", 13);
        FOLIO_REFERENCE_COUNTS.put("/electronic-access-relationships", 5);
        FOLIO_REFERENCE_COUNTS.put("/holdings-note-types", 7);
        FOLIO_REFERENCE_COUNTS.put("/ill-policies", 8);
        FOLIO_REFERENCE_COUNTS.put("/instance-date-types", 15);
        FOLIO_REFERENCE_COUNTS.put("/instance-formats", 57);
        FOLIO_REFERENCE_COUNTS.put("/instance-note-types", 53);
        FOLIO_REFERENCE_COUNTS.put("/instance-relationship-types", 3);
        FOLIO_REFERENCE_COUNTS.put("/item-damaged-statuses", 2);
        FOLIO_REFERENCE_COUNTS.put("/item-note-types", 7);
        FOLIO_REFERENCE_COUNTS.put("/nature-of-content-terms", 21);
        FOLIO_REFERENCE_COUNTS.put("/statistical-code-types", 4);
        FOLIO_REFERENCE_COUNTS.put("/statistical-codes", 28);
        FOLIO_REFERENCE_COUNTS.put("/subject-sources", 7);
        FOLIO_REFERENCE_COUNTS.put("/subject-types", 16);
        FOLIO_REFERENCE_COUNTS.put("/groups", 4);
        FOLIO_REFERENCE_COUNTS.put("/addresstypes", 6);
        FOLIO_REFERENCE_COUNTS.put("/loan-policy-storage/loan-policies", 2);
        FOLIO_REFERENCE_COUNTS.put("/request-policy-storage/request-policies", 2);
        FOLIO_REFERENCE_COUNTS.put("/cancellation-reason-storage/cancellation-reasons", 4);
        FOLIO_REFERENCE_COUNTS.put("/circulation-settings-storage/circulation-settings", 1);
    }

    /** FOLIO's sample records that a reference-only tenant must not hold. */
    static final List<String> SAMPLE_ENDPOINTS = List.of("/location-units/institutions", "/location-units/campuses",
            "/location-units/libraries", "/locations", "/instance-storage/instances", "/holdings-storage/holdings",
            "/item-storage/items", "/loan-storage/loans");

    static int total(Api.Session s, String path) {
        Api.Reply r = s.get(path + "?limit=0");
        assertThat(r.status()).as(path + " " + r.body()).isEqualTo(200);
        return r.json().path("totalRecords").asInt();
    }

    @Test
    void referenceOnlyTenant_holdsFolioReferenceDataWithFoliosIds_andNoSampleRecords() {
        Api.Session diku = TestServer.api().demoAdmin();
        Api.Reply created = TestServer.platformAdmin().post("/_/tenants?loadReference=true&loadSample=false", Json.object()
                .put("id", "reference_only").put("adminUsername", "ro_admin").put("adminPassword", "pw"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        Api.Session s = TestServer.api().login("reference_only", "ro_admin", "pw");

        FOLIO_REFERENCE_COUNTS.forEach((path, count) -> assertThat(total(s, path)).as(path).isEqualTo(count));
        for (String path : SAMPLE_ENDPOINTS) assertThat(total(s, path)).as(path).isZero();
        assertThat(total(s, "/users")).as("only the administrator").isEqualTo(1);

        // A few of FOLIO's ids.
        assertThat(s.get("/statistical-codes/b6b46869-f3c1-4370-b603-29774a1e42b1").json().path("code").asText())
                .isEqualTo("arch");
        assertThat(s.get("/instance-formats/0d9b1c3d-2d13-4f18-9472-cc1b91bf1752").json().path("name").asText())
                .isEqualTo("audio -- audio belt");
        assertThat(s.get("/nature-of-content-terms/96879b60-098b-453b-bf9a-c47866f1ab2a").json().path("name")
                .asText()).isEqualTo("audiobook");
        assertThat(s.get("/holdings-note-types/d6510242-5ec3-42ed-b593-3585d2e48fd6").json().path("name").asText())
                .isEqualTo("Action note");
        assertThat(s.get("/addresstypes/93d3d88d-499b-45d0-9bc7-ac73c3a19880").json().path("addressType").asText())
                .isEqualTo("Home");
        assertThat(s.get("/circulation-settings-storage/circulation-settings/00000000-0000-4000-8000-000000000001")
                .json().path("name").asText()).isEqualTo("requestAnonymization");

        // FOLIO's clients (its Karate util/initData.feature) then create FOLIO's sample location units and
        // locations, with FOLIO's ids: they succeed, and a second time they are FOLIO's duplicates.
        for (SampleData.LocationFile f : SampleData.LOCATIONS) {
            for (ObjectNode record : f.records()) {
                Api.Reply r = s.post(f.path(), record);
                assertThat(r.status()).as(f.path() + " " + r.body()).isEqualTo(201);
            }
        }
        assertThat(total(s, "/locations")).isEqualTo(6);
        ObjectNode institution = SampleData.LOCATIONS.getFirst().records().getFirst();
        Api.Reply again = s.post("/location-units/institutions", institution);
        assertThat(again.status()).isEqualTo(422);
        assertThat(again.json().path("errors").get(0).path("message").asText()).isEqualTo(
                "id value already exists in table locinstitution: " + institution.path("id").asText());
        ObjectNode sameName = institution.deepCopy();
        sameName.remove("id");
        Api.Reply named = s.post("/location-units/institutions", sameName);
        assertThat(named.status()).isEqualTo(422);
        assertThat(named.json().path("errors").get(0).path("message").asText()).isEqualTo(
                "lower(f_unaccent(jsonb ->> 'name'::text)) value already exists in table locinstitution: "
                        + institution.path("name").asText());
    }

    @Test
    void demoTenant_hasReferenceAndSampleData() {
        Api.Session diku = TestServer.api().demoAdmin();
        assertThat(total(diku, "/locations")).isEqualTo(6);
        assertThat(total(diku, "/location-units/institutions")).isEqualTo(1);
        assertThat(diku.get("/locations/" + Fixtures.MAIN_LIBRARY).json().path("name").asText())
                .isEqualTo("Main Library");
        assertThat(total(diku, "/item-storage/items")).isGreaterThanOrEqualTo(1200);
        assertThat(total(diku, "/users")).isGreaterThan(300);
        assertThat(diku.get("/loan-storage/loans", "status.name==Open").json().path("totalRecords").asInt())
                .isGreaterThanOrEqualTo(TenantInstaller.DEMO_LOANS);
        assertThat(total(diku, "/statistical-codes")).isEqualTo(28);
        // The catalogue is mapped by FOLIO's MARC-bib rules, as an import: the 008 dates are the instances' dates.
        // 1,192 of the demo's 1,200 have an 008 date 1 from 1800 to 1949 (other tests may add instances to diku).
        assertThat(diku.get("/search/instances", "normalizedDate1 >= 1800 and normalizedDate1 < 1950").json()
                .path("totalRecords").asInt()).isGreaterThanOrEqualTo(1192);
    }

    /** V20's tables, as they did not exist in a tenant created before it. */

    /**
     * The demo's instances say "source MARC", so each has its MARC: an SRS MARC bib linked as an import links it (001
     * = the instance HRID, 999 ff $i = the instance id, $s = the record's matched id), which the MARC view, data
     * export and OAI-PMH's default records source (SRS) serve.
     */
    @Test
    void demoTenant_instancesHaveTheirSrsMarcBibs() {
        Api.Session diku = TestServer.api().demoAdmin();
        String instanceId = DemoData.uuid("instance", 0);
        JsonNode instance = diku.get("/instance-storage/instances/" + instanceId).json();
        assertThat(instance.path("source").asText()).isEqualTo("MARC");
        Api.Reply bib = diku.get("/source-storage/records/" + instanceId + "/formatted?idType=INSTANCE");
        assertThat(bib.status()).as(bib.body()).isEqualTo(200);
        assertThat(bib.json().path("recordType").asText()).isEqualTo("MARC_BIB");
        assertThat(bib.json().at("/externalIdsHolder/instanceHrid").asText()).isEqualTo(instance.path("hrid").asText());
        assertThat(bib.json().at("/parsedRecord/formattedContent").asText())
                .contains("001 " + instance.path("hrid").asText() + "\n")
                .contains("999 ff$s" + bib.json().path("matchedId").asText() + "$i" + instanceId);
        assertThat(diku.get("/source-storage/source-records?instanceId=" + instanceId).json().path("totalRecords")
                .asInt()).isEqualTo(1);

        // every demo instance has one (other tests add records to diku: the demo's are counted by their snapshot)
        assertThat(diku.get("/source-storage/records?snapshotId=" + DemoData.uuid("snapshot", 0) + "&limit=0").json()
                .path("totalRecords").asInt()).isEqualTo(1200);

        String oai = diku.get("/oai/records?verb=GetRecord&metadataPrefix=marc21&identifier=oai:localhost:diku/"
                + instanceId).body();
        assertThat(oai).doesNotContain("<error").contains("<controlfield tag=\"001\">" + instance.path("hrid").asText());
    }
    static final List<String> V20_TABLES = List.of("alternative_title_type", "electronic_access_relationship",
            "holdings_note_type", "ill_policy", "instance_date_type", "instance_format", "instance_note_type",
            "instance_relationship_type", "item_damaged_status", "item_note_type", "nature_of_content_term",
            "statistical_code", "statistical_code_type", "subject_source", "subject_type", "addresstype",
            "reference_data_pending");

    /**
     * Puts a tenant's schema back to before V20, as a tenant created by an older Quire, then applies V20's script as
     * Flyway would when that tenant is upgraded. (Removing V20 from Flyway's history would not do: the later
     * migrations are applied, and Flyway refuses to apply an older one after them.)
     */
    static void asBeforeV20(String schema) {
        String v20;
        try (var in = ReferenceAndSampleDataTest.class.getResourceAsStream("/db/tenant/V20__reference_data.sql")) {
            v20 = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        TestServer.get().database().tx(c -> {
            for (String t : V20_TABLES) Sql.update(c, "DROP TABLE " + schema + "." + t + " CASCADE", List.of());
            Sql.update(c, "DELETE FROM " + schema + ".circulation_setting", List.of());
            Sql.update(c, "SET LOCAL search_path TO " + schema, List.of());
            try (var st = c.createStatement()) {
                st.execute(v20);
            }
            return null;
        });
    }

    static long count(String schema, String table) {
        return TestServer.get().database().read(c -> Sql.one(c, "SELECT count(*) FROM " + schema + "." + table,
                List.of(), rs -> rs.getLong(1)).orElseThrow());
    }

    @Test
    void existingTenantsWithReferenceData_getTheNewReferenceRecordsOnce_onStartUp() {
        Api.Session s = Fixtures.referenceOnlyTenant("ref_upgrade");
        TestServer.get().installer().install("bare_upgrade", "No reference data",
                new TenantInstaller.Options(false, false, null, null));
        asBeforeV20("tenant_ref_upgrade");
        asBeforeV20("tenant_bare_upgrade");

        startUpSteps();
        FOLIO_REFERENCE_COUNTS.forEach((path, n) -> assertThat(total(s, path)).as(path).isEqualTo(n));
        assertThat(count("tenant_ref_upgrade", "reference_data_pending")).isZero();
        // A tenant created without reference data is given none.
        assertThat(count("tenant_bare_upgrade", "statistical_code")).isZero();
        assertThat(count("tenant_bare_upgrade", "reference_data_pending")).isZero();

        // Loaded once: what the library deletes afterwards stays deleted.
        assertThat(s.delete("/statistical-codes/b6b46869-f3c1-4370-b603-29774a1e42b1").status()).isEqualTo(204);
        startUpSteps();
        assertThat(total(s, "/statistical-codes")).isEqualTo(27);
    }

    /** What QuireServer.start does for existing tenants, run against the test server. */
    static void startUpSteps() {
        TestServer.get().tenants().migrateAll();
        TestServer.get().installer().loadPendingReferenceData();
    }

    @Test
    void sampleFiles_areFoliosSampleLocations() {
        JsonNode main = SampleData.LOCATIONS.get(3).records().stream()
                .filter(l -> l.path("id").asText().equals(Fixtures.MAIN_LIBRARY)).findFirst().orElseThrow();
        assertThat(main.path("code").asText()).isEqualTo("KU/CC/DI/M");
        assertThat(SampleData.LOCATIONS.stream().mapToInt(f -> f.records().size()).sum()).isEqualTo(1 + 2 + 2 + 6);
    }
}
