package org.quire.marc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.quire.app.ReferenceData;
import org.quire.marc.FolioIds;
import org.quire.platform.Json;
import org.quire.platform.domain.InvalidInput;

/**
 * The rule constructs of data-import-processing-core's Processor, each on a small record: entityPerRepeatedSubfield,
 * ignoreSubsequentFields, 880 field replacement, indicators, alternativeMapping, LDR conditions with a value, and
 * the rules Quire refuses when they are saved rather than failing every record later.
 */
class RulesEngineTest {
    static final MarcFactory F = MarcFactory.newInstance();
    static final Lookups LOOKUPS = ReferenceData.lookups();
    static final MarcMapper BIB = MappingRules.defaultMapper(RulesType.MARC_BIB, LOOKUPS);
    // instance-date-types (mod-inventory-storage reference data)
    static final String SINGLE_DATE = "24a506e8-2a92-4ecc-bd09-ff849321fd5a";
    static final String MULTIPLE_DATES = "8fa6d067-41ff-4362-96a0-96b16ddce267";
    static final String NO_ATTEMPT_TO_CODE = "6f8cd9a8-26ac-4df6-8709-62fe2c0d04f8";

    static Record record(String leader, DataField... fields) {
        Record r = F.newRecord(leader);
        r.addVariableField(F.newControlField("001", "rec1"));
        for (DataField f : fields) r.addVariableField(f);
        return r;
    }

    static DataField field(String tag, char ind1, char ind2, String... codesAndValues) {
        DataField f = F.newDataField(tag, ind1, ind2);
        for (int i = 0; i < codesAndValues.length; i += 2) f.addSubfield(F.newSubfield(codesAndValues[i].charAt(0), codesAndValues[i + 1]));
        return f;
    }

    @Test
    void repeatedSubfieldsMakeOneIdentifierEachAndOclcIsToldFromOtherControlNumbers() {
        ObjectNode i = BIB.toInstance(record("00000nam a2200000 a 4500",
                field("022", ' ', ' ', "a", "1234-5678", "z", "9999-9999", "l", "1111-2222"),
                field("035", ' ', ' ', "a", "(OCoLC)123", "a", "(DLC)456")));
        assertThat(i.path("identifiers").toString()).isEqualTo("["
                + "{\"identifierTypeId\":\"" + FolioIds.ISSN + "\",\"value\":\"1234-5678\"},"
                + "{\"identifierTypeId\":\"" + FolioIds.INVALID_ISSN + "\",\"value\":\"9999-9999\"},"
                + "{\"identifierTypeId\":\"" + FolioIds.LINKING_ISSN + "\",\"value\":\"1111-2222\"},"
                + "{\"identifierTypeId\":\"" + FolioIds.OCLC + "\",\"value\":\"(OCoLC)123\"},"
                + "{\"identifierTypeId\":\"" + FolioIds.SYSTEM_CONTROL_NUMBER + "\",\"value\":\"(DLC)456\"}]");
    }

    @Test
    void onlyTheFirst336SetsTheInstanceTypeAnd041IsSplitEveryThreeLetters() {
        ObjectNode i = BIB.toInstance(record("00000nam a2200000 a 4500",
                field("041", '1', ' ', "a", "engfre"),
                field("336", ' ', ' ', "a", "text", "b", "txt"),
                field("336", ' ', ' ', "a", "still image", "b", "sti")));
        assertThat(i.path("instanceTypeId").asText()).isEqualTo(FolioIds.TYPE_TEXT);
        assertThat(i.path("languages").toString()).isEqualTo("[\"eng\",\"fre\"]");
    }

    static Record with008(String f008) {
        Record r = record("00000nam a2200000 a 4500");
        r.addVariableField(F.newControlField("008", f008));
        return r;
    }

    @Test
    void the008sDateTypeAndDatesBecomeTheInstancesDates() {
        ObjectNode single = BIB.toInstance(with008("000110s2001    miua     b    001 0 eng  "));
        assertThat(single.path("dates").toString()).isEqualTo("{\"dateTypeId\":\"" + SINGLE_DATE
                + "\",\"date1\":\"2001\"}"); // a blank Date 2 is no date2
        ObjectNode multiple = BIB.toInstance(with008("850613m19851990nyu           000 0 eng d"));
        assertThat(multiple.path("dates").toString()).isEqualTo("{\"dateTypeId\":\"" + MULTIPLE_DATES
                + "\",\"date1\":\"1985\",\"date2\":\"1990\"}");
        // Unknown digits stay as catalogued (search's normalizedDate1 reads "19uu" as 1900).
        assertThat(BIB.toInstance(with008("850613q19uu20uunyu")).at("/dates/date1").asText()).isEqualTo("19uu");
    }

