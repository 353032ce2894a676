package org.quire.marc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;

class MarcToInstanceTest {
    private static final MarcFactory MARC = MarcFactory.newInstance();
    /** LC records by control number (001), read once for all tests. */
    private static final Map<String, Record> LC = new HashMap<>();

    @BeforeAll
    static void readLcFile() throws IOException {
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(TestData.bib(TestData.LC_FILE))) {
            entries.forEach(e -> LC.put(MarcToInstance.controlNumber(e.record()), e.record()));
        }
    }

    @Test
    void mapsAllLcRecords() {
        assertThat(LC).hasSize(20_000);
        int withLccn = 0;
        for (Record r : LC.values()) {
            ObjectNode instance = MarcToInstance.toInstance(r);
            assertThat(instance.path("title").asText()).isNotBlank().isNotEqualTo(MarcToInstance.UNTITLED);
            assertThat(instance.path("instanceTypeId").asText()).isNotBlank();
            assertThat(instance.has("id")).isFalse();
            assertThat(instance.has("hrid")).isFalse();
            if (identifierValues(instance, FolioIds.LCCN).size() == 1) {
                withLccn++;
            }
        }
        assertThat(withLccn).isGreaterThan(19_000);
    }

    @Test
    void mapsFocusGroupsRecord() {
        ObjectNode i = MarcToInstance.toInstance(LC.get("00008040"));

        assertThat(i.get("source").asText()).isEqualTo("MARC");
        assertThat(i.get("title").asText()).isEqualTo("Focus groups : a practical guide for applied research");
        assertThat(i.get("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_TEXT);
        assertThat(i.get("modeOfIssuanceId").asText()).isEqualTo(FolioIds.MODE_SINGLE_UNIT);
        assertThat(identifierValues(i, FolioIds.LCCN)).containsExactly("00008040");
        assertThat(identifierValues(i, FolioIds.ISBN))
                .containsExactly("0761920706 (acid-free paper)", "0761920714 (pbk. : acid-free paper)");
        assertThat(i.get("contributors")).extracting(
                        c -> c.get("name").asText(), c -> c.get("contributorNameTypeId").asText(),
                        c -> c.get("primary").asBoolean())
                .containsExactly(
                        tuple("Krueger, Richard A.", FolioIds.PERSONAL_NAME, true),
                        tuple("Casey, Mary Anne", FolioIds.PERSONAL_NAME, false));
        JsonNode pub = i.get("publication").get(0);
        assertThat(pub.get("place").asText()).isEqualTo("Thousand Oaks, Calif.");
        assertThat(pub.get("publisher").asText()).isEqualTo("Sage Publications");
        assertThat(pub.get("dateOfPublication").asText()).isEqualTo("c2000");
        assertThat(texts(i.get("editions"))).containsExactly("3rd ed.");
        assertThat(values(i.get("subjects"))).containsExactly("Focus groups", "Social sciences--Methodology");
        assertThat(i.get("classifications")).extracting(
                        c -> c.get("classificationNumber").asText(), c -> c.get("classificationTypeId").asText())
                .containsExactly(
                        tuple("H61.28 .K78 2000", FolioIds.LC_CLASSIFICATION),
                        tuple("361.61068", FolioIds.DEWEY_CLASSIFICATION));
        assertThat(i.get("notes")).extracting(n -> n.get("note").asText(),
                        n -> n.get("instanceNoteTypeId").asText(), n -> n.get("staffOnly").asBoolean())
                .containsExactly(tuple("Includes bibliographical references and index",
                        FolioIds.BIBLIOGRAPHY_NOTE, false));
        assertThat(texts(i.get("languages"))).containsExactly("eng");
        assertThat(MarcToInstance.lcCallNumber(LC.get("00008040"))).isEqualTo("H61.28 .K78 2000");
    }

    @Test
    void dropsLeadingArticleFromIndexTitle() {
        ObjectNode i = MarcToInstance.toInstance(LC.get("00008084")); // 245 14 "The career ..."

        assertThat(i.get("title").asText()).isEqualTo("The career advancement portfolio");
        assertThat(i.get("indexTitle").asText()).isEqualTo("Career advancement portfolio");
        assertThat(values(i.get("subjects"))).containsExactly(
                "Education--Vocational guidance--United States", "Employment portfolios--United States");
    }

    @Test
    void mapsRdaRecordWith264SeriesAndRelator() {
        Record r = LC.get("00000611");
        ObjectNode i = MarcToInstance.toInstance(r);

        assertThat(i.get("title").asText()).isEqualTo("Bivouac and battle, or, The struggles of a soldier");
        assertThat(i.get("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_TEXT); // from 336 $b txt
        JsonNode pub = i.get("publication").get(0);
        assertThat(pub.get("place").asText()).isEqualTo("Boston");
        assertThat(pub.get("publisher").asText()).isEqualTo("Lee and Shepard, publishers");
        assertThat(pub.get("dateOfPublication").asText()).isEqualTo("1899");
        assertThat(pub.get("role").asText()).isEqualTo("Publication");
        assertThat(i.get("contributors")).extracting(c -> c.get("name").asText(),
                        c -> c.get("contributorNameTypeId").asText(), c -> c.path("contributorTypeText").asText(null),
                        c -> c.get("primary").asBoolean())
                .containsExactly(
                        tuple("Optic, Oliver, 1822-1897", FolioIds.PERSONAL_NAME, null, true),
                        tuple("Lee and Shepard", FolioIds.CORPORATE_NAME, "publisher", false));
        assertThat(values(i.get("series"))).containsExactly("Upward and onward series");
        assertThat(values(i.get("subjects"))).containsExactly(
                "Italy--History--War of 1859--Juvenile fiction", "Juvenile literature--1899");
        assertThat(i.get("alternativeTitles")).extracting(t -> t.get("alternativeTitle").asText())
                .containsExactly("Bivouac and battle", "Struggles of a soldier");
        assertThat(i.get("notes")).hasSize(2);
        assertThat(MarcToInstance.lcCallNumber(r)).isEqualTo("PZ7.A22 Bk 1899");
    }

    @Test
    void recordWithoutTitleIsMarkedUntitled() {
        Record r = MARC.newRecord("00000nam a2200000 a 4500");
        r.addVariableField(MARC.newControlField("001", " abc1 "));

        ObjectNode i = MarcToInstance.toInstance(r);

        assertThat(i.get("title").asText()).isEqualTo(MarcToInstance.UNTITLED);
        assertThat(texts(i.get("administrativeNotes"))).containsExactly(MarcToInstance.NO_TITLE_NOTE);
        assertThat(i.get("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_TEXT);
        assertThat(i.get("contributors")).isEmpty();
        assertThat(MarcToInstance.controlNumber(r)).isEqualTo("abc1");
        assertThat(MarcToInstance.lcCallNumber(r)).isNull();
    }

    @Test
    void emptyRecordWithoutLeaderStillMaps() {
        Record r = MARC.newRecord();
        r.setLeader(null);

        ObjectNode i = MarcToInstance.toInstance(r);

        assertThat(i.get("title").asText()).isEqualTo(MarcToInstance.UNTITLED);
        assertThat(i.get("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_UNSPECIFIED);
        assertThat(i.get("modeOfIssuanceId").asText()).isEqualTo(FolioIds.MODE_UNSPECIFIED);
        assertThat(MarcToInstance.controlNumber(r)).isNull();
    }

    @Test
    void mapsIdentifierVariants() {
        Record r = MARC.newRecord("00000cas a2200000 a 4500");
        r.addVariableField(MARC.newDataField("020", ' ', ' ', "z", "0000000000 :", "q", "(error)"));
        r.addVariableField(MARC.newDataField("022", ' ', ' ', "a", "1234-5678", "l", "1234-5678"));
        r.addVariableField(MARC.newDataField("035", ' ', ' ', "a", "(OCoLC)ocm12345"));
        r.addVariableField(MARC.newDataField("035", ' ', ' ', "a", "(DE-599)ZDB2072-2"));

        ObjectNode i = MarcToInstance.toInstance(r);

        assertThat(identifierValues(i, FolioIds.INVALID_ISBN)).containsExactly("0000000000 : (error)");
        assertThat(identifierValues(i, FolioIds.ISBN)).isEmpty();
        assertThat(identifierValues(i, FolioIds.ISSN)).containsExactly("1234-5678");
        assertThat(identifierValues(i, FolioIds.LINKING_ISSN)).containsExactly("1234-5678");
        assertThat(identifierValues(i, FolioIds.OCLC)).containsExactly("(OCoLC)ocm12345");
        assertThat(identifierValues(i, FolioIds.SYSTEM_CONTROL_NUMBER)).containsExactly("(DE-599)ZDB2072-2");
        assertThat(i.get("modeOfIssuanceId").asText()).isEqualTo(FolioIds.MODE_SERIAL);
    }

    @Test
    void mapsMeetingNamesContentTypesAndPackedLanguages() {
        Record r = MARC.newRecord("00000njm a2200000 a 4500");
        r.addVariableField(MARC.newControlField("008", "000000s1999    xx            000 0 fre d"));
        r.addVariableField(MARC.newDataField("041", '0', ' ', "a", "engger"));
        r.addVariableField(MARC.newDataField("111", '2', ' ', "a", "Jazz Summit", "d", "(1999 :", "c", "Paris, France).", "j", "performer."));
        r.addVariableField(MARC.newDataField("245", '0', '0', "a", "Live /", "c", "everyone."));
        r.addVariableField(MARC.newDataField("336", ' ', ' ', "a", "performed music", "b", "prm"));

        ObjectNode i = MarcToInstance.toInstance(r);

        assertThat(i.get("title").asText()).isEqualTo("Live");
        assertThat(i.get("instanceTypeId").asText()).isEqualTo(FolioIds.INSTANCE_TYPES_BY_CODE.get("prm"));
        assertThat(texts(i.get("languages"))).containsExactly("fre", "eng", "ger");
        JsonNode meeting = i.get("contributors").get(0);
        assertThat(meeting.get("name").asText()).isEqualTo("Jazz Summit (1999 : Paris, France)");
        assertThat(meeting.get("contributorNameTypeId").asText()).isEqualTo(FolioIds.MEETING_NAME);
        assertThat(meeting.get("contributorTypeText").asText()).isEqualTo("performer");
        assertThat(meeting.get("primary").asBoolean()).isTrue();
    }

    @Test
    void leaderTypeGivesInstanceTypeWhenNo336() {
        Record score = MARC.newRecord("00000ncm a2200000 a 4500");
        Record kit = MARC.newRecord("00000nom a2200000 a 4500");

        assertThat(MarcToInstance.toInstance(score).get("instanceTypeId").asText())
                .isEqualTo(FolioIds.INSTANCE_TYPES_BY_CODE.get("ntm"));
        assertThat(MarcToInstance.toInstance(kit).get("instanceTypeId").asText())
                .isEqualTo(FolioIds.TYPE_UNSPECIFIED);
    }

    private static List<String> identifierValues(JsonNode instance, String typeId) {
        List<String> out = new ArrayList<>();
        for (JsonNode id : instance.get("identifiers")) {
            if (id.get("identifierTypeId").asText().equals(typeId)) {
                out.add(id.get("value").asText());
            }
        }
        return out;
    }

    private static List<String> values(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(n -> n.get("value").asText()).toList();
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
