package org.quire.sru;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.dataimport.DataImportClient;
import org.quire.platform.Json;

import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SRU at /sru over HTTP, as YAZ's client or MarcEdit call it: the 100 MARC records of
 * shared/data/marc/bib/folio-data-import-100.mrc imported through data import, found by title, author, subject, ISBN,
 * ISSN and identifier; explain; paging; MARCXML and Dublin Core; 1.2 and 2.0; every diagnostic; API-key tenancy.
 */
class SruTest {
    static final String TENANT = "sru_test";
    static final String MARCXML = "info:srw/schema/1/marcxml-v1.1";
    static Api.Session s;
    static String key;
    static String noMarc;
    /** Imported records plus two catalogued without MARC (the suppressed one is not discoverable). */
    static final int DISCOVERABLE = 102;

    @BeforeAll
    static void catalogue() throws Exception {
        s = Fixtures.tenant(TENANT);
        DataImportClient.importFile(s, "folio-data-import-100.mrc",
                Files.readAllBytes(Path.of("../shared/data/marc/bib/folio-data-import-100.mrc")));
        noMarc = Fixtures.instance(s, "Quire handmade record without MARC");
        ObjectNode hidden = Json.object().put("title", "Hidden suppressed record").put("source", "FOLIO")
                .put("instanceTypeId", Fixtures.TEXT_TYPE).put("discoverySuppress", true);
        assertThat(s.post("/instance-storage/instances", hidden).status()).isEqualTo(201);
        ObjectNode control = Json.object().put("title", "Control \u0001 character title").put("source", "FOLIO")
                .put("instanceTypeId", Fixtures.TEXT_TYPE);
        assertThat(s.post("/instance-storage/instances", control).status()).isEqualTo(201);
        key = key(s, "sru-client", SruApi.PERMISSION);
        awaitIndexed(s, 103);
    }

    /** An institutional user with these permissions, and an edge API key issued for it. */
    static String key(Api.Session session, String username, String... permissions) {
        String id = UUID.randomUUID().toString();
        assertThat(session.post("/users", Json.object().put("id", id).put("username", username).put("active", true)
                .put("type", "system")).status()).isEqualTo(201);
        var perms = Json.array();
        for (String p : permissions) perms.add(p);
        assertThat(session.post("/perms/users", Json.object().put("userId", id).set("permissions", perms)).status())
                .isEqualTo(201);
        Api.Reply r = session.post("/quire/api-keys", Json.object().put("username", username));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json().path("apiKey").asText();
    }

