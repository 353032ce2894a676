package org.quire.oaipmh;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
 * OAI-PMH over HTTP on real MARC records (../shared/data/marc/bib) stored in SRS and linked to instances: every verb
 * and format, the envelope's schema basics, full and incremental harvests (also while records change), stateless
 * tokens, every error code with malformed requests, and edge-oai-pmh's API key paths.
 */
class OaiPmhTest {
    static final String TENANT = "oai_pmh";
    static final int PAGE = 10;
    static final Pattern TOKEN = Pattern.compile("cursor=\"(.*)\">(.*)</resumptionToken>");
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static Api.Session s;
    static List<Record> bibs;
    /** instance id → the 245 $a of its MARC record */
    static final Map<String, String> titles = new LinkedHashMap<>();
    static String withItem, snapshot;

    @BeforeAll
    static void setUp() throws Exception {
        s = Fixtures.tenant(TENANT);
        // FOLIO's technical configuration entry: pages of 10 so that 30 records make several pages
        assertThat(s.post("/configurations/entries", Json.object().put("module", "OAIPMH").put("configName", "technical")
                .put("enabled", true).put("value", "{\"maxRecordsPerResponse\":\"" + PAGE + "\"}")).status()).isEqualTo(201);
        Path p = Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc/bib/folio-data-import-100.mrc");
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(p)) {
            bibs = entries.filter(e -> !e.isError()).limit(30).map(MarcRecordOrError::record).toList();
        }
        snapshot = UUID.randomUUID().toString();
        assertThat(s.post("/source-storage/snapshots", Json.object().put("jobExecutionId", snapshot)
                .put("status", "PARSING_IN_PROGRESS")).status()).isEqualTo(201);
        for (Record marc : bibs) add(marc);
        withItem = titles.keySet().iterator().next();
        String holdings = Fixtures.holdings(s, withItem, Fixtures.MAIN_LIBRARY);
        ObjectNode item = Json.object().put("holdingsRecordId", holdings).put("barcode", "oai-item-1")
                .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE)
                .put("volume", "v.1");
        item.putObject("status").put("name", "Available");
        item.putArray("electronicAccess").addObject().put("uri", "https://example.org/e-copy").put("linkText", "E-copy");
        assertThat(s.post("/item-storage/items", item).status()).isEqualTo(201);
        awaitItemReDating(withItem);
    }

    /**
     * An item re-dates its instance for marc21_withholdings after its commit (OaiItemDates, through the outbox): a
     * full harvest that froze its {@code until} before that would see the instance move past it, and leave it to the
     * next incremental harvest. The tests harvest a settled tenant: every event delivered, not only the first. Waiting
     * for the instance's date to pass its items' was not enough: the first item's event, delivered after the second
     * item's commit, re-dated past both, and the second's re-dated it again during a later test's full harvest, which
     * then missed it (a clean-clone CI run, 2026-11-30).
     */
    static void awaitItemReDating(String instanceId) throws InterruptedException {
        TestServer.get().events().deliverAll(); // under the dispatcher's delivery lock: none in flight after it
        String schema = org.quire.platform.tenancy.Tenants.schema(TENANT);
        long deadline = System.nanoTime() + 10_000_000_000L;
        boolean done = false;
        while (!done && System.nanoTime() < deadline) {
            done = TestServer.get().database().read(c -> org.quire.platform.db.Sql.one(c, "SELECT i.complete_updated_date "
                    + "> (SELECT max(it.updated_date) FROM " + schema + ".item it JOIN " + schema + ".holdings_record h "
                    + "ON h.id = it.holdings_record_id WHERE h.instance_id = i.id) FROM " + schema + ".instance i "
                    + "WHERE i.id = ?::uuid", List.of(instanceId), rs -> rs.getBoolean(1)).orElse(false));
            if (!done) Thread.sleep(50);
        }
        assertThat(done).as("the item re-dated its instance").isTrue();
    }

    /** An instance and its SRS MARC bib (externalIdsHolder.instanceId), as an import leaves them. */
    static String add(Record marc) {
        DataField f245 = (DataField) marc.getVariableField("245");
        String title = f245 != null && f245.getSubfield('a') != null ? f245.getSubfield('a').getData() : "untitled";
        String instanceId = Fixtures.instance(s, title);
        String id = UUID.randomUUID().toString();
        ObjectNode j = Json.object().put("id", id).put("matchedId", id).put("snapshotId", snapshot)
                .put("recordType", "MARC_BIB").put("generation", 0);
        j.putObject("rawRecord").put("content", MarcRecords.toIso2709(marc));
        j.putObject("parsedRecord").set("content", MarcRecords.toMarcJson(marc));
        j.putObject("externalIdsHolder").put("instanceId", instanceId);
        Api.Reply r = s.post("/source-storage/records", j);
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        titles.put(instanceId, title);
        return instanceId;
    }

    static Api.Reply oai(String query) {
        Api.Reply r = s.get("/oai/records?" + query);
        assertThat(r.status()).as(query + " → " + r.body()).isLessThan(500);
        if (r.header("Content-Type").orElse("").startsWith("text/plain")) throw new AssertionError(query + " → " + r.body());
        assertThat(r.header("Content-Type")).as(query + " → " + r.status() + " " + r.body())
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/xml"));
        return r;
    }

    static String enc(String v) {
        return URLEncoder.encode(v, StandardCharsets.UTF_8);
    }

    /** The document, parsed namespace-aware (so: well-formed), with the OAI-PMH envelope checked. */
    static Document xml(String body) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document d = f.newDocumentBuilder().parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
        Element root = d.getDocumentElement();
        assertThat(root.getLocalName()).isEqualTo("OAI-PMH");
        assertThat(root.getNamespaceURI()).isEqualTo("http://www.openarchives.org/OAI/2.0/");
        assertThat(text(d, "responseDate")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(d.getElementsByTagNameNS("*", "request").getLength()).isEqualTo(1);
        return d;
    }

    static String text(Document d, String local) {
        NodeList n = d.getElementsByTagNameNS("*", local);
        return n.getLength() == 0 ? null : n.item(0).getTextContent();
    }

    static List<String> texts(Document d, String local) {
        NodeList n = d.getElementsByTagNameNS("*", local);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n.getLength(); i++) out.add(n.item(i).getTextContent());
        return out;
    }

    static String identifier(String instanceId) {
        return "oai:localhost:" + TENANT + "/" + instanceId;
    }

    static String instanceOf(String identifier) {
        return identifier.substring(identifier.lastIndexOf('/') + 1);
    }

    /** A harvest: the headers' identifiers (deleted ones marked "-"), following tokens with PTF's regex. */
    record Harvest(List<String> ids, List<String> deleted, String firstResponseDate, int pages) {
    }

    static Harvest harvest(String firstQuery, Runnable afterFirstPage) throws Exception {
        List<String> ids = new ArrayList<>(), deleted = new ArrayList<>();
        Api.Reply r = oai(firstQuery);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        String first = text(xml(r.body()), "responseDate");
        int pages = 0, expectedCursor = 0;
        while (true) {
            pages++;
            Document d = xml(r.body());
            NodeList headers = d.getElementsByTagNameNS("*", "header");
            for (int i = 0; i < headers.getLength(); i++) {
                Element h = (Element) headers.item(i);
                String id = instanceOf(h.getElementsByTagNameNS("*", "identifier").item(0).getTextContent());
                ids.add(id);
                if ("deleted".equals(h.getAttribute("status"))) deleted.add(id);
            }
            if (pages == 1 && afterFirstPage != null) afterFirstPage.run();
            Matcher m = TOKEN.matcher(r.body());
            if (!m.find()) {
                assertThat(pages).as("a list of one page has no token").isEqualTo(1);
                break;
            }
            assertThat(Integer.parseInt(m.group(1))).as("cursor").isEqualTo(expectedCursor);
            expectedCursor += headers.getLength();
            if (m.group(2).isEmpty()) break;
            String verb = firstQuery.contains("ListIdentifiers") ? "ListIdentifiers" : "ListRecords";
            r = oai("verb=" + verb + "&resumptionToken=" + m.group(2));
            assertThat(r.status()).as(r.body()).isEqualTo(200);
        }
        return new Harvest(ids, deleted, first, pages);
    }

    /**
     * A repository with no record yet (a new tenant, or one whose instances have no SRS MARC bib under the default
     * records source): Identify answers with the epoch as its earliest datestamp (it answered 500: the minimum of no
     * dates is NULL), and lists answer noRecordsMatch.
     */
    @Test
    void aRepositoryWithNoRecordIdentifiesItselfAndListsNothing() throws Exception {
        Api.Session empty = Fixtures.referenceOnlyTenant("oai_empty");
        Api.Reply r = empty.get("/oai/records?verb=Identify");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(text(xml(r.body()), "earliestDatestamp")).isEqualTo("1970-01-01T00:00:00Z");
        for (String prefix : List.of("marc21", "marc21_withholdings", "oai_dc")) {
            r = empty.get("/oai/records?verb=ListRecords&metadataPrefix=" + prefix);
            assertThat(r.status()).as(r.body()).isEqualTo(404);
            assertThat(r.body()).contains("<error code=\"noRecordsMatch\">");
        }
    }

    @Test
    void identifyListMetadataFormatsAndListSets() throws Exception {
        Api.Reply r = oai("verb=Identify");
        assertThat(r.status()).isEqualTo(200);
        Document d = xml(r.body());
        assertThat(text(d, "protocolVersion")).isEqualTo("2.0");
        assertThat(text(d, "granularity")).isEqualTo("YYYY-MM-DDThh:mm:ssZ");
        assertThat(text(d, "deletedRecord")).isEqualTo("persistent");
        assertThat(text(d, "baseURL")).startsWith("http://localhost");
        assertThat(text(d, "earliestDatestamp")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        Element request = (Element) d.getElementsByTagNameNS("*", "request").item(0);
        assertThat(request.getAttribute("verb")).isEqualTo("Identify");

        d = xml(oai("verb=ListMetadataFormats").body());
        assertThat(texts(d, "metadataPrefix")).containsExactly("marc21", "marc21_withholdings", "oai_dc");
        d = xml(oai("verb=ListMetadataFormats&identifier=" + enc(identifier(withItem))).body());
        assertThat(texts(d, "metadataPrefix")).hasSize(3);

        d = xml(oai("verb=ListSets").body());
        assertThat(texts(d, "setSpec")).containsExactly("all");
        assertThat(texts(d, "setName")).containsExactly("All records");
    }

    @Test
    void fullHarvestReturnsEveryRecordExactlyOnceWithHoldings() throws Exception {
        Harvest h = harvest("verb=ListRecords&metadataPrefix=marc21_withholdings", null);
        assertThat(h.ids()).doesNotHaveDuplicates();
        assertThat(h.ids()).containsAll(titles.keySet());
        assertThat(h.pages()).isGreaterThanOrEqualTo(3);

        Api.Reply first = oai("verb=ListRecords&metadataPrefix=marc21_withholdings");
        Matcher m = TOKEN.matcher(first.body());
        assertThat(m.find()).isTrue();
        assertThat(first.body()).containsPattern("<resumptionToken completeListSize=\"\\d+\" expirationDate=\""
                + "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\" cursor=\"0\">[A-Za-z0-9_-]+</resumptionToken>");
        // completeListSize is the harvest's size (counted without reading each instance's SRS record)
        Matcher size = Pattern.compile("completeListSize=\"(\\d+)\"").matcher(first.body());
        assertThat(size.find()).isTrue();
        assertThat(Integer.parseInt(size.group(1))).isEqualTo(h.ids().size());
        assertThat(xml(first.body()).getElementsByTagNameNS("http://www.openarchives.org/OAI/2.0/", "record").getLength())
                .isEqualTo(PAGE);
        assertThat(xml(first.body()).getElementsByTagNameNS("http://www.loc.gov/MARC21/slim", "record").getLength())
                .isEqualTo(PAGE);

        // the instance with a holdings record and an item: 952 ff with the item's data, 856 for its e-access
        Document d = xml(oai("verb=GetRecord&metadataPrefix=marc21_withholdings&identifier="
                + enc(identifier(withItem))).body());
        Map<String, String> f952 = subfields(d, "952");
        assertThat(f952).containsEntry("m", "oai-item-1").containsEntry("j", "v.1").containsEntry("e", "QA76 .Q5")
                .containsEntry("i", "book").containsEntry("p", "Can circulate").containsKeys("a", "b", "c", "d", "s");
        assertThat(subfields(d, "856")).containsEntry("u", "https://example.org/e-copy").containsEntry("y", "E-copy");
        Element f952e = datafield(d, "952");
        assertThat(f952e.getAttribute("ind1") + f952e.getAttribute("ind2")).isEqualTo("ff");
        // marc21 is the SRS record as it is: no 952
        d = xml(oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + enc(identifier(withItem))).body());
        assertThat(datafield(d, "952")).isNull();
        assertThat(d.getElementsByTagNameNS("http://www.loc.gov/MARC21/slim", "leader").getLength()).isEqualTo(1);
    }

    static Element datafield(Document d, String tag) {
        NodeList n = d.getElementsByTagNameNS("http://www.loc.gov/MARC21/slim", "datafield");
        for (int i = 0; i < n.getLength(); i++) {
            Element e = (Element) n.item(i);
            if (e.getAttribute("tag").equals(tag)) return e;
        }
        return null;
    }

    /**
     * marc21_withholdings' 952 of a holdings record without items (its own call number, no item subfields), of an
     * item with a display summary ($k, no $l), and none for a discovery-suppressed item.
     */
    @Test
    void holdingsWithoutItems_displaySummary_andSuppressedItems_inMarc21WithHoldings() throws Exception {
        String id = add(bibs.get(4));
        Fixtures.holdings(s, id, Fixtures.MAIN_LIBRARY);
        String withItems = Fixtures.holdings(s, id, Fixtures.MAIN_LIBRARY);
        for (String[] b : new String[][]{{"oai-visible", "false"}, {"oai-suppressed", "true"}}) {
            ObjectNode item = Json.object().put("holdingsRecordId", withItems).put("barcode", b[0])
                    .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE)
                    .put("displaySummary", "  v.2 summary ").put("enumeration", "e.1").put("chronology", "1999")
                    .put("discoverySuppress", Boolean.parseBoolean(b[1]));
            item.putObject("status").put("name", "Available");
            assertThat(s.post("/item-storage/items", item).status()).isEqualTo(201);
        }
        awaitItemReDating(id);

        Document d = xml(oai("verb=GetRecord&metadataPrefix=marc21_withholdings&identifier=" + enc(identifier(id)))
                .body());
        List<Map<String, String>> f952 = new ArrayList<>();
        NodeList n = d.getElementsByTagNameNS("http://www.loc.gov/MARC21/slim", "datafield");
        for (int i = 0; i < n.getLength(); i++) {
            Element e = (Element) n.item(i);
            if (!e.getAttribute("tag").equals("952")) continue;
            Map<String, String> sf = new LinkedHashMap<>();
            NodeList codes = e.getElementsByTagNameNS("*", "subfield");
            for (int j = 0; j < codes.getLength(); j++) {
                sf.put(((Element) codes.item(j)).getAttribute("code"), codes.item(j).getTextContent());
            }
            f952.add(sf);
        }
        assertThat(f952).hasSize(2);
        Map<String, String> holdingsOnly = f952.stream().filter(f -> !f.containsKey("m")).findFirst().orElseThrow();
        assertThat(holdingsOnly).containsEntry("e", "QA76 .Q5").containsKey("a").doesNotContainKeys("i", "p", "k", "t");
        Map<String, String> item = f952.stream().filter(f -> f.containsKey("m")).findFirst().orElseThrow();
        assertThat(item).containsEntry("m", "oai-visible").containsEntry("k", "v.2 summary")
                .containsEntry("i", "book").doesNotContainKeys("l", "t");
        assertThat(List.copyOf(item.keySet())).isSorted();
    }

    /**
     * A location added after the tenant's reference names were read shows in the next page at once: OaiPmh keeps the
     * names a few seconds, and reads them again when a row points to a record they lack.
     */
    @Test
    void aLocationAddedAfterTheNamesWereReadIsNamedAtOnce() throws Exception {
        String get = "verb=GetRecord&metadataPrefix=marc21_withholdings&identifier=";
        // a page with holdings: the names are read and kept
        assertThat(subfields(xml(oai(get + enc(identifier(withItem))).body()), "952")).containsKey("s");
        ObjectNode location = (ObjectNode) s.get("/locations/" + Fixtures.MAIN_LIBRARY).json();
        String locationId = UUID.randomUUID().toString();
        location.put("id", locationId).put("name", "OAI new wing").put("code", "OAI-NEW-WING");
        location.remove(List.of("metadata", "discoveryDisplayName"));
        assertThat(s.post("/locations", location).status()).isEqualTo(201);
        String id = add(bibs.get(5));
        Fixtures.holdings(s, id, locationId);

        assertThat(subfields(xml(oai(get + enc(identifier(id))).body()), "952"))
                .containsEntry("s", "OAI new wing").containsEntry("d", "OAI new wing");
    }

    /**
     * The reference names are read once for many pages, not for every page — also when a holdings record's call
     * number type id names no record (a dangling id would otherwise read them again for each page that has it).
     */
    @Test
    void referenceNamesAreNotReadPerPageEvenForADanglingId() throws Exception {
        String id = add(bibs.get(6));
        String holdingsId = Fixtures.holdings(s, id, Fixtures.MAIN_LIBRARY);
        ObjectNode holdings = (ObjectNode) s.get("/holdings-storage/holdings/" + holdingsId).json();
        holdings.put("callNumberTypeId", UUID.randomUUID().toString());
        assertThat(s.put("/holdings-storage/holdings/" + holdingsId, holdings).status()).isEqualTo(204);
        String schema = org.quire.platform.tenancy.Tenants.schema(TENANT);
        var db = TestServer.get().database();
        db.read(c -> org.quire.platform.db.Sql.update(c, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements",
                List.of()));
        db.read(c -> org.quire.platform.db.Sql.list(c, "SELECT pg_stat_statements_reset()", List.of(), rs -> 1));

        for (int i = 0; i < 3; i++) {
            Map<String, String> f952 = subfields(xml(oai("verb=GetRecord&metadataPrefix=marc21_withholdings"
                    + "&identifier=" + enc(identifier(id))).body()), "952");
            assertThat(f952).containsEntry("s", "Main Library").doesNotContainKey("h");
        }
        long namesReads = db.read(c -> org.quire.platform.db.Sql.one(c, "SELECT coalesce(sum(calls), 0) FROM "
                + "pg_stat_statements WHERE strpos(query, ?) > 0", List.of(schema + ".electronic_access_relationship"),
                rs -> rs.getLong(1)).orElseThrow());
        assertThat(namesReads).isLessThanOrEqualTo(1);
    }

    static Map<String, String> subfields(Document d, String tag) {
        Element f = datafield(d, tag);
        assertThat(f).as(tag).isNotNull();
        Map<String, String> out = new LinkedHashMap<>();
        NodeList n = f.getElementsByTagNameNS("*", "subfield");
        for (int i = 0; i < n.getLength(); i++) {
            Element e = (Element) n.item(i);
            out.put(e.getAttribute("code"), e.getTextContent());
        }
        return out;
    }

    @Test
    void listIdentifiersAndOaiDc() throws Exception {
        Harvest h = harvest("verb=ListIdentifiers&metadataPrefix=oai_dc", null);
        assertThat(h.ids()).doesNotHaveDuplicates().containsAll(titles.keySet());
        Document d = xml(oai("verb=GetRecord&metadataPrefix=oai_dc&identifier=" + enc(identifier(withItem))).body());
        assertThat(d.getElementsByTagNameNS("http://www.openarchives.org/OAI/2.0/oai_dc/", "dc").getLength()).isEqualTo(1);
        String title = d.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "title").item(0).getTextContent();
        assertThat(title).startsWith(titles.get(withItem).trim());
        assertThat(d.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "type").item(0).getTextContent())
                .contains("text");
        assertThat(texts(d, "setSpec")).containsExactly("all");
    }

    @Test
    void incrementalHarvestByDayAndBySecond() throws Exception {
        String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
        Harvest byDay = harvest("verb=ListIdentifiers&metadataPrefix=marc21&from=" + today + "&until=" + today, null);
        assertThat(byDay.ids()).containsAll(titles.keySet());
        Api.Reply future = oai("verb=ListRecords&metadataPrefix=marc21&from=2999-01-01T00:00:00Z");
        assertThat(future.status()).isEqualTo(404);
        assertThat(future.body()).contains("<error code=\"noRecordsMatch\">");
        Api.Reply past = oai("verb=ListRecords&metadataPrefix=marc21&until=2000-01-01");
        assertThat(past.status()).isEqualTo(404);
    }

    @Test
    void harvestDuringEditsMissesNothingAndDuplicatesNothing() throws Exception {
        // records of its own, so that other tests' records do not interleave
        // from is taken before the records are added: taken after, on a loaded machine the first records were more
        // than a second old and fell before it (the harvest then held 4 of the 22 untouched records)
        String from = OaiPmh.SECONDS.format(java.time.Instant.now().minusSeconds(1));
        List<String> mine = new ArrayList<>();
        for (Record marc : bibs.subList(0, 25)) mine.add(add(marc));
        List<String> edited = new ArrayList<>();
        String[] deletedId = new String[1];
        Harvest h = harvest("verb=ListIdentifiers&metadataPrefix=marc21&from=" + from, () -> {
            // after the first page: change one harvested record, one not yet harvested, delete one not yet harvested
            for (String id : List.of(mine.get(0), mine.get(15))) {
                assertThat(s.put("/source-storage/records/" + id + "/suppress-from-discovery?idType=INSTANCE&suppress=false",
                        null).status()).isEqualTo(200);
                edited.add(id);
            }
            deletedId[0] = mine.get(20);
            assertThat(s.delete("/instance-storage/instances/" + deletedId[0]).status()).isEqualTo(204);
        });
        assertThat(h.ids()).as("no record twice in one harvest").doesNotHaveDuplicates();
        List<String> untouched = new ArrayList<>(mine);
        untouched.removeAll(edited);
        untouched.remove(deletedId[0]);
        assertThat(h.ids()).as("every record not changed during the harvest").containsAll(untouched);
        assertThat(h.ids()).as("changed after the harvest began: left for the next one").doesNotContain(deletedId[0], mine.get(15));

        // the next incremental harvest, from the first response's date, has every change, the deletion as a tombstone
        Harvest next = harvest("verb=ListIdentifiers&metadataPrefix=marc21&from=" + h.firstResponseDate(), null);
        assertThat(next.ids()).doesNotHaveDuplicates().contains(mine.get(0), mine.get(15), deletedId[0]);
        assertThat(next.deleted()).contains(deletedId[0]);
        Set<String> union = new HashSet<>(h.ids());
        union.addAll(next.ids());
        assertThat(union).containsAll(mine);
        // the tombstone stays: GetRecord answers its header with status deleted and no metadata
        Api.Reply tomb = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + enc(identifier(deletedId[0])));
        assertThat(tomb.status()).isEqualTo(200);
        assertThat(tomb.body()).contains("<header status=\"deleted\">").doesNotContain("<metadata>");
    }

    @Test
    void suppressedRecordsAreTombstonesByDefault() throws Exception {
        String id = add(bibs.get(3));
        assertThat(s.put("/source-storage/records/" + id + "/suppress-from-discovery?idType=INSTANCE&suppress=true",
                null).status()).isEqualTo(200);
        Api.Reply r = oai("verb=GetRecord&metadataPrefix=marc21&identifier=" + enc(identifier(id)));
        assertThat(r.body()).contains("<header status=\"deleted\">");
    }

    /** List pages wait for a free turn (QUIRE_OAI_CONCURRENT_PAGES); the other verbs never wait for one. */
    @Test
    void listPagesAreBuiltAFewAtATimeWhileOtherVerbsAnswer() throws Exception {
        OaiPmh oai = new OaiPmh(TestServer.get().database(), 1);
        String schema = org.quire.platform.tenancy.Tenants.schema(TENANT);
        oai.pages.acquire(); // another harvester's page being built
        try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            java.util.concurrent.Future<OaiPmh.Answer> list = threads.submit(() -> oai.handle(TENANT, schema,
                    Map.of("verb", List.of("ListRecords"), "metadataPrefix", List.of("marc21_withholdings")),
                    "localhost"));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (oai.pages.getQueueLength() == 0 && System.nanoTime() < deadline) Thread.sleep(5);
            assertThat(oai.pages.getQueueLength()).as("the list request waits for the page in progress").isOne();
            assertThat(oai.handle(TENANT, schema, Map.of("verb", List.of("Identify")), "localhost").status())
                    .isEqualTo(200);
            assertThat(oai.handle(TENANT, schema, Map.of("verb", List.of("GetRecord"), "metadataPrefix",
                    List.of("marc21"), "identifier", List.of(identifier(withItem))), "localhost").status())
                    .isEqualTo(200);
            assertThat(list.isDone()).isFalse();
            oai.pages.release();
            OaiPmh.Answer answered = list.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(answered.status()).as(answered.text()).isEqualTo(200);
            assertThat(answered.text()).contains("<ListRecords>");
        }
        assertThat(oai.pages.availablePermits()).isOne();
    }

    @Test
    void tokensAreStatelessAndSurviveARestart() throws Exception {
        Matcher m = TOKEN.matcher(oai("verb=ListIdentifiers&metadataPrefix=marc21").body());
        assertThat(m.find()).isTrue();
        // a new OaiPmh shares nothing with the one that issued the token, as a restarted server would not
        OaiPmh fresh = new OaiPmh(TestServer.get().database(), 2);
        OaiPmh.Answer a = fresh.handle(TENANT, org.quire.platform.tenancy.Tenants.schema(TENANT),
                Map.of("verb", List.of("ListIdentifiers"), "resumptionToken", List.of(m.group(2))), "localhost");
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        Matcher next = TOKEN.matcher(a.text());
        assertThat(next.find()).isTrue();
        assertThat(next.group(1)).isEqualTo(String.valueOf(PAGE));
        // another tenant cannot use it
        assertThat(fresh.handle("diku", "tenant_diku", Map.of("verb", List.of("ListIdentifiers"),
                "resumptionToken", List.of(m.group(2))), "localhost").status()).isEqualTo(400);
    }

    @Test
    void errorsAnswerInProtocolWithFolioStatuses() throws Exception {
        expect("verb=Foo", 400, "badVerb", "Bad verb. Verb 'Foo' is not implemented");
        expect("", 400, "badVerb", "Bad verb. Verb 'empty' is not implemented");
        expect("verb=ListRecords", 400, "badArgument", "Missing required parameters: metadataPrefix");
        expect("verb=ListRecords&metadataPrefix=foo", 422, "cannotDisseminateFormat",
                "The value of the MetadataPrefix argument is not supported by the repository");
        expect("verb=ListRecords&metadataPrefix=marc21&from=2024-13-01", 400, "badArgument",
                "Bad datestamp format for 'from=2024-13-01' argument.");
        expect("verb=ListRecords&metadataPrefix=marc21&until=yesterday", 400, "badArgument",
                "Bad datestamp format for 'until=yesterday' argument.");
        expect("verb=ListRecords&metadataPrefix=marc21&from=2024-01-01T00:00:00", 400, "badArgument",
                "Bad datestamp format");
        expect("verb=ListRecords&metadataPrefix=marc21&from=2024-02-01&until=2024-01-01", 400, "badArgument",
                "Invalid date range: 'from' must be less than or equal to 'until'.");
        expect("verb=ListRecords&metadataPrefix=marc21&from=2024-01-01&until=2024-02-01T00:00:00Z", 400,
                "badArgument", "Invalid date range: 'from' must have the same granularity as 'until'.");
        expect("verb=ListRecords&metadataPrefix=marc21&set=books", 404, "noRecordsMatch",
                "There were no records found matching the search criteria");
        expect("verb=ListRecords&resumptionToken=not-a-token", 400, "badResumptionToken",
                "Verb 'LIST_RECORDS', argument resumptionToken is invalid");
        expect("verb=ListIdentifiers&resumptionToken=" + enc("%%%"), 400, "badResumptionToken", "is invalid");
        expect("verb=ListRecords&resumptionToken=abc&metadataPrefix=marc21", 400, "badArgument",
                "Verb 'LIST_RECORDS', argument 'resumptionToken' is exclusive, no others maybe specified with it.");
        expect("verb=ListRecords&metadataPrefix=marc21&metadataPrefix=oai_dc", 400, "badArgument",
                "Argument 'metadataPrefix' is repeated");
        expect("verb=Identify&foo=bar", 400, "badArgument", "Verb 'IDENTIFY', illegal argument: foo");
        expect("verb=ListSets&metadataPrefix=marc21", 400, "badArgument", "Verb 'LIST_SETS', illegal argument: metadataPrefix");
        expect("verb=GetRecord&metadataPrefix=marc21", 400, "badArgument", "Missing required parameters: identifier");
        expect("verb=GetRecord&metadataPrefix=marc21&identifier=" + enc(identifier(UUID.randomUUID().toString())),
                404, "idDoesNotExist", "No matching identifier in repository.");
        expect("verb=GetRecord&metadataPrefix=marc21&identifier=" + enc(identifier("not-a-uuid")), 404,
                "idDoesNotExist", "No matching identifier in repository.");
        expect("verb=GetRecord&metadataPrefix=marc21&identifier=oai:elsewhere:x/1", 400, "badArgument",
                "Identifier has invalid structure.");
        expect("verb=GetRecord&metadataPrefix=xml&identifier=" + enc(identifier(withItem)), 422,
                "cannotDisseminateFormat", "not supported");
        expect("verb=ListMetadataFormats&identifier=" + enc(identifier(UUID.randomUUID().toString())), 404,
                "idDoesNotExist", "No matching identifier");
        // an expired token (a valid one, its expiry rewritten): badResumptionToken
        Matcher m = TOKEN.matcher(oai("verb=ListIdentifiers&metadataPrefix=marc21").body());
        assertThat(m.find()).isTrue();
        String decoded = new String(java.util.Base64.getUrlDecoder().decode(m.group(2)), StandardCharsets.UTF_8)
                .replaceAll("expirationDate=[^&]+", "expirationDate=2001-01-01T00%3A00%3A00Z");
        String expired = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(decoded.getBytes(StandardCharsets.UTF_8));
        expect("verb=ListIdentifiers&resumptionToken=" + expired, 400, "badResumptionToken",
                "The value of the resumptionToken argument is expired");
        // tokens are not signed: one whose from or until a client rewrote into a bad date is refused, not a 500
        for (String bound : List.of("&from=2026-13-45", "&until=x", "&from=2024-02-30T25%3A00%3A00Z")) {
            String forged = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                    (decoded.replaceAll("expirationDate=[^&]+", "expirationDate=2099-01-01T00%3A00%3A00Z") + bound)
                            .getBytes(StandardCharsets.UTF_8));
            expect("verb=ListRecords&resumptionToken=" + forged, 400, "badResumptionToken",
                    "Verb 'LIST_RECORDS', argument resumptionToken is invalid");
        }
    }

    static void expect(String query, int status, String code, String message) throws Exception {
        Api.Reply r = oai(query);
        assertThat(r.status()).as(query + " → " + r.body()).isEqualTo(status);
        Document d = xml(r.body());
        Element e = (Element) d.getElementsByTagNameNS("*", "error").item(0);
        assertThat(e).as(query).isNotNull();
        assertThat(e.getAttribute("code")).as(query).isEqualTo(code);
        assertThat(e.getTextContent()).as(query).contains(message);
        if (code.equals("badVerb") || code.equals("badArgument")) {
            Element request = (Element) d.getElementsByTagNameNS("*", "request").item(0);
            assertThat(request.hasAttributes()).as("no request attributes after " + code).isFalse();
        }
    }

    @Test
    void edgeOaiPmhWithAnApiKey() throws Exception {
        String userId = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", userId).put("username", "oai-harvester").put("active", true)
                .put("type", "system")).status()).isEqualTo(201);
        assertThat(s.post("/perms/users", Json.object().put("userId", userId).set("permissions",
                Json.array().add(OaiPmhApi.PERMISSION))).status()).isEqualTo(201);
        Api.Reply issued = s.post("/quire/api-keys", Json.object().put("username", "oai-harvester"));
        assertThat(issued.status()).as(issued.body()).isEqualTo(201);
        String key = issued.json().path("apiKey").asText();
        String base = "http://localhost:" + TestServer.get().port();

        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/oai?verb=Identify&apikey=" + key))
                .header("Accept", "text/xml").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/xml");
        assertThat(text(xml(r.body()), "repositoryName")).isNotBlank();

        r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/oai/" + key + "?verb=ListIdentifiers&metadataPrefix=marc21"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(xml(r.body()).getElementsByTagNameNS("*", "header").getLength()).isEqualTo(PAGE);

        r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/oai?apikey=" + key))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("verb=GetRecord&metadataPrefix=oai_dc&identifier="
                        + enc(identifier(withItem)))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("<oai_dc:dc");

        // PTF's form: /oai/records with tenant, token and an apikey parameter
        Api.Reply ptf = s.get("/oai/records?verb=ListRecords&metadataPrefix=marc21_withholdings&apikey=" + key);
        assertThat(ptf.status()).isEqualTo(200);

        r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/oai?verb=Identify&apikey=garbage")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(401);
        // a token user without the permission
        String plain = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", plain).put("username", "no-oai").put("active", true)
                .put("type", "system")).status()).isEqualTo(201);
        assertThat(s.post("/perms/users", Json.object().put("userId", plain).set("permissions", Json.array()))
                .status()).isEqualTo(201);
        String otherKey = s.post("/quire/api-keys", Json.object().put("username", "no-oai")).json().path("apiKey").asText();
        r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/oai?verb=Identify&apikey=" + otherKey)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("oai-pmh.records.collection.get");
    }
}
