package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** RTAC over HTTP against real inventory and real check-outs: fields, periodicals, errors, XML, permissions. */
class RtacTest {
    static final String ANNEX = "53cf956f-c1df-410b-8bea-27f712cca7c0";
    static final String SECOND_FLOOR = "f34d27c6-a8eb-461b-acd6-5dea81771e70";
    static final String DI_LIBRARY = "5d78803e-ca04-4b4a-aeae-2c63b924518b";
    static final String SERIAL = "068b5344-e2a6-40df-9186-1829e13cd344";
    /** FOLIO reference cancellation reason "Patron Cancelled". */
    static final String CANCELLED_BY_PATRON = "75187e8d-e25a-47a7-89ad-23ba612338de";

    static Api.Session s;
    static String book, mainHoldings, emptyHoldings, checkedOutItem, annexItem, volumeItem;
    static String serial, journal, noHoldings;
    static Instant dueDate;

    @BeforeAll
    static void data() {
        s = Fixtures.tenant("rtac_fields");
        book = Fixtures.instance(s, "A monograph with several copies");
        ObjectNode h = Json.object().put("instanceId", book).put("permanentLocationId", Fixtures.MAIN_LIBRARY)
                .put("callNumber", "QA76 .R7").put("callNumberPrefix", "REF").put("copyNumber", "h.1");
        h.putArray("holdingsStatements").addObject().put("statement", "Complete set").put("note", "public note")
                .put("staffNote", "secret staff note");
        // FOLIO's reference holdings note type "Note" names the public note.
        h.putArray("notes").addObject().put("note", "Ask at the desk").put("staffOnly", false)
                .put("holdingsNoteTypeId", "b160f13a-ddba-4053-b9c4-60ec5ea45d56");
        ((com.fasterxml.jackson.databind.node.ArrayNode) h.get("notes")).addObject().put("note", "Staff only")
                .put("staffOnly", true);
        mainHoldings = created(s.post("/holdings-storage/holdings", h));
        emptyHoldings = Fixtures.holdings(s, book, SECOND_FLOOR);

        checkedOutItem = item(mainHoldings, "rtac-f-1", Json.object());
        annexItem = item(mainHoldings, "rtac-f-2", Json.object().put("temporaryLocationId", ANNEX)
                .put("materialTypeId", Fixtures.DVD));
        volumeItem = item(mainHoldings, "rtac-f-3", Json.object().put("enumeration", "v.2").put("chronology", "1999")
                .put("copyNumber", "c.2").put("temporaryLoanTypeId", Fixtures.READING_ROOM));

        Fixtures.patron(s, "rtac-f-u1", Fixtures.UNDERGRAD, true);
        Api.Reply out = s.post("/circulation/check-out-by-barcode", Fixtures.checkOut("rtac-f-1", "rtac-f-u1"));
        assertThat(out.status()).as(out.body()).isEqualTo(201);
        dueDate = Instant.parse(out.json().path("dueDate").asText());
        // Two patrons wait for the checked-out copy; a third request, cancelled, no longer counts.
        for (String patron : List.of("rtac-f-u2", "rtac-f-u3", "rtac-f-u4")) {
            String requester = Fixtures.patron(s, patron, Fixtures.UNDERGRAD, true).path("id").asText();
            Api.Reply hold = s.post("/circulation/requests", Json.object().put("requestType", "Hold")
                    .put("requestLevel", "Item").put("itemId", checkedOutItem).put("holdingsRecordId", mainHoldings)
                    .put("requesterId", requester).put("pickupServicePointId", Fixtures.CIRC_DESK_1)
                    .put("fulfillmentPreference", "Hold Shelf").put("requestDate", Instant.now().toString()));
            assertThat(hold.status()).as(hold.body()).isEqualTo(201);
            if (patron.equals("rtac-f-u4")) {
                ObjectNode cancelled = (ObjectNode) hold.json();
                cancelled.put("status", "Closed - Cancelled").put("cancellationReasonId", CANCELLED_BY_PATRON)
                        .put("cancelledDate", Instant.now().toString());
                Api.Reply put = s.put("/circulation/requests/" + cancelled.path("id").asText(), cancelled);
                assertThat(put.status()).as(put.body()).isEqualTo(204);
            }
        }

        serial = created(s.post("/instance-storage/instances", Json.object().put("title", "A serial").put("source", "FOLIO")
                .put("instanceTypeId", Fixtures.TEXT_TYPE).put("modeOfIssuanceId", SERIAL)));
        ObjectNode sh = Json.object().put("instanceId", serial).put("permanentLocationId", Fixtures.MAIN_LIBRARY)
                .put("callNumber", "PN4 .S1");
        sh.putArray("holdingsStatements").addObject().put("statement", "v.1 (1990)-v.30 (2020)");
        sh.putArray("holdingsStatementsForIndexes").addObject().put("statement", "Index v.1-20");
        String serialHoldings = created(s.post("/holdings-storage/holdings", sh));
        item(serialHoldings, "rtac-s-1", Json.object().put("enumeration", "v.1"));
        item(serialHoldings, "rtac-s-2", Json.object().put("enumeration", "v.2"));

        ObjectNode j = Json.object().put("title", "A journal").put("source", "FOLIO").put("instanceTypeId", Fixtures.TEXT_TYPE);
        j.putArray("natureOfContentTermIds").add(RtacStore.JOURNAL);
        journal = created(s.post("/instance-storage/instances", j));
        item(Fixtures.holdings(s, journal, Fixtures.MAIN_LIBRARY), "rtac-j-1", Json.object());

        noHoldings = Fixtures.instance(s, "Ordered, nothing on the shelf yet");
    }