    @Test
    void anUnreadableDateTypeIsNoAttemptToCodeAndAShort008MapsWhatItHas() {
        ObjectNode fill = BIB.toInstance(with008("850613|||||||||nyu"));
        assertThat(fill.at("/dates/dateTypeId").asText()).isEqualTo(NO_ATTEMPT_TO_CODE); // "|" is a code
        assertThat(fill.at("/dates/date1").asText()).isEqualTo("||||");
        ObjectNode invalid = BIB.toInstance(with008("850613X2001    nyu"));
        assertThat(invalid.at("/dates/dateTypeId").asText()).isEqualTo(NO_ATTEMPT_TO_CODE);
        assertThat(invalid.at("/dates/date1").asText()).isEqualTo("2001");
        ObjectNode shortField = BIB.toInstance(with008("8506"));
        assertThat(shortField.at("/dates/dateTypeId").asText()).isEqualTo(NO_ATTEMPT_TO_CODE);
        assertThat(shortField.at("/dates/date1").isMissingNode()).isTrue();
        ObjectNode upToDate1 = BIB.toInstance(with008("850613s19"));
        assertThat(upToDate1.at("/dates/date1").asText()).isEqualTo("19");
        // A tenant without date types gets the dates and no type.
        MarcMapper noTypes = MappingRules.defaultMapper(RulesType.MARC_BIB, Lookups.of(Map.of()));
        assertThat(noTypes.toInstance(with008("000110s2001    miu")).path("dates").toString())
                .isEqualTo("{\"date1\":\"2001\"}");
    }

    @Test
    void an880IsMappedByTheRulesOfTheFieldItsSubfield6Names() {
        ObjectNode i = BIB.toInstance(record("00000nam a2200000 a 4500",
                field("245", '1', '4', "a", "The title."),
                field("880", '1', ' ', "6", "100-01", "a", "Толстой, Лев,"),
                field("880", '1', '0', "6", "245-02", "a", "Война и мир")));
        assertThat(i.path("indexTitle").asText()).isEqualTo("Title."); // ind2 4 drops "The "
        assertThat(i.at("/contributors/0/name").asText()).isEqualTo("Толстой, Лев,");
        assertThat(i.at("/contributors/0/primary").asBoolean(true)).isFalse(); // mapped as a 700
        assertThat(i.at("/alternativeTitles/0/alternativeTitle").asText()).isEqualTo("Война и мир");
        assertThat(i.at("/alternativeTitles/0/alternativeTitleTypeId").asText()).isEqualTo(FolioIds.VARIANT_TITLE);
    }

    @Test
    void indicatorsAlternativeMappingAndLeaderConditionsOfNewerRules() {
        String rules = """
                {"001": [{"target": "discoverySuppress", "subfield": [], "rules": [{"conditions": [
                            {"type": "char_select", "LDR": true, "parameter": {"from": 5, "to": 6}, "value": "d"}],
                          "value": "true"}]}],
                 "700": [{"indicators": {"ind1": "1", "ind2": "*"}, "entity": [
                   {"target": "contributors.name", "subfield": ["a"], "rules": [{"conditions": [{"type": "trim_punctuation"}]}]},
                   {"target": "contributors.contributorTypeId", "subfield": ["4", "e"], "applyRulesOnConcatenatedData": true,
                    "rules": [{"conditions": [{"type": "set_contributor_type_id_by_code_or_name",
                      "parameter": {"contributorCodeSubfield": "4", "contributorNameSubfield": "e"}}]}],
                    "alternativeMapping": {"target": "contributors.contributorTypeText", "subfield": ["e"]}}]}]}""";
        MarcMapper m = MappingRules.mapper(RulesType.MARC_BIB, Json.parse(rules), LOOKUPS);
        ObjectNode i = m.toInstance(record("00000dam a2200000 a 4500",
                field("700", '1', ' ', "a", "Smith, J. A.", "e", "translator."),
                field("700", '1', ' ', "a", "Doe, Jane,", "e", "chief cook"),
                field("700", '0', ' ', "a", "Skipped")));
        assertThat(i.path("discoverySuppress").asBoolean()).isTrue(); // LDR/05 d
        assertThat(i.path("contributors")).hasSize(2);
        assertThat(i.at("/contributors/0/name").asText()).isEqualTo("Smith, J. A."); // single letter + period kept
        assertThat(i.at("/contributors/0/contributorTypeId").asText()).isEqualTo("3322b734-ce38-4cd4-815d-8983352837cc");
        assertThat(i.at("/contributors/1/name").asText()).isEqualTo("Doe, Jane");
        assertThat(i.at("/contributors/1/contributorTypeText").asText()).isEqualTo("chief cook");
        assertThat(i.at("/contributors/1/contributorTypeId").isMissingNode()).isTrue();

        ObjectNode notSuppressed = m.toInstance(record("00000nam a2200000 a 4500"));
        assertThat(notSuppressed.path("discoverySuppress").asBoolean(true)).isFalse();
    }

