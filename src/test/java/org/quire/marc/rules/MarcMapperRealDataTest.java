package org.quire.marc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.Record;
import org.quire.app.ReferenceData;
import org.quire.marc.FolioIds;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;

/**
 * FOLIO's default rules (mod-source-record-manager rules/*.json) run by the engine on real records from
 * shared/data/marc: the values are what data-import-processing-core's Processor makes of these fields with these
 * rules (title with $c, indexTitle keeping ISBD punctuation, ISBN with its qualifier, subjects joined by "--", no
 * instance type without 336 ...), and odd files never make it throw.
 */
class MarcMapperRealDataTest {
    static final Lookups LOOKUPS = ReferenceData.lookups();
    static final MarcMapper BIB = MappingRules.defaultMapper(RulesType.MARC_BIB, LOOKUPS);
    static final MarcMapper HOLDINGS = MappingRules.defaultMapper(RulesType.MARC_HOLDINGS, LOOKUPS);
    static final MarcMapper AUTHORITY = MappingRules.defaultMapper(RulesType.MARC_AUTHORITY, LOOKUPS);
    static final String RELATED_RESOURCE = "5bfe1b7b-f151-4501-8cfa-23b321d5cd1e";
    static final String NO_INFORMATION_PROVIDED = "f50c90c9-bae0-4add-9cd0-db9092dbc9dd";
    static final String SERIAL_HOLDINGS = "e6da6c98-6dd0-41bc-8b4b-cfd4bbd9c3ae";
    static final String CONTROL_NUMBER = "5d164f4b-0b15-4e42-ae75-cfcf85318ad9";

    static Path marc(String dir, String file) {
        return Path.of(System.getProperty("quire.shared.dir", "../shared")).resolve("data/marc").resolve(dir).resolve(file);
    }

    static Record record(Path file, int index) throws IOException {
        try (Stream<MarcRecordOrError> s = MarcFiles.read(file)) {
            return s.filter(e -> e.index() == index).findFirst().orElseThrow().record();
        }
    }

