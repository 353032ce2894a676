package org.quire;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.app.SampleData;
import org.quire.platform.Json;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Records the tests create through the public API, with FOLIO's reference ids (loaded into every new tenant) and
 * FOLIO's sample location ids (created by {@link #tenant}). */
public final class Fixtures {
    public static final String BOOK = "1a54b431-2e4f-452d-9cae-9cee66c9a892";
    public static final String DVD = "5ee11d91-f7e8-481d-b079-65d708582ccc";
    public static final String CAN_CIRCULATE = "2b94c631-fca9-4892-a730-03ee529ffe27";
    public static final String READING_ROOM = "2e48e713-17f3-4c13-a9f8-23845bb210a4";
    public static final String MAIN_LIBRARY = "fcd64ce1-6995-48f0-840e-89ffa2288371";
    public static final String ONLINE = "184aae84-a5bf-4c6a-85ba-4a7c73026cd5";
    public static final String CIRC_DESK_1 = "3a40852d-49fd-4df2-a1f9-6e2641a6e91f";
    public static final String CIRC_DESK_2 = "c4c90014-c8c9-4ade-8f24-b5e313319f4b";
    public static final String TEXT_TYPE = "6312d172-f0cf-40f6-b27d-9fa8feaf332f";
    public static final String STAFF = "3684a786-6671-4268-8ed0-9db82ebca60b";
    public static final String UNDERGRAD = "bdc2b6d4-5ceb-4a12-ab46-249b9a68473e";

    private Fixtures() {
    }

    /**
     * A new tenant with FOLIO's reference data, an administrator, and FOLIO's sample locations (MAIN_LIBRARY,
     * ONLINE ...) created over HTTP as FOLIO's own test set-ups create them; returns the admin's session.
     */
    public static Api.Session tenant(String id) {
        Api.Session s = referenceOnlyTenant(id);
        for (SampleData.LocationFile f : SampleData.LOCATIONS) {
            for (ObjectNode record : f.records()) {
                Api.Reply r = s.post(f.path(), record);
                assertThat(r.status()).as(f.path() + " " + r.body()).isEqualTo(201);
            }
        }
        return s;
    }

    /** A new tenant with FOLIO's reference data only (no locations) and an administrator. */
    public static Api.Session referenceOnlyTenant(String id) {
        Api api = TestServer.api();
        Api.Reply r = TestServer.platformAdmin().post("/_/tenants", Json.object().put("id", id).put("adminUsername", id + "_admin")
                .put("adminPassword", "pw"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return api.login(id, id + "_admin", "pw");
    }

    public static String instance(Api.Session s, String title) {
        ObjectNode inst = Json.object().put("title", title).put("source", "FOLIO").put("instanceTypeId", TEXT_TYPE);
        Api.Reply r = s.post("/instance-storage/instances", inst);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    public static String holdings(Api.Session s, String instanceId, String locationId) {
        Api.Reply r = s.post("/holdings-storage/holdings", Json.object().put("instanceId", instanceId)
                .put("permanentLocationId", locationId).put("callNumber", "QA76 .Q5"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    /** An Available item with its own instance and holdings. */
    public static ObjectNode item(Api.Session s, String barcode, String materialType, String loanType, String location) {
        String h = holdings(s, instance(s, "Title of " + barcode), location);
        ObjectNode item = Json.object().put("holdingsRecordId", h).put("barcode", barcode).put("materialTypeId", materialType)
                .put("permanentLoanTypeId", loanType);
        item.putObject("status").put("name", "Available");
        Api.Reply r = s.post("/item-storage/items", item);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return (ObjectNode) r.json();
    }

    /** An Available book in an existing holdings record; its id. */
    public static String itemIn(Api.Session s, String holdingsId, String barcode) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("barcode", barcode)
                .put("materialTypeId", BOOK).put("permanentLoanTypeId", CAN_CIRCULATE);
        item.putObject("status").put("name", "Available");
        Api.Reply r = s.post("/item-storage/items", item);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    public static ObjectNode patron(Api.Session s, String barcode, String group, boolean active) {
        ObjectNode u = Json.object().put("id", UUID.randomUUID().toString()).put("username", "u" + barcode)
                .put("barcode", barcode).put("active", active).put("patronGroup", group).put("type", "patron");
        u.putObject("personal").put("lastName", "Reader").put("firstName", barcode);
        Api.Reply r = s.post("/users", u);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return (ObjectNode) r.json();
    }

    public static ObjectNode checkOut(String item, String user) {
        return Json.object().put("itemBarcode", item).put("userBarcode", user).put("servicePointId", CIRC_DESK_1);
    }

    public static ObjectNode checkIn(String item, String servicePoint) {
        return Json.object().put("itemBarcode", item).put("servicePointId", servicePoint)
                .put("checkInDate", java.time.Instant.now().toString());
    }
}