    @Test
    void rulesFolioCouldNotRunAreRefusedWhenCompiled() {
        assertThatThrownBy(() -> MappingRules.mapper(RulesType.MARC_BIB, Json.parse(
                "{\"245\": [{\"target\": \"title\", \"subfield\": [\"a\"], \"rules\": [{\"conditions\": [{\"type\": \"trim, shout\"}]}]}]}"),
                LOOKUPS))
                .isInstanceOf(InvalidInput.class)
                .hasMessage("Unknown normalization function 'shout' in the rule for field 245 (target title)");
        assertThatThrownBy(() -> MappingRules.mapper(RulesType.MARC_BIB, Json.parse(
                "{\"245\": [{\"target\": \"title\", \"subfield\": [\"a\"], \"rules\": [{\"conditions\": [{\"type\": \"custom\", \"value\": \"x\"}]}]}]}"),
                LOOKUPS))
                .isInstanceOf(InvalidInput.class).hasMessageStartingWith("Custom JavaScript functions ('custom') are not supported");
        assertThatThrownBy(() -> MappingRules.mapper(RulesType.MARC_BIB, Json.parse("[1, 2]"), LOOKUPS))
                .isInstanceOf(InvalidInput.class).hasMessageContaining("JSON object");
        assertThatThrownBy(() -> MappingRules.mapper(RulesType.MARC_BIB, Json.parse(
                "{\"041\": [{\"target\": \"languages\", \"subfield\": [\"a\"], \"subFieldSplit\": {\"type\": \"custom\", \"value\": \"x\"}}]}"),
                LOOKUPS))
                .isInstanceOf(InvalidInput.class).hasMessageContaining("subFieldSplit");
        // Entries FOLIO's processor skips (no target, not an array) are accepted and skipped here too.
        MarcMapper lenient = MappingRules.mapper(RulesType.MARC_BIB,
                Json.parse("{\"Marc bib rules\": \"x\", \"245\": [{\"subfield\": [\"a\"]}, 7]}"), LOOKUPS);
        assertThat(lenient.toInstance(record("00000nam a2200000 a 4500", field("245", '0', '0', "a", "T"))).has("title")).isFalse();
    }

    @Test
    void rulesWhoseTargetsCollideNeverThrow() {
        String rules = """
                {"245": [{"target": "title", "subfield": ["a"]}, {"target": "title.part", "subfield": ["a"]},
                         {"target": "languages.code", "subfield": ["a"]}, {"target": "identifiers", "subfield": ["a"]},
                         {"target": "identifiers.value", "subfield": ["a"]}, {"target": ".", "subfield": ["a"]},
                         {"target": "dates.date1.x", "subfield": ["a"]}, {"target": "dates.date1", "subfield": ["a"]}],
                 "041": [{"target": "languages", "subfield": ["a"]}]}""";
        MarcMapper m = MappingRules.mapper(RulesType.MARC_BIB, Json.parse(rules), LOOKUPS);
        ObjectNode i = m.toInstance(record("00000nam a2200000 a 4500",
                field("245", '0', '0', "a", "T"), field("041", '0', ' ', "a", "eng")));
        assertThat(i.path("title").asText()).isEqualTo("T");
        assertThat(i.path("identifiers").asText()).isEqualTo("T");
        assertThat(i.at("/dates/date1/x").asText()).isEqualTo("T");
        assertThat(i.path("languages").isArray()).isTrue();
    }
}