    @Test
    void lcBookMapsToFolioInstanceFields() throws IOException {
        ObjectNode i = BIB.toInstance(record(marc("bib", "lc-booksall-2016-part01.recs000001-020000.mrc"), 4427));

        assertThat(i.path("source").asText()).isEqualTo("MARC");
        assertThat(i.path("hrid").asText()).isEqualTo("   00010834 "); // 001 as is: no rule trims it
        assertThat(i.path("title").asText()).isEqualTo(
                "Banished immortal : searching for Shuangqing, China's peasant woman poet / Paul S. Ropp.");
        assertThat(i.path("indexTitle").asText())
                .isEqualTo("Banished immortal : searching for Shuangqing, China's peasant woman poet /");
        assertThat(i.path("modeOfIssuanceId").asText()).isEqualTo(FolioIds.MODE_SINGLE_UNIT);
        assertThat(i.path("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_UNSPECIFIED); // no 336: "zzz"
        assertThat(i.path("languages").toString()).isEqualTo("[\"eng\"]"); // 008/35-37 and 041 $a, once
        assertThat(i.path("dates").toString()) // 008/06-14 "s2001    "
                .isEqualTo("{\"dateTypeId\":\"" + RulesEngineTest.SINGLE_DATE + "\",\"date1\":\"2001\"}");

        assertThat(i.path("identifiers")).hasSize(2);
        assertThat(i.at("/identifiers/0/identifierTypeId").asText()).isEqualTo(FolioIds.LCCN);
        assertThat(i.at("/identifiers/0/value").asText()).isEqualTo("00010834");
        assertThat(i.at("/identifiers/1/identifierTypeId").asText()).isEqualTo(FolioIds.ISBN);
        assertThat(i.at("/identifiers/1/value").asText()).isEqualTo("0472111957 (alk.)");

        assertThat(i.path("classifications")).hasSize(2);
        assertThat(i.at("/classifications/0/classificationTypeId").asText()).isEqualTo(FolioIds.LC_CLASSIFICATION);
        assertThat(i.at("/classifications/0/classificationNumber").asText()).isEqualTo("PL2710.O125 Z85 2001");
        assertThat(i.at("/classifications/1/classificationTypeId").asText()).isEqualTo(FolioIds.DEWEY_CLASSIFICATION);
        assertThat(i.at("/classifications/1/classificationNumber").asText()).isEqualTo("895.1148"); // "/" removed

        assertThat(i.path("contributors")).hasSize(2);
        assertThat(i.at("/contributors/0/name").asText()).isEqualTo("Ropp, Paul S., 1944-");
        assertThat(i.at("/contributors/0/contributorNameTypeId").asText()).isEqualTo(FolioIds.PERSONAL_NAME);
        assertThat(i.at("/contributors/0/primary").asBoolean()).isTrue();
        assertThat(i.at("/contributors/1/name").asText()).isEqualTo("He, Shuangqing. Poems. English");
        assertThat(i.at("/contributors/1/primary").isBoolean()).isTrue();
        assertThat(i.at("/contributors/1/primary").asBoolean()).isFalse();

        assertThat(i.at("/alternativeTitles/0/alternativeTitleTypeId").asText()).isEqualTo(FolioIds.VARIANT_TITLE);
        assertThat(i.at("/alternativeTitles/0/alternativeTitle").asText())
                .isEqualTo("Searching for Shuangqing, China's peasant woman poet");
        assertThat(i.path("publication")).hasSize(1);
        assertThat(i.at("/publication/0/place").asText()).isEqualTo("Ann Arbor");
        assertThat(i.at("/publication/0/publisher").asText()).isEqualTo("The University of Michigan Press");
        assertThat(i.at("/publication/0/dateOfPublication").asText()).isEqualTo("c2001");
        assertThat(i.at("/publication/0/role").isMissingNode()).isTrue(); // only 264 has a role rule
        assertThat(i.path("physicalDescriptions").toString()).isEqualTo("[\"xvii, 297 p. : ill., maps ; 25 cm.\"]");
        assertThat(i.at("/notes/0/instanceNoteTypeId").asText()).isEqualTo(FolioIds.BIBLIOGRAPHY_NOTE);
        assertThat(i.at("/notes/0/note").asText()).isEqualTo("Includes bibliographical references (p. 279-288) and index");
        assertThat(i.at("/notes/0/staffOnly").asBoolean(true)).isFalse();
        assertThat(i.path("subjects").toString()).isEqualTo("[{\"value\":\"He, Shuangqing--Criticism and interpretation\"}]");
        assertThat(i.at("/electronicAccess/0/uri").asText())
                .isEqualTo("http://www.loc.gov/catdir/description/umich051/00010834.html");
        assertThat(i.at("/electronicAccess/0/materialsSpecification").asText()).isEqualTo("Publisher description");
        assertThat(i.at("/electronicAccess/0/relationshipId").asText()).isEqualTo(RELATED_RESOURCE); // ind2 2
    }

    @Test
    void rdaRecordTakesInstanceTypeFrom336AndRoleFrom264() throws IOException {
        ObjectNode i = BIB.toInstance(record(marc("bib", "folio-data-import-100.mrc"), 1));
        assertThat(i.path("hrid").asText()).isEqualTo("4347946");
        assertThat(i.path("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_TEXT); // 336 $b txt
        assertThat(i.path("instanceFormatIds").toString()).isEqualTo("[\"8d511d33-5e85-4c5d-9bce-6e3c9cd0c324\"]"); // nc
        assertThat(i.at("/publication/0/role").asText()).isEqualTo("Publication"); // 264 ind2 1
        assertThat(i.at("/identifiers/2/identifierTypeId").asText()).isEqualTo(FolioIds.OCLC); // (OCoLC)ocn…
        assertThat(i.at("/identifiers/2/value").asText()).isEqualTo("(OCoLC)ocn792885998");
        assertThat(i.path("series").toString())
                .isEqualTo("[{\"value\":\"Barnes, Jonathan, 1942- Essays in ancient philosophy ; 2.\"}]"); // 800, not 490
        assertThat(i.path("subjects").toString())
                .isEqualTo("[{\"value\":\"Philosophy, Ancient\"},{\"value\":\"Logic\"}]");
    }

    @Test
    void mfhdMapsToHoldings() throws IOException {
        ObjectNode h = HOLDINGS.toHoldings(record(marc("holdings", "evergreen-serials-mfhd.marcxml"), 1));
        assertThat(h.path("hrid").asText()).isEqualTo("44368");
        assertThat(h.path("holdingsTypeId").asText()).isEqualTo(SERIAL_HOLDINGS); // LDR/06 y
        // 852 $b HRSRH is no location of the tenant: FOLIO's set_permanent_location_id answers its stub id.
        assertThat(h.path("permanentLocationId").asText()).isEqualTo(RuleFunction.STUB_ID);
        assertThat(h.at("/electronicAccess/0/relationshipId").asText()).isEqualTo(NO_INFORMATION_PROVIDED); // ind2 4
        assertThat(h.at("/electronicAccess/0/publicNote").asText()).isEqualTo("OVID online");
        assertThat(h.at("/electronicAccess/0/uri").asText()).startsWith("http://www.novl.ca/");
    }

    @Test
    void nameAuthorityMapsToAuthority() throws IOException {
        ObjectNode a = AUTHORITY.toAuthority(record(marc("authority", "lc-naf-names-5k.mrc"), 1));
        assertThat(a.path("personalName").asText()).isEqualTo("Goad, Philip");
        assertThat(a.at("/identifiers/0/identifierTypeId").asText()).isEqualTo(CONTROL_NUMBER);
        assertThat(a.at("/identifiers/0/value").asText()).isEqualTo("n  00002585 ");
        assertThat(a.at("/identifiers/1/identifierTypeId").asText()).isEqualTo(FolioIds.LCCN);
        // The default authority 035 rule passes "name" where set_identifier_type_id_by_value reads "names": FOLIO
        // answers its stub id, and so does Quire with these rules.
        assertThat(a.at("/identifiers/2/identifierTypeId").asText()).isEqualTo(RuleFunction.STUB_ID);
        assertThat(a.at("/identifiers/2/value").asText()).isEqualTo("(OCoLC)oca05243342");
        assertThat(a.path("subjectHeadings").asText()).isEqualTo("z"); // 008/10
    }

    @Test
    void everyRealAndOddRecordMapsWithoutException() throws IOException {
        int records = 0;
        for (String dir : List.of("bib", "holdings", "authority", "edge-cases")) {
            List<Path> files;
            try (Stream<Path> s = Files.list(marc(dir, "."))) {
                files = s.sorted().toList();
            }
            for (Path file : files) {
                try (Stream<MarcRecordOrError> entries = MarcFiles.read(file)) {
                    for (var it = entries.iterator(); it.hasNext(); ) {
                        MarcRecordOrError e = it.next();
                        if (e.isError()) continue;
                        if (records++ > 40_000) break;
                        for (MarcMapper m : List.of(BIB, HOLDINGS, AUTHORITY)) {
                            assertThatCode(() -> m.map(e.record())).as(file + " #" + e.index()).doesNotThrowAnyException();
                        }
                        if (dir.equals("bib")) {
                            JsonNode i = BIB.toInstance(e.record());
                            boolean has245 = !e.record().getVariableFields("245").isEmpty();
                            if (has245) assertThat(i.has("title")).as(file + " #" + e.index()).isTrue();
                            for (JsonNode c : i.path("contributors")) assertThat(c.hasNonNull("name")).isTrue();
                            for (JsonNode id : i.path("identifiers")) assertThat(id.hasNonNull("value")).isTrue();
                            // instance.json: date1 and date2 are at most 4 characters; every LC record has an 008
                            assertThat(i.at("/dates/date1").asText("").length()).isLessThanOrEqualTo(4);
                            assertThat(i.at("/dates/date2").asText("").length()).isLessThanOrEqualTo(4);
                            if (file.getFileName().toString().startsWith("lc-")) {
                                assertThat(i.at("/dates/dateTypeId").asText()).as(file + " #" + e.index()).isNotEmpty();
                            }
                        }
                    }
                }
            }
        }
        assertThat(records).isGreaterThan(20_000);
    }
}
