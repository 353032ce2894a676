package org.quire.oaipmh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OAI-PMH's records source (mod-oai-pmh behavior.recordsSource) over HTTP: SRS-backed instances and instances without
 * SRS (MARC generated from the instance) partitioned exactly once under each value, every verb and format over the
 * generated records, tombstones of deleted instances without SRS, malformed settings refused; and the re-dating of
 * marc21_withholdings records by holdings and item changes (create, update, delete), also between the pages of a
 * harvest, while marc21 keeps the MARC record's date.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OaiRecordsSourceTest {
    static final String TENANT = "oai_recsrc";
    static final int PAGE = 3;
    static final Pattern TOKEN = Pattern.compile("cursor=\"(.*)\">(.*)</resumptionToken>");
    static Api.Session s;
    /** instance id → title, with and without an SRS MARC bib */
    static final Map<String, String> marcBacked = new LinkedHashMap<>(), inventoryOnly = new LinkedHashMap<>();
    static String behaviorId, withItem, withItemHoldings, itemId;

    @BeforeAll
    static void setUp() throws Exception {
        s = Fixtures.tenant(TENANT);
        assertThat(s.post("/configurations/entries", Json.object().put("module", "OAIPMH").put("configName", "technical")
                .put("enabled", true).put("value", "{\"maxRecordsPerResponse\":\"" + PAGE + "\"}")).status()).isEqualTo(201);
        Path p = Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc/bib/folio-data-import-100.mrc");
        List<Record> bibs;
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(p)) {
            bibs = entries.filter(e -> !e.isError()).limit(4).map(MarcRecordOrError::record).toList();
        }
        String snapshot = UUID.randomUUID().toString();
        assertThat(s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", snapshot)
                .put("status", "PARSING_IN_PROGRESS")).status()).isEqualTo(201);
        for (Record marc : bibs) {
            DataField f245 = (DataField) marc.getVariableField("245");
            String title = f245.getSubfield('a').getData();
            String instanceId = Fixtures.instance(s, title);
            String id = UUID.randomUUID().toString();
            ObjectNode j = Json.object().put("id", id).put("matchedId", id).put("snapshotId", snapshot)
                    .put("recordType", "MARC_BIB").put("generation", 0);
            j.putObject("rawRecord").put("content", MarcRecords.toIso2709(marc));
            j.putObject("parsedRecord").set("content", MarcRecords.toMarcJson(marc));
            j.putObject("externalIdsHolder").put("instanceId", instanceId);
            assertThat(s.post("/source-storage/records", j).status()).isEqualTo(201);
            marcBacked.put(instanceId, title);
        }
        for (int i = 1; i <= 5; i++) {
            String title = "Catalogued in Quire " + i;
            inventoryOnly.put(Fixtures.instance(s, title), title);
        }
        withItem = inventoryOnly.keySet().iterator().next();
        withItemHoldings = Fixtures.holdings(s, withItem, Fixtures.MAIN_LIBRARY);
        itemId = item(withItemHoldings, "recsrc-1");
    }

    static String item(String holdingsId, String barcode) {
        return Fixtures.itemIn(s, holdingsId, barcode);
    }

    /** FOLIO's behavior entry with this recordsSource; then past OaiPmh's 5 s settings cache. */
    static void recordsSource(String value) throws Exception {
        ObjectNode entry = Json.object().put("module", "OAIPMH").put("configName", "behavior").put("enabled", true)
                .put("value", Json.object().put("deletedRecordsSupport", "persistent")
                        .put("suppressedRecordsProcessing", "false").put("errorsProcessing", "500")
                        .put("recordsSource", value).toString());
        if (behaviorId == null) {
            Api.Reply r = s.post("/configurations/entries", entry);
            assertThat(r.status()).as(r.body()).isEqualTo(201);
            behaviorId = r.json().path("id").asText();
        } else {
            Api.Reply r = s.put("/configurations/entries/" + behaviorId, entry.put("id", behaviorId));
            assertThat(r.status()).as(r.body()).isEqualTo(204);
        }
        Thread.sleep(5_200);
    }

    static Api.Reply oai(String query) {
        Api.Reply r = s.get("/oai/records?" + query);
        assertThat(r.status()).as(query + " → " + r.body()).isLessThan(500);
        return r;
    }

    static Document xml(String body) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    }

    static List<String> texts(Document d, String local) {
        NodeList n = d.getElementsByTagNameNS("*", local);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n.getLength(); i++) out.add(n.item(i).getTextContent());
        return out;
    }

    static String identifier(String instanceId) {
        return URLEncoder.encode("oai:localhost:" + TENANT + "/" + instanceId, StandardCharsets.UTF_8);
    }

    record Harvest(List<String> ids, List<String> deleted, String firstResponseDate, List<String> bodies) {
    }

    /** A list followed through its tokens (PTF's regex): the identifiers in order, deleted ones also apart. */
    static Harvest harvest(String firstQuery, Runnable afterFirstPage) throws Exception {
        List<String> ids = new ArrayList<>(), deleted = new ArrayList<>(), bodies = new ArrayList<>();
        Api.Reply r = oai(firstQuery);
        if (r.status() == 404 && r.body().contains("noRecordsMatch")) return new Harvest(ids, deleted, null, bodies);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        String first = texts(xml(r.body()), "responseDate").getFirst();
        int pages = 0;
        while (true) {
            pages++;
            bodies.add(r.body());
            Document d = xml(r.body());
            NodeList headers = d.getElementsByTagNameNS("*", "header");
            for (int i = 0; i < headers.getLength(); i++) {
                Element h = (Element) headers.item(i);
                String id = h.getElementsByTagNameNS("*", "identifier").item(0).getTextContent();
                id = id.substring(id.lastIndexOf('/') + 1);
                ids.add(id);
                if ("deleted".equals(h.getAttribute("status"))) deleted.add(id);
            }
            if (pages == 1 && afterFirstPage != null) afterFirstPage.run();
            Matcher m = TOKEN.matcher(r.body());
            if (!m.find() || m.group(2).isEmpty()) break;
            String verb = firstQuery.contains("ListIdentifiers") ? "ListIdentifiers" : "ListRecords";
            r = oai("verb=" + verb + "&resumptionToken=" + m.group(2));
            assertThat(r.status()).as(r.body()).isEqualTo(200);
        }
        return new Harvest(ids, deleted, first, bodies);
    }

    static Set<String> all() {
        Set<String> out = new HashSet<>(marcBacked.keySet());
        out.addAll(inventoryOnly.keySet());
        return out;
    }

    @Test
    @Order(1)
    void sourceRecordStorageByDefaultHarvestsOnlyInstancesWithSrs() throws Exception {
        for (String prefix : List.of("marc21", "oai_dc", "marc21_withholdings")) {
            Harvest h = harvest("verb=ListIdentifiers&metadataPrefix=" + prefix, null);
            assertThat(h.ids()).as(prefix).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(marcBacked.keySet());
        }
        Api.Reply r = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + identifier(withItem));
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.body()).contains("idDoesNotExist");
    }

    @Test
    @Order(2)
    void malformedSettingsAreRefusedWithAMessage() throws Exception {
        ObjectNode bad = Json.object().put("module", "OAIPMH").put("configName", "behavior").put("enabled", true)
                .put("value", "{\"recordsSource\":\"Everything\"}");
        Api.Reply r = s.post("/configurations/entries", bad);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("OAI-PMH setting 'recordsSource' must be 'Source record storage', 'Inventory' or"
                + " 'Source record storage and Inventory', was \"Everything\"");
        r = s.post("/configurations/entries", bad.put("value", "{\"recordsSource\":[\"Inventory\"]}"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("'recordsSource' must be");
        r = s.post("/configurations/entries", bad.put("value", "{\"deletedRecordsSupport\":\"sometimes\"}"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("'deletedRecordsSupport' must be 'persistent', 'transient' or 'no', was \"sometimes\"");
        r = s.post("/configurations/entries", bad.put("value", "not json {"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).isEqualTo("OAI-PMH configuration 'behavior': value must be a JSON object in a string, was"
                + " \"not json {\"");
        r = s.post("/configurations/entries", bad.put("configName", "technical").put("value", "{\"maxRecordsPerResponse\":\"lots\"}"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("'maxRecordsPerResponse' must be a positive whole number, was \"lots\"");
        // other modules' entries are not OAI-PMH's business
        assertThat(s.post("/configurations/entries", Json.object().put("module", "OTHER").put("configName", "behavior")
                .put("value", "not json {")).status()).isEqualTo(201);
        // FOLIO's UI label for the combined source is accepted too; an update is checked as a create is
        recordsSource("Source records storage and Inventory");
        ObjectNode entry = s.get("/configurations/entries/" + behaviorId).json().deepCopy();
        r = s.put("/configurations/entries/" + behaviorId, entry.put("value", "{\"recordsSource\":\"SRS\"}"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("'recordsSource' must be");
    }

    @Test
    @Order(3)
    void inventoryHarvestsInstancesWithoutSrsWithGeneratedMarc() throws Exception {
        recordsSource("Inventory");
        Harvest h = harvest("verb=ListRecords&metadataPrefix=marc21", null);
        assertThat(h.ids()).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(inventoryOnly.keySet());
        Document first = xml(String.join("", h.bodies().subList(0, 1)));
        assertThat(texts(first, "leader")).hasSize(PAGE).allSatisfy(l -> assertThat(l.substring(17, 20)).isEqualTo("3c "));
        List<String> titles = new ArrayList<>();
        for (String body : h.bodies()) {
            Document d = xml(body);
            NodeList fields = d.getElementsByTagNameNS("http://www.loc.gov/MARC21/slim", "datafield");
            for (int i = 0; i < fields.getLength(); i++) {
                Element f = (Element) fields.item(i);
                if (f.getAttribute("tag").equals("245")) titles.add(f.getTextContent());
            }
        }
        assertThat(titles).containsExactlyInAnyOrderElementsOf(inventoryOnly.values());

        // GetRecord in each format; an SRS-backed instance is not in this source
        Api.Reply r = oai("verb=GetRecord&metadataPrefix=marc21_withholdings&identifier=" + identifier(withItem));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        Document d = xml(r.body());
        Element f952 = null;
        NodeList fields = d.getElementsByTagNameNS("http://www.loc.gov/MARC21/slim", "datafield");
        for (int i = 0; i < fields.getLength(); i++) {
            Element f = (Element) fields.item(i);
            if (f.getAttribute("tag").equals("952")) f952 = f;
        }
        assertThat(f952).as("the item's 952 on the generated record").isNotNull();
        assertThat(f952.getTextContent()).contains("recsrc-1");
        assertThat(r.body()).contains("<subfield code=\"i\">" + withItem + "</subfield>");
        r = oai("verb=GetRecord&metadataPrefix=oai_dc&identifier=" + identifier(withItem));
        assertThat(texts(xml(r.body()), "title")).containsExactly(inventoryOnly.get(withItem));
        r = oai("verb=ListMetadataFormats&identifier=" + identifier(withItem));
        assertThat(r.status()).isEqualTo(200);
        r = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + identifier(marcBacked.keySet().iterator().next()));
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.body()).contains("idDoesNotExist");
        Harvest withHoldings = harvest("verb=ListIdentifiers&metadataPrefix=marc21_withholdings", null);
        assertThat(withHoldings.ids()).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(inventoryOnly.keySet());
    }

    @Test
    @Order(4)
    void bothSourcesHarvestEveryInstanceExactlyOnceAcrossPages() throws Exception {
        recordsSource("Source record storage and Inventory");
        for (String prefix : List.of("marc21", "oai_dc", "marc21_withholdings")) {
            Harvest h = harvest("verb=ListRecords&metadataPrefix=" + prefix, null);
            assertThat(h.ids()).as(prefix).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(all());
            assertThat(h.bodies()).as(prefix + ": pages of " + PAGE).hasSize(3);
            assertThat(h.bodies().getFirst()).contains("completeListSize=\"9\"");
        }
        Harvest ids = harvest("verb=ListIdentifiers&metadataPrefix=marc21", null);
        assertThat(ids.ids()).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(all());
        // the SRS record when there is one: its own 245, not a generated one
        String srsBacked = marcBacked.keySet().iterator().next();
        Api.Reply r = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + identifier(srsBacked));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).contains(marcBacked.get(srsBacked).replace("&", "&amp;")).doesNotContain("3c a");
        assertThat(texts(xml(oai("verb=Identify").body()), "earliestDatestamp")).hasSize(1);
    }

    @Test
    @Order(5)
    void holdingsAndItemChangesReDateMarc21WithHoldingsOnly() throws Exception {
        recordsSource("Source record storage and Inventory");
        Thread.sleep(1_100); // every record older than the first harvest's second
        Harvest before = harvest("verb=ListIdentifiers&metadataPrefix=marc21_withholdings", null);
        assertThat(before.ids()).hasSize(9);
        String from = before.firstResponseDate();
        Thread.sleep(1_100);
        List<String> srs = new ArrayList<>(marcBacked.keySet());
        List<String> inv = new ArrayList<>(inventoryOnly.keySet());
        // created: a holdings record on an SRS-backed instance; an item on an instance without SRS
        String newHoldings = Fixtures.holdings(s, srs.get(1), Fixtures.MAIN_LIBRARY);
        String invHoldings = Fixtures.holdings(s, inv.get(1), Fixtures.MAIN_LIBRARY);
        // updated: the item of the first instance without SRS; deleted: that new holdings record's item
        ObjectNode it = s.get("/item-storage/items/" + itemId).json().deepCopy();
        assertThat(s.put("/item-storage/items/" + itemId, it.put("volume", "v.2")).status()).isEqualTo(204);
        String doomed = item(newHoldings, "recsrc-doomed");
        Thread.sleep(1_100);
        // the item's change re-dates its instance through the outbox (OaiItemDates), within a moment
        Harvest mid = awaitHarvest("verb=ListIdentifiers&metadataPrefix=marc21_withholdings&from=" + from, 3);
        assertThat(mid.ids()).doesNotHaveDuplicates().containsExactlyInAnyOrder(srs.get(1), inv.get(1), withItem);
        // the asynchronous re-dating may fall in the second of the last harvest's response: start the next one a
        // whole second after it
        Thread.sleep(1_100);
        String from2 = OaiPmh.SECONDS.format(Instant.now());
        Thread.sleep(1_100);
        assertThat(s.delete("/item-storage/items/" + doomed).status()).isEqualTo(204);
        assertThat(s.delete("/holdings-storage/holdings/" + invHoldings).status()).isEqualTo(204);
        Harvest after = awaitHarvest("verb=ListIdentifiers&metadataPrefix=marc21_withholdings&from=" + from2, 2);
        assertThat(after.ids()).as("deletions re-date too").doesNotHaveDuplicates()
                .containsExactlyInAnyOrder(srs.get(1), inv.get(1));
        // the new datestamp is in the header, and the record shows the change
        Api.Reply r = oai("verb=GetRecord&metadataPrefix=marc21_withholdings&identifier=" + identifier(withItem));
        String datestamp = texts(xml(r.body()), "datestamp").getFirst();
        assertThat(Instant.parse(datestamp)).isAfterOrEqualTo(Instant.parse(from));
        assertThat(r.body()).contains("<subfield code=\"j\">v.2</subfield>");
        // marc21 and oai_dc keep the MARC record's (or instance's) date: nothing changed for them (FOLIO's SRS and
        // instance updated dates)
        for (String prefix : List.of("marc21", "oai_dc")) {
            Api.Reply none = oai("verb=ListIdentifiers&metadataPrefix=" + prefix + "&from=" + from);
            assertThat(none.status()).as(prefix + " " + none.body()).isEqualTo(404);
            assertThat(none.body()).contains("noRecordsMatch");
        }
    }

    /** Harvests until it returns {@code n} records, for at most five seconds (item changes re-date asynchronously). */
    static Harvest awaitHarvest(String query, int n) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        Harvest h = harvest(query, null);
        while (h.ids().size() < n && System.nanoTime() < deadline) {
            Thread.sleep(100);
            h = harvest(query, null);
        }
        return h;
    }

    @Test
    @Order(6)
    void harvestWithHoldingsAndItemEditsBetweenPagesMissesNothingAndDuplicatesNothing() throws Exception {
        recordsSource("Source record storage and Inventory");
        Thread.sleep(1_100);
        List<String> sent = new ArrayList<>();
        List<String> edited = new ArrayList<>();
        Harvest h = harvest("verb=ListIdentifiers&metadataPrefix=marc21_withholdings", () -> {
            try {
                // after the first page: one instance already sent and one not yet sent get a new item / holdings
                Document d = xml(oai("verb=ListIdentifiers&metadataPrefix=marc21_withholdings").body());
                for (String id : texts(d, "identifier")) sent.add(id.substring(id.lastIndexOf('/') + 1));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            String early = sent.getFirst();
            String late = all().stream().filter(id -> !sent.contains(id)).findFirst().orElseThrow();
            item(Fixtures.holdings(s, early, Fixtures.MAIN_LIBRARY), "recsrc-early");
            Fixtures.holdings(s, late, Fixtures.MAIN_LIBRARY);
            edited.add(early);
            edited.add(late);
        });
        assertThat(h.ids()).as("no record twice in one harvest").doesNotHaveDuplicates();
        Set<String> untouched = all();
        edited.forEach(untouched::remove);
        assertThat(h.ids()).as("every record not changed during the harvest").containsAll(untouched);
        assertThat(h.ids()).as("changed before it was sent: left for the next harvest").doesNotContain(edited.get(1));
        Harvest next = harvest("verb=ListIdentifiers&metadataPrefix=marc21_withholdings&from=" + h.firstResponseDate(), null);
        assertThat(next.ids()).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(edited);
        Set<String> union = new HashSet<>(h.ids());
        union.addAll(next.ids());
        assertThat(union).isEqualTo(all());
    }

    @Test
    @Order(7)
    void anEditedInstanceWithoutSrsIsReDatedAndADeletedOneIsATombstone() throws Exception {
        recordsSource("Inventory");
        String gone = Fixtures.instance(s, "Catalogued then withdrawn");
        Thread.sleep(1_100);
        String from = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        assertThat(s.delete("/instance-storage/instances/" + gone).status()).isEqualTo(204);
        String edited = new ArrayList<>(inventoryOnly.keySet()).get(2);
        ObjectNode instance = s.get("/instance-storage/instances/" + edited).json().deepCopy();
        assertThat(s.put("/instance-storage/instances/" + edited, instance.put("title", "Retitled in Quire")).status())
                .isEqualTo(204);
        for (String prefix : List.of("marc21", "oai_dc", "marc21_withholdings")) {
            Harvest h = harvest("verb=ListRecords&metadataPrefix=" + prefix + "&from=" + from, null);
            assertThat(h.ids()).as(prefix).containsExactlyInAnyOrder(gone, edited);
            assertThat(h.deleted()).as(prefix).containsExactly(gone);
            assertThat(h.bodies().getFirst()).as(prefix).contains("Retitled in Quire")
                    .doesNotContain("Catalogued then withdrawn");
        }
        Api.Reply r = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + identifier(gone));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).contains("<header status=\"deleted\">").doesNotContain("<metadata>");
        // an unknown instance is still unknown
        r = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + identifier(UUID.randomUUID().toString()));
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.body()).contains("idDoesNotExist");
    }
}