    static String created(Api.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("id").asText();
    }

    static String item(String holdingsId, String barcode, ObjectNode extra) {
        ObjectNode item = Json.object().put("holdingsRecordId", holdingsId).put("barcode", barcode)
                .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE);
        item.putObject("status").put("name", "Available");
        item.setAll(extra);
        return created(s.post("/item-storage/items", item));
    }

    static JsonNode batch(boolean fullPeriodicals, String... ids) {
        ObjectNode body = Json.object().put("fullPeriodicals", fullPeriodicals);
        for (String id : ids) body.withArray("instanceIds").add(id);
        Api.Reply r = s.post("/rtac-batch", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    static JsonNode row(JsonNode holdings, String id) {
        for (JsonNode h : holdings) if (h.path("id").asText().equals(id)) return h;
        throw new AssertionError("no row " + id + " in " + holdings);
    }

    @Test
    void itemsWithLocationsLoansAndTypes_andHoldingsWithoutItems() {
        JsonNode answer = batch(false, book);
        assertThat(answer.has("errors")).isFalse();
        assertThat(answer.path("holdings")).hasSize(1);
        assertThat(answer.path("holdings").get(0).path("instanceId").asText()).isEqualTo(book);
        JsonNode rows = answer.path("holdings").get(0).path("holdings");
        assertThat(rows).hasSize(4); // three items and the holdings record without items

        JsonNode out = row(rows, checkedOutItem);
        assertThat(out.path("barcode").asText()).isEqualTo("rtac-f-1");
        assertThat(out.path("status").asText()).isEqualTo("Checked out");
        assertThat(Instant.parse(out.path("dueDate").asText())).isEqualTo(dueDate);
        assertThat(out.path("location").asText()).isEqualTo("Main Library");
        assertThat(out.path("locationCode").asText()).isEqualTo("KU/CC/DI/M");
        assertThat(out.path("locationId").asText()).isEqualTo(Fixtures.MAIN_LIBRARY);
        assertThat(out.path("callNumber").asText()).isEqualTo("REF QA76 .R7");
        assertThat(out.path("permanentLoanType").asText()).isEqualTo("Can circulate");
        assertThat(out.has("temporaryLoanType")).isFalse();
        assertThat(out.path("materialType").path("id").asText()).isEqualTo(Fixtures.BOOK);
        assertThat(out.path("materialType").path("name").asText()).isEqualTo("book");
        assertThat(out.path("library").path("id").asText()).isEqualTo(DI_LIBRARY);
        assertThat(out.path("library").path("name").asText()).isEqualTo("Datalogisk Institut");
        assertThat(out.path("library").path("code").asText()).isEqualTo("DI");
        assertThat(out.path("suppressFromDiscovery").asBoolean(true)).isFalse();
        assertThat(out.path("totalHoldRequests").asInt(-1)).isEqualTo(2);
        assertThat(out.path("holdingsCopyNumber").asText()).isEqualTo("h.1");
        assertThat(out.path("notes").findValuesAsText("note")).containsExactly("Ask at the desk");
        assertThat(out.path("notes").get(0).path("holdingsNoteTypeName").asText()).isEqualTo("Note");
        assertThat(out.path("holdingsStatements").get(0).path("statement").asText()).isEqualTo("Complete set");
        assertThat(out.path("holdingsStatements").get(0).path("note").asText()).isEqualTo("public note");
        assertThat(out.path("holdingsStatements").get(0).has("staffNote")).isFalse();

        JsonNode annex = row(rows, annexItem);
        assertThat(annex.path("status").asText()).isEqualTo("Available");
        assertThat(annex.has("dueDate")).isFalse();
        assertThat(annex.path("location").asText()).isEqualTo("Annex");
        assertThat(annex.path("locationId").asText()).isEqualTo(ANNEX);
        assertThat(annex.path("locationCode").asText()).isEqualTo("KU/CC/DI/A");
        assertThat(annex.path("materialType").path("name").asText()).isEqualTo("dvd");

        JsonNode vol = row(rows, volumeItem);
        assertThat(vol.path("volume").asText()).isEqualTo("(v.2 1999)");
        assertThat(vol.path("itemCopyNumber").asText()).isEqualTo("c.2");
        assertThat(vol.path("temporaryLoanType").asText()).isEqualTo("Reading room");

        JsonNode empty = row(rows, emptyHoldings);
        assertThat(empty.path("location").asText()).isEqualTo("SECOND FLOOR");
        assertThat(empty.path("status").asText()).isEqualTo("Multi");
        assertThat(empty.has("barcode")).isFalse();
        assertThat(empty.path("callNumber").asText()).isEqualTo("QA76 .Q5");
    }

    @Test
    void periodicals_areHoldingsRows_unlessFullPeriodicals() {
        JsonNode brief = batch(false, serial, journal).path("holdings");
        assertThat(brief).hasSize(2);
        JsonNode serialRows = brief.get(0).path("holdings");
        assertThat(serialRows).hasSize(1);
        assertThat(serialRows.get(0).path("status").asText()).isEqualTo("v.1 (1990)-v.30 (2020)");
        assertThat(serialRows.get(0).path("holdingsStatementsForIndexes").get(0).path("statement").asText())
                .isEqualTo("Index v.1-20");
        assertThat(serialRows.get(0).has("barcode")).isFalse();
        assertThat(brief.get(1).path("instanceId").asText()).isEqualTo(journal);
        assertThat(brief.get(1).path("holdings")).hasSize(1);
        assertThat(brief.get(1).path("holdings").get(0).path("status").asText()).isEqualTo("Multi");

        JsonNode full = batch(true, serial, journal).path("holdings");
        assertThat(full.get(0).path("holdings").findValuesAsText("barcode")).containsExactly("rtac-s-1", "rtac-s-2");
        assertThat(full.get(0).path("holdings").findValuesAsText("volume")).containsExactly("(v.1)", "(v.2)");
        assertThat(full.get(1).path("holdings").findValuesAsText("barcode")).containsExactly("rtac-j-1");
    }

    @Test
    void batch_reportsUnknownIdsAndInstancesWithoutHoldings_andAnswersTheRest() {
        String unknown = UUID.randomUUID().toString();
        JsonNode answer = batch(false, unknown, book, "not-a-uuid", noHoldings);
        assertThat(answer.path("holdings").findValuesAsText("instanceId")).containsExactly(book, noHoldings);
        assertThat(answer.path("holdings").get(0).path("holdings")).hasSize(4);
        assertThat(answer.path("holdings").get(1).path("holdings")).isEmpty();
        assertThat(answer.path("errors").findValuesAsText("message")).containsExactlyInAnyOrder(
                "Instance " + unknown + " can not be retrieved", "Instance not-a-uuid can not be retrieved",
                "Holdings not found for instance " + noHoldings);
        assertThat(answer.path("errors").findValuesAsText("code")).containsOnly("404");

        Api.Reply missing = s.post("/rtac-batch", Json.object().put("fullPeriodicals", true));
        assertThat(missing.status()).isEqualTo(422);
    }

    @Test
    void legacyGetById_jsonAndNotFound() {
        Api.Reply r = s.get("/rtac/" + book);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.json().path("instanceId").asText()).isEqualTo(book);
        assertThat(r.json().path("holdings")).hasSize(4);
        assertThat(s.get("/rtac/" + serial + "?fullPeriodicals=true").json().path("holdings")).hasSize(2);
        assertThat(s.get("/rtac/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(s.get("/rtac/nope").status()).isEqualTo(404);
    }

    @Test
    void edgeStyleBatch_jsonAndXml() throws Exception {
        String unknown = UUID.randomUUID().toString();
        String path = "/rtac?instanceIds=" + book + "," + serial + "," + unknown + "&fullPeriodicals=true";
        JsonNode json = s.get(path).json();
        assertThat(json.path("holdings").findValuesAsText("instanceId")).containsExactly(book, serial);
        assertThat(json.path("errors").get(0).path("message").asText()).isEqualTo("Instance " + unknown + " can not be retrieved");

        HttpResponse<String> xml = raw(path, "application/xml");
        assertThat(xml.statusCode()).isEqualTo(200);
        assertThat(xml.headers().firstValue("Content-Type").orElse("")).startsWith("application/xml");
        Element root = parse(xml.body()).getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("instances");
        List<Element> instances = children(root, "holdings");
        assertThat(instances).hasSize(2);
        assertThat(child(instances.get(0), "instanceId")).isEqualTo(book);
        List<Element> bookRows = children(instances.get(0), "holding");
        assertThat(bookRows).hasSize(4);
        Element out = bookRows.stream().filter(e -> checkedOutItem.equals(child(e, "id"))).findFirst().orElseThrow();
        assertThat(child(out, "status")).isEqualTo("Checked out");
        assertThat(Instant.parse(child(out, "dueDate"))).isEqualTo(dueDate);
        assertThat(child(children(out, "library").getFirst(), "code")).isEqualTo("DI");
        assertThat(child(children(out, "materialType").getFirst(), "name")).isEqualTo("book");
        assertThat(children(instances.get(1), "holding")).hasSize(2);
        assertThat(child(children(root, "errors").getFirst(), "message")).isEqualTo("Instance " + unknown + " can not be retrieved");

        HttpResponse<String> one = raw("/rtac/" + serial, "text/xml");
        assertThat(one.headers().firstValue("Content-Type").orElse("")).startsWith("text/xml");
        Element holdings = parse(one.body()).getDocumentElement();
        assertThat(holdings.getTagName()).isEqualTo("holdings");
        assertThat(child(holdings, "instanceId")).isEqualTo(serial);
        List<Element> serialRows = children(holdings, "holding");
        assertThat(serialRows).hasSize(1);
        assertThat(child(serialRows.getFirst(), "status")).isEqualTo("v.1 (1990)-v.30 (2020)");
        assertThat(child(children(serialRows.getFirst(), "holdingsStatements").getFirst(), "statement"))
                .isEqualTo("v.1 (1990)-v.30 (2020)");

        assertThat(raw("/rtac/" + serial, "application/json").body()).startsWith("{");
    }

    @Test
    void permissionsAreRequired() {
        String userId = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", userId).put("username", "rtac-nobody").put("active", true))
                .status()).isEqualTo(201);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", userId).put("password", "pw")).status())
                .isEqualTo(201);
        assertThat(s.post("/perms/users", Json.object().put("userId", userId).set("permissions",
                Json.array().add(RtacApi.ITEM_PERMISSION))).status()).isEqualTo(201);
        Api.Session limited = TestServer.api().login("rtac_fields", "rtac-nobody", "pw");
        assertThat(limited.get("/rtac/" + book).status()).isEqualTo(200);
        assertThat(limited.post("/rtac-batch", Json.object().set("instanceIds", Json.array().add(book))).status())
                .isEqualTo(403);
        assertThat(limited.get("/rtac?instanceIds=" + book).status()).isEqualTo(403);
        assertThat(s.api().send("GET", "/rtac/" + book, null, "rtac_fields", null).status()).isEqualTo(401);
    }

    private static HttpResponse<String> raw(String path, String accept) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://localhost:" + TestServer.get().port() + path))
                .header("X-Okapi-Tenant", s.tenant()).header("X-Okapi-Token", s.token()).header("Accept", accept)
                .GET().build();
        return HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
    }

    private static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) out.add(e);
        }
        return out;
    }

    private static String child(Element parent, String name) {
        List<Element> c = children(parent, name);
        return c.isEmpty() ? null : c.getFirst().getTextContent();
    }
}