    static void awaitIndexed(Api.Session session, int instances) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode r = session.get("/search/instances?query=cql.allRecords%3D1&limit=0").json();
            if (r.path("totalRecords").asInt() >= instances) return;
            Thread.sleep(100);
        }
        throw new AssertionError("the search index did not get " + instances + " instances");
    }

    static SruClient.Answer search12(String query, String... more) {
        List<String> p = new ArrayList<>(List.of("version", "1.2", "operation", "searchRetrieve", "query", query));
        p.addAll(List.of(more));
        SruClient.Answer a = SruClient.get(key, p.toArray(String[]::new));
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        assertThat(a.contentType()).isEqualTo("text/xml; charset=UTF-8");
        return a;
    }

    static final String TITLE_245A = "//marc:record/marc:datafield[@tag='245']/marc:subfield[@code='a']";

    @Test
    void explainListsContextSetsIndexesSchemasAndLimits() {
        SruClient.Answer a = SruClient.get(key, "operation", "explain", "version", "1.2");
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.doc().getDocumentElement().getLocalName()).isEqualTo("explainResponse");
        assertThat(a.doc().getDocumentElement().getNamespaceURI()).isEqualTo("http://www.loc.gov/zing/srw/");
        assertThat(a.text("/zs:explainResponse/zs:version")).isEqualTo("1.2");
        assertThat(a.text("//zs:record/zs:recordSchema")).isEqualTo("http://explain.z3950.org/dtd/2.0/");
        assertThat(a.text("//zs:record/zs:recordPacking")).isEqualTo("xml");
        assertThat(a.text("//zr:explain/zr:serverInfo/@protocol")).isEqualTo("SRU");
        assertThat(a.text("//zr:serverInfo/@version")).isEqualTo("1.2");
        assertThat(a.text("//zr:serverInfo/zr:port")).isEqualTo(String.valueOf(TestServer.get().port()));
        assertThat(a.text("//zr:serverInfo/zr:database")).isEqualTo("sru");
        assertThat(a.texts("//zr:indexInfo/zr:set/@name")).containsExactly("cql", "dc", "bath", "rec", "folio");
        assertThat(a.text("//zr:indexInfo/zr:set[@name='dc']/@identifier")).isEqualTo("info:srw/cql-context-set/1/dc-v1.1");
        assertThat(a.texts("//zr:index/zr:map/zr:name[@set='dc']")).contains("title", "creator", "subject");
        assertThat(a.texts("//zr:index/zr:map/zr:name[@set='bath']")).contains("isbn", "issn");
        assertThat(a.texts("//zr:index/zr:map/zr:name[@set='rec']")).containsExactly("identifier");
        assertThat(a.texts("//zr:index/zr:map/zr:name[@set='cql']")).containsExactly("serverChoice", "allRecords");
        assertThat(a.texts("//zr:index/zr:map/zr:name[@set='folio']")).contains("keyword", "title", "contributors",
                "subjects", "isbn", "hrid", "items.barcode");
        assertThat(a.text("//zr:index[zr:map/zr:name[@set='folio']='title']/@sort")).isEqualTo("true");
        assertThat(a.texts("//zr:schemaInfo/zr:schema/@identifier")).containsExactly(MARCXML, "info:srw/schema/1/dc-v1.1");
        assertThat(a.texts("//zr:schemaInfo/zr:schema/@name")).containsExactly("marcxml", "dc");
        assertThat(a.text("//zr:configInfo/zr:setting[@type='maximumRecords']")).isEqualTo("100");
        assertThat(a.text("//zr:configInfo/zr:default[@type='numberOfRecords']")).isEqualTo("10");

        // SRU 2.0: a request without query (and without operation or version) is explain, in 2.0's namespace
        SruClient.Answer two = SruClient.get(key);
        assertThat(two.doc().getDocumentElement().getNamespaceURI())
                .isEqualTo("http://docs.oasis-open.org/ns/search-ws/sruResponse");
        assertThat(two.text("/sru:explainResponse/sru:version")).isEqualTo("2.0");
        assertThat(two.text("//sru:record/sru:recordXMLEscaping")).isEqualTo("xml");
        assertThat(two.text("//zr:serverInfo/@version")).isEqualTo("2.0");

        // the explain record as escaped text
        SruClient.Answer packed = SruClient.get(key, "operation", "explain", "version", "1.1", "recordPacking", "string");
        assertThat(packed.text("//zs:record/zs:recordPacking")).isEqualTo("string");
        assertThat(packed.count("//zs:recordData/*")).isZero();
        assertThat(packed.text("//zs:recordData")).startsWith("<explain xmlns=\"http://explain.z3950.org/dtd/2.0/\">");
    }

    @Test
    void searchRetrieveByTitleGivesTheSrsRecordAsMarcXml() {
        SruClient.Answer a = search12("dc.title = \"logical matters\"");
        assertThat(a.text("/zs:searchRetrieveResponse/zs:version")).isEqualTo("1.2");
        assertThat(a.text("//zs:numberOfRecords")).isEqualTo("1");
        assertThat(a.text("//zs:record/zs:recordSchema")).isEqualTo(MARCXML);
        assertThat(a.text("//zs:record/zs:recordPacking")).isEqualTo("xml");
        assertThat(a.text("//zs:record/zs:recordPosition")).isEqualTo("1");
        assertThat(a.text(TITLE_245A)).isEqualTo("Logical matters /");
        assertThat(a.text("//marc:record/marc:leader")).hasSize(24);
        assertThat(a.text("//marc:datafield[@tag='100']/marc:subfield[@code='a']")).isEqualTo("Barnes, Jonathan,");
        assertThat(a.text("//marc:datafield[@tag='245']/@ind1")).hasSize(1);
        // the record is SRS's: 001 is the instance's HRID and 999 ff $i its id, as data import wrote them
        String instanceId = a.text("//marc:datafield[@tag='999'][@ind1='f'][@ind2='f']/marc:subfield[@code='i']");
        JsonNode instance = s.get("/instance-storage/instances/" + instanceId).json();
        assertThat(instance.path("title").asText()).startsWith("Logical matters");
        assertThat(a.text("//marc:controlfield[@tag='001']")).isEqualTo(instance.path("hrid").asText());
        assertThat(a.count("//zs:nextRecordPosition")).isZero();
        assertThat(a.count("//zs:diagnostics")).isZero();

        // a bare term is cql.serverChoice (FOLIO's keyword); an unprefixed index is FOLIO's (the default set)
        assertThat(search12("\"logical matters\"").text(TITLE_245A)).isEqualTo("Logical matters /");
        assertThat(search12("cql.serverChoice all \"logical matters\"").text(TITLE_245A)).isEqualTo("Logical matters /");
        assertThat(search12("title all graphene").text(TITLE_245A)).isEqualTo("Graphene :");
        assertThat(search12("folio.title == \"Graphene\"").text("//zs:numberOfRecords")).isEqualTo("1");
        // rec.identifier: the instance id, or its HRID
        assertThat(search12("rec.identifier = " + instanceId).text(TITLE_245A)).isEqualTo("Logical matters /");
        assertThat(search12("rec.identifier = " + instance.path("hrid").asText()).text(TITLE_245A))
                .isEqualTo("Logical matters /");
    }

    @Test
    void searchRetrieveByAuthorSubjectIsbnAndIssn() {
        assertThat(search12("dc.creator = Barnes").texts(TITLE_245A)).contains("Logical matters /");
        List<String> ancient = search12("dc.subject = \"Philosophy, Ancient\"").texts(TITLE_245A);
        assertThat(ancient).contains("Logical matters /", "Studies on Plato, Aristotle, and Proclus :");
        assertThat(search12("dc.subject = \"graphene\"").texts(TITLE_245A)).containsExactly("Graphene :");
        SruClient.Answer isbn = search12("bath.isbn = 9780199577521");
        assertThat(isbn.text("//zs:numberOfRecords")).isEqualTo("1");
        assertThat(isbn.text(TITLE_245A)).isEqualTo("Logical matters /");
        // ISBN-10 of the same book: mod-search normalises ISBNs
        assertThat(search12("bath.isbn = 0199577528").text(TITLE_245A)).isEqualTo("Logical matters /");
        // the MARC record as SRS keeps it: its letters decomposed (NFD), as catalogued
        assertThat(java.text.Normalizer.normalize(search12("bath.issn = 1988-4621").text(TITLE_245A),
                java.text.Normalizer.Form.NFC)).isEqualTo("Revista española de documentación científica.");
        assertThat(search12("dc.title = graphene and dc.subject = graphene").text("//zs:numberOfRecords")).isEqualTo("1");
        assertThat(search12("dc.title = graphene not dc.subject = graphene").text("//zs:numberOfRecords")).isEqualTo("0");
        assertThat(search12("dc.title = zzzznothing").text("//zs:numberOfRecords")).isEqualTo("0");
    }

    @Test
    void dublinCoreComesFromTheInstance() {
        SruClient.Answer a = search12("bath.isbn = 9780199577521", "recordSchema", "dc");
        assertThat(a.text("//zs:record/zs:recordSchema")).isEqualTo("info:srw/schema/1/dc-v1.1");
        assertThat(a.node("//zs:recordData/srw_dc:dc")).isNotNull();
        assertThat(a.text("//srw_dc:dc/dc:title")).startsWith("Logical matters");
        assertThat(a.texts("//srw_dc:dc/dc:creator")).containsExactly("Barnes, Jonathan, 1942-", "Bonelli, Maddalena");
        assertThat(a.texts("//srw_dc:dc/dc:subject")).anyMatch(v -> v.startsWith("Philosophy, Ancient"));
        assertThat(a.texts("//srw_dc:dc/dc:identifier")).anyMatch(v -> v.startsWith("9780199577521"));
        assertThat(a.texts("//srw_dc:dc/dc:language")).contains("eng");
        // the schema's identifier works as well as its short name
        assertThat(search12("bath.isbn = 9780199577521", "recordSchema", "info:srw/schema/1/dc-v1.1")
                .text("//srw_dc:dc/dc:title")).startsWith("Logical matters");
    }

    @Test
    void aRecordWithoutMarcHasMarcGeneratedFromTheInstanceAndARecordInDc() {
        // as data export and OAI-PMH: mod-data-export's default rules (rulesDefault.json) over the stored instance
        SruClient.Answer marc = search12("dc.title = \"Quire handmade\"");
        assertThat(marc.text("//zs:numberOfRecords")).isEqualTo("1");
        assertThat(marc.text("//zs:record/zs:recordSchema")).isEqualTo("info:srw/schema/1/marcxml-v1.1");
        assertThat(marc.count("//diag:diagnostic")).isZero();
        JsonNode instance = s.get("/instance-storage/instances/" + noMarc).json();
        String leader = marc.text("//marc:record/marc:leader");
        assertThat(leader).hasSize(24);
        assertThat(leader.substring(17, 20)).isEqualTo("3c ");
        assertThat(marc.text("//marc:controlfield[@tag='001']")).isEqualTo(instance.path("hrid").asText());
        assertThat(marc.text("//marc:datafield[@tag='245'][@ind1='0'][@ind2='0']/marc:subfield[@code='a']"))
                .isEqualTo("Quire handmade record without MARC");
        assertThat(marc.text("//marc:datafield[@tag='999'][@ind1='f'][@ind2='f']/marc:subfield[@code='i']"))
                .isEqualTo(noMarc);
        assertThat(marc.text("//zs:record/zs:recordPosition")).isEqualTo("1");
        // recordPacking=string: the same record as escaped text
        SruClient.Answer packed = search12("dc.title = \"Quire handmade\"", "recordPacking", "string");
        assertThat(packed.text("//zs:recordData")).contains("<subfield code=\"a\">Quire handmade record without MARC<");
        SruClient.Answer dc = search12("dc.title = \"Quire handmade\"", "recordSchema", "dc");
        assertThat(dc.text("//srw_dc:dc/dc:title")).isEqualTo("Quire handmade record without MARC");
        assertThat(dc.texts("//srw_dc:dc/dc:identifier")).hasSize(1); // its HRID
    }

    @Test
    void suppressedInstancesAreNotServedAndControlCharactersStayWellFormed() {
        assertThat(search12("dc.title = \"Hidden suppressed\"").text("//zs:numberOfRecords")).isEqualTo("0");
        SruClient.Answer a = search12("dc.title = \"Control character title\"", "recordSchema", "dc");
        // the character XML cannot carry is dropped, as OAI-PMH drops it
        assertThat(a.text("//srw_dc:dc/dc:title")).isEqualTo("Control  character title");
        // and in the MARC generated for it, and in that record escaped as a string
        assertThat(search12("dc.title = \"Control character title\"").text(
                "//marc:datafield[@tag='245']/marc:subfield[@code='a']")).isEqualTo("Control  character title");
        assertThat(search12("dc.title = \"Control character title\"", "recordPacking", "string")
                .text("//zs:recordData")).contains("<subfield code=\"a\">Control  character title</subfield>");
    }

    @Test
    void pagingWithStartRecordMaximumRecordsAndNextRecordPosition() {
        String all = "cql.allRecords = 1 sortBy title";
        SruClient.Answer whole = search12(all, "maximumRecords", "1000", "recordSchema", "dc");
        assertThat(whole.text("//zs:numberOfRecords")).isEqualTo(String.valueOf(DISCOVERABLE));
        assertThat(whole.count("//zs:record")).isEqualTo(100); // capped at maximumRecords' setting
        assertThat(whole.text("//zs:nextRecordPosition")).isEqualTo("101");
        List<String> titles = whole.texts("//srw_dc:dc/dc:title");

        SruClient.Answer first = search12(all, "maximumRecords", "40", "recordSchema", "dc");
        assertThat(first.texts("//zs:record/zs:recordPosition")).first().isEqualTo("1");
        assertThat(first.texts("//zs:record/zs:recordPosition")).last().isEqualTo("40");
        assertThat(first.text("//zs:nextRecordPosition")).isEqualTo("41");
        assertThat(first.texts("//srw_dc:dc/dc:title")).isEqualTo(titles.subList(0, 40));
        SruClient.Answer second = search12(all, "startRecord", "41", "maximumRecords", "40", "recordSchema", "dc");
        assertThat(second.texts("//srw_dc:dc/dc:title")).isEqualTo(titles.subList(40, 80));
        assertThat(second.text("//zs:nextRecordPosition")).isEqualTo("81");
        SruClient.Answer last = search12(all, "startRecord", "81", "maximumRecords", "40", "recordSchema", "dc");
        assertThat(last.count("//zs:record")).isEqualTo(22);
        assertThat(last.texts("//zs:record/zs:recordPosition")).last().isEqualTo(String.valueOf(DISCOVERABLE));
        assertThat(last.count("//zs:nextRecordPosition")).isZero();
        List<String> everyPage = new ArrayList<>(first.texts("//srw_dc:dc/dc:identifier[last()]"));
        everyPage.addAll(second.texts("//srw_dc:dc/dc:identifier[last()]"));
        everyPage.addAll(last.texts("//srw_dc:dc/dc:identifier[last()]"));
        assertThat(new HashSet<>(everyPage)).hasSize(DISCOVERABLE); // every record once

        // the default page is 10; maximumRecords=0 counts only
        SruClient.Answer dflt = search12("cql.allRecords = 1");
        assertThat(dflt.count("//zs:record")).isEqualTo(10);
        assertThat(dflt.text("//zs:nextRecordPosition")).isEqualTo("11");
        SruClient.Answer none = search12("cql.allRecords = 1", "maximumRecords", "0");
        assertThat(none.text("//zs:numberOfRecords")).isEqualTo(String.valueOf(DISCOVERABLE));
        assertThat(none.count("//zs:records")).isZero();
        // the last record alone
        SruClient.Answer tail = search12(all, "startRecord", String.valueOf(DISCOVERABLE), "recordSchema", "dc");
        assertThat(tail.count("//zs:record")).isEqualTo(1);
        assertThat(tail.text("//srw_dc:dc/dc:title")).isEqualTo(last.texts("//srw_dc:dc/dc:title").getLast());
    }

    @Test
    void sortKeysAndSortBy() {
        List<String> ascending = search12("dc.subject = \"Philosophy, Ancient\" sortBy dc.title", "recordSchema", "dc")
                .texts("//srw_dc:dc/dc:title");
        assertThat(ascending).hasSizeGreaterThanOrEqualTo(2);
        List<String> descending = search12("dc.subject = \"Philosophy, Ancient\"", "recordSchema", "dc",
                "sortKeys", "dc.title,,0").texts("//srw_dc:dc/dc:title");
        assertThat(descending).isEqualTo(ascending.reversed());
        List<String> sortBy = search12("dc.subject = \"Philosophy, Ancient\" sortBy title/sort.descending",
                "recordSchema", "dc").texts("//srw_dc:dc/dc:title");
        assertThat(sortBy).isEqualTo(descending);
    }

    @Test
    void recordPackingStringSendsEachRecordAsEscapedXml() throws Exception {
        SruClient.Answer a = search12("bath.isbn = 9780199577521", "recordPacking", "string");
        assertThat(a.text("//zs:record/zs:recordPacking")).isEqualTo("string");
        assertThat(a.count("//zs:recordData/*")).isZero();
        String record = a.text("//zs:recordData");
        // OAI-PMH's record element: the MARC namespace and its schema's location declared on it
        assertThat(record).startsWith("<record xmlns=\"http://www.loc.gov/MARC21/slim\" ")
                .contains("MARC21slim.xsd\"><leader>01292cam a2200373Ia 4500</leader>");
        var f = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        var doc = f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(record.getBytes(
                java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.loc.gov/MARC21/slim");
    }

    @Test
    void version20AnswersInOasisNamespaces() {
        SruClient.Answer a = SruClient.get(key, "query", "bath.isbn = 9780199577521", "recordXMLEscaping", "xml");
        assertThat(a.doc().getDocumentElement().getNamespaceURI())
                .isEqualTo("http://docs.oasis-open.org/ns/search-ws/sruResponse");
        assertThat(a.doc().getDocumentElement().getLocalName()).isEqualTo("searchRetrieveResponse");
        assertThat(a.count("/sru:searchRetrieveResponse/sru:version")).isZero(); // as YAZ writes 2.0
        assertThat(a.text("//sru:numberOfRecords")).isEqualTo("1");
        assertThat(a.text("//sru:record/sru:recordSchema")).isEqualTo(MARCXML);
        assertThat(a.text("//sru:record/sru:recordXMLEscaping")).isEqualTo("xml");
        assertThat(a.count("//sru:record/sru:recordPacking")).isZero();
        assertThat(a.text("//sru:recordData/marc:record/marc:datafield[@tag='245']/marc:subfield[@code='a']"))
                .isEqualTo("Logical matters /");
        SruClient.Answer explicit = SruClient.get(key, "version", "2.0", "operation", "searchRetrieve",
                "query", "bath.isbn = 9780199577521", "recordXMLEscaping", "string");
        assertThat(explicit.text("//sru:record/sru:recordXMLEscaping")).isEqualTo("string");
        assertThat(explicit.text("//sru:recordData")).startsWith("<record xmlns=");
        SruClient.Answer bad = SruClient.get(key, "version", "2.0", "query", "nosuchindex = x");
        assertThat(bad.text("//sru:diagnostics/diag2:diagnostic/diag2:uri")).isEqualTo("info:srw/diagnostic/1/16");
        assertThat(bad.text("//sru:diagnostics/diag2:diagnostic/diag2:details")).isEqualTo("nosuchindex");
        assertThat(bad.text("//sru:numberOfRecords")).isEqualTo("0");
        // 1.1 is served as 1.2 is, in the same namespace
        SruClient.Answer old = SruClient.get(key, "version", "1.1", "operation", "searchRetrieve",
                "query", "bath.isbn = 9780199577521");
        assertThat(old.text("/zs:searchRetrieveResponse/zs:version")).isEqualTo("1.1");
        assertThat(old.text("//zs:numberOfRecords")).isEqualTo("1");
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "query=(dc.title = x|10|",
            "query=dc.title =|10|",
            "query=dc.nonsense = x|16|dc.nonsense",
            "query=nosuchindex = x|16|nosuchindex",
            "query=folio.nosuch = x|16|nosuch",
            "query=dc.title within x|19|within",
            "query=dc.title < x|19|<",
            "query=dc.title encloses x|19|encloses",
            "query=dc.title =/respectCase x|20|respectCase",
            "query=dc.title =/fuzzy x|10|",
            "query=dc.title = a prox dc.title = b|39|",
            "query=metadata.createdDate > notadate|36|",
            "query=dc.title = x&startRecord=0|61|0",
            "query=dc.title = logical&startRecord=2|61|2",
            "query=cql.allRecords = 1&startRecord=10001|61|at most the first 10000 records can be retrieved",
            "query=dc.title = x&startRecord=abc|6|startRecord",
            "query=dc.title = x&maximumRecords=-1|6|maximumRecords",
            "query=dc.title = x&maximumRecords=99999999999999999999|6|maximumRecords",
            "query=dc.title = x&maximumRecords=ten|6|maximumRecords",
            "query=dc.title = x&recordSchema=mods|66|mods",
            "query=dc.title = x&recordPacking=zip|71|zip",
            "query=dc.title = x&stylesheet=a.xsl|110|",
            "query=dc.title = x&recordXPath=/a|72|",
            "query=dc.title = x&queryType=pqf|6|queryType",
            "query=dc.title = x&foo=bar|8|foo",
            "query=dc.title = x&sortKeys=dc.nonsense|16|dc.nonsense",
            "query=dc.title = x&sortKeys=publisher|88|publisher",
            "query=dc.title = x&sortKeys=title,,2|6|sortKeys",
            "query=dc.title = x sortBy hrid|88|hrid",
            "query=|7|query",
    })
    void everyRefusalIsADiagnosticIn200(String params, int code, String details) {
        List<String> p = new ArrayList<>(List.of("version", "1.2", "operation", "searchRetrieve"));
        for (String pair : params.split("&")) {
            String[] nv = pair.split("=", 2);
            p.add(nv[0]);
            p.add(nv[1]);
        }
        SruClient.Answer a = SruClient.get(key, p.toArray(String[]::new));
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        assertThat(a.doc().getDocumentElement().getLocalName()).isEqualTo("searchRetrieveResponse");
        assertThat(a.text("//zs:numberOfRecords")).isEqualTo("0");
        assertThat(a.count("//zs:records")).isZero();
        List<String> d = a.diagnostic();
        assertThat(d.get(0)).as(a.body()).isEqualTo("info:srw/diagnostic/1/" + code);
        if (details != null) assertThat(d.get(1)).as(a.body()).isEqualTo(details);
        assertThat(d.get(2)).isNotBlank();
    }

    @Test
    void diagnosticsOfOperationAndVersion() {
        SruClient.Answer scan = SruClient.get(key, "version", "1.2", "operation", "scan", "scanClause", "dc.title=x");
        assertThat(scan.status()).isEqualTo(200);
        assertThat(scan.doc().getDocumentElement().getLocalName()).isEqualTo("explainResponse");
        // scanClause is not a parameter Quire knows, but the operation is refused first
        assertThat(scan.diagnostic()).containsExactly("info:srw/diagnostic/1/4", "scan", "Unsupported operation");
        SruClient.Answer version = SruClient.get(key, "version", "3.0", "operation", "searchRetrieve", "query", "x");
        assertThat(version.doc().getDocumentElement().getNamespaceURI())
                .isEqualTo("http://docs.oasis-open.org/ns/search-ws/sruResponse");
        assertThat(version.text("//diag2:diagnostic/diag2:uri")).isEqualTo("info:srw/diagnostic/1/5");
        assertThat(version.text("//diag2:diagnostic/diag2:details")).isEqualTo("2.0");
        assertThat(version.text("//diag2:diagnostic/diag2:message")).isEqualTo("Unsupported version");
        // x- extension parameters are ignored, as SRU asks
        assertThat(search12("bath.isbn = 9780199577521", "x-client", "yaz").text("//zs:numberOfRecords")).isEqualTo("1");
        // an empty query
        assertThat(SruClient.get(key, "version", "1.2", "operation", "searchRetrieve", "query", " ").diagnostic())
                .containsExactly("info:srw/diagnostic/1/7", "query", "Mandatory parameter not supplied");
    }

    @Test
    void formPostIsServedAsGet() {
        SruClient.Answer a = SruClient.post(key, "application/x-www-form-urlencoded",
                "version=1.2&operation=searchRetrieve&query=" + SruClient.enc("bath.isbn = 9780199577521")
                        + "&recordSchema=dc");
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.text("//srw_dc:dc/dc:title")).startsWith("Logical matters");
        // a form body can hold a query far beyond a URL's: too many clauses is a query syntax diagnostic, not a 500
        String tooLong = String.join(" or ", java.util.Collections.nCopies(20_000, "dc.title=a"));
        SruClient.Answer huge = SruClient.post(key, "application/x-www-form-urlencoded",
                "version=1.2&operation=searchRetrieve&query=" + SruClient.enc(tooLong));
        assertThat(huge.status()).isEqualTo(200);
        assertThat(huge.diagnostic().getFirst()).as(huge.body()).isEqualTo("info:srw/diagnostic/1/10");
        SruClient.Answer deep = SruClient.post(key, "application/x-www-form-urlencoded",
                "version=1.2&operation=searchRetrieve&query=" + SruClient.enc("(".repeat(5_000) + "dc.title=a"
                        + ")".repeat(5_000)));
        assertThat(deep.diagnostic().getFirst()).as(deep.body()).isEqualTo("info:srw/diagnostic/1/10");
        SruClient.Answer soap = SruClient.post(key, "application/soap+xml", "<Envelope/>");
        assertThat(soap.status()).isEqualTo(200);
        assertThat(soap.diagnostic()).containsExactly("info:srw/diagnostic/1/6", "Content-Type",
                "Unsupported parameter value");
    }

    @Test
    void tenancyByApiKeyOrTokenAndAuthenticationDiagnostics() throws Exception {
        // no key, no tenant: edge-common's 401, as an SRU diagnostic 3
        SruClient.Answer none = SruClient.get(null, "query", "x");
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.contentType()).startsWith("text/xml");
        assertThat(none.diagnostic().get(0)).isEqualTo("info:srw/diagnostic/1/3");
        assertThat(none.diagnostic().get(2)).isEqualTo("Authentication error");
        SruClient.Answer bad = SruClient.get("not-a-key", "query", "x");
        assertThat(bad.status()).isEqualTo(401);
        assertThat(bad.diagnostic()).containsExactly("info:srw/diagnostic/1/3", "Invalid API Key: not-a-key",
                "Authentication error");
        String weak = key(s, "sru-without-permission", "rtac.batch.post");
        SruClient.Answer forbidden = SruClient.get(weak, "query", "x");
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.diagnostic().get(1)).contains(SruApi.PERMISSION);

        // tenant + token, as any FOLIO client
        SruClient.Answer token = SruClient.send(HttpRequest.newBuilder(SruClient.uri("/sru?version=1.2&query="
                        + SruClient.enc("bath.isbn = 9780199577521")))
                .header("X-Okapi-Tenant", TENANT).header("X-Okapi-Token", s.token()).GET());
        assertThat(token.status()).isEqualTo(200);
        assertThat(token.text("//zs:numberOfRecords")).isEqualTo("1");

        // the key chooses the tenant: another tenant's key sees that tenant's catalogue only
        Api.Session other = Fixtures.tenant("sru_other");
        Fixtures.instance(other, "Only in the other library");
        String otherKey = key(other, "sru-other-client", SruApi.PERMISSION);
        awaitIndexed(other, 1);
        SruClient.Answer theirs = SruClient.get(otherKey, "version", "1.2", "query", "cql.allRecords = 1",
                "recordSchema", "dc");
        assertThat(theirs.texts("//srw_dc:dc/dc:title")).containsExactly("Only in the other library");
        assertThat(search12("dc.title = \"Only in the other library\"").text("//zs:numberOfRecords")).isEqualTo("0");
    }
}
