package org.quire.marc;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.VariableField;
import org.quire.platform.Json;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** MARC generated for an instance without SRS, by mod-data-export's default rules (rulesDefault.json). */
class InstanceMarcTest {
    private static final UUID LCCN = UUID.randomUUID(), ISBN = UUID.randomUUID(), PERSONAL = UUID.randomUUID(),
            CORPORATE = UUID.randomUUID(), MEETING = UUID.randomUUID(), TEXT = UUID.randomUUID(),
            ONLINE = UUID.randomUUID(), ODD_FORMAT = UUID.randomUUID(), BIBLIOGRAPHY = UUID.randomUUID(),
            RESOURCE = UUID.randomUUID(), VERSION = UUID.randomUUID(), RELATED = UUID.randomUUID(),
            NO_DISPLAY = UUID.randomUUID();
    private static final InstanceMarc.Names NAMES = new InstanceMarc.Names(
            Map.of(LCCN, "LCCN", ISBN, "isbn"), // type names are compared ignoring case, as generate-marc-utils does
            Map.of(PERSONAL, "Personal name", CORPORATE, "Corporate name", MEETING, "Meeting name"),
            Map.of(TEXT, "text"),
            Map.of(ONLINE, "computer -- online resource", ODD_FORMAT, "unmediated"),
            Map.of(BIBLIOGRAPHY, "bibliography"),
            Map.of(RESOURCE, "Resource", VERSION, "Version of resource", RELATED, "Related resource",
                    NO_DISPLAY, "No display constant generated"));
    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
    private static final String ID = "5bf370e0-8cca-4d9c-82e4-5170ab2a0a39";

    @Test
    void everyRuleOfTheDefaultRules_inTheRulesOrder() {
        JsonNode instance = Json.parse("""
                {"id": "%s", "hrid": "in00000000001", "title": "A title",
                 "metadata": {"createdDate": "2019-08-07T03:12:01.011+00:00",
                              "updatedDate": "2020-01-02T15:04:05.678+00:00"},
                 "identifiers": [{"identifierTypeId": "%s", "value": "2001012345"},
                                 {"identifierTypeId": "%s", "value": "9780262033848"}],
                 "contributors": [{"name": "Doe, Jane", "contributorNameTypeId": "%s"},
                                  {"name": "Primary, Pat", "contributorNameTypeId": "%s", "primary": true},
                                  {"name": "A Conference", "contributorNameTypeId": "%s", "primary": false},
                                  {"name": "Some Press", "contributorNameTypeId": "%s"}],
                 "publication": [{"place": "Cambridge", "publisher": "MIT Press", "dateOfPublication": "1999"},
                                 {"dateOfPublication": "2001"}],
                 "physicalDescriptions": ["xii, 300 p."], "instanceTypeId": "%s",
                 "instanceFormatIds": ["%s", "%s"], "series": [{"value": "A series"}], "subjects": ["Cats"],
                 "natureOfContentTermIds": ["%s"], "languages": ["eng"],
                 "electronicAccess": [{"uri": "http://a.example", "linkText": "Full text", "publicNote": "Open",
                                       "materialsSpecification": "v. 1", "relationshipId": "%s"},
                                      {"uri": "http://b.example", "relationshipId": "%s"},
                                      {"uri": "http://c.example", "relationshipId": "%s"},
                                      {"uri": "http://d.example", "relationshipId": "%s"}]}
                """.formatted(ID, LCCN, ISBN, PERSONAL, PERSONAL, MEETING, CORPORATE, TEXT, ONLINE, ODD_FORMAT,
                BIBLIOGRAPHY, RESOURCE, VERSION, RELATED, NO_DISPLAY));
        Record r = InstanceMarc.of(instance, NAMES, NOW);

        assertThat(r.getLeader().marshal().substring(17, 20)).isEqualTo("3c ");
        assertThat(r.getVariableFields().stream().map(VariableField::getTag)).containsExactly("001", "005", "008",
                "010", "020", "100", "245", "264", "264", "300", "336", "337", "337", "338", "490", "653", "655",
                "700", "710", "711", "856", "856", "856", "856", "999");
        assertThat(control(r, "001")).isEqualTo("in00000000001");
        assertThat(control(r, "005")).isEqualTo("20200102030405.6"); // FOLIO's hh: 15 h is "03"
        assertThat(control(r, "008")).isEqualTo("190807|19992001||||||||       |||||eng||").hasSize(40);
        assertThat(data(r, "100")).isEqualTo("1  $aPrimary, Pat");
        assertThat(data(r, "700")).isEqualTo("1  $aDoe, Jane");
        assertThat(data(r, "710")).isEqualTo("2  $aSome Press");
        assertThat(data(r, "711")).isEqualTo("2  $aA Conference");
        assertThat(data(r, "245")).isEqualTo("00 $aA title");
        assertThat(all(r, "264")).containsExactly(" 1 $aCambridge$bMIT Press$c1999", " 1 $c2001");
        assertThat(data(r, "336")).isEqualTo("   $atext");
        // a format's name before and after "--"; "unmediated" has no second half, so no 338 of its own
        assertThat(all(r, "337")).containsExactly("   $acomputer", "   $aunmediated");
        assertThat(all(r, "338")).containsExactly("   $aonline resource");
        assertThat(data(r, "490")).isEqualTo("0  $aA series");
        assertThat(data(r, "655")).isEqualTo(" 4 $abibliography");
        assertThat(all(r, "856")).containsExactly("40 $uhttp://a.example$yFull text$zOpen$3v. 1",
                "41 $uhttp://b.example", "42 $uhttp://c.example", "4  $uhttp://d.example");
        assertThat(data(r, "999")).isEqualTo("ff $i" + ID);
    }

    @Test
    void selectedRules_byTheirIdsInRulesDefault_writeOnlyTheirFields() {
        JsonNode instance = Json.parse("{\"id\": \"" + ID + "\", \"hrid\": \"in1\", \"title\": \"T\", "
                + "\"subjects\": [\"Cats\"]}");
        Record r = InstanceMarc.of(instance, NAMES, java.util.Set.of("instance.title", "instance.id")::contains);
        assertThat(r.getVariableFields().stream().map(VariableField::getTag)).containsExactly("245", "999");
        assertThat(r.getLeader().marshal().substring(17, 20)).isEqualTo("3c ");
        assertThat(InstanceMarc.of(instance, NAMES, id -> false).getVariableFields()).isEmpty();
    }

    @Test
    void fixedLengthData_datesOfPublicationAndLanguages_asFolioReadsThem() {
        // only the publications that have a date count, and only four-character dates are written
        assertThat(f008("""
                {"publication": [{"place": "x"}, {"dateOfPublication": "1990"}, {"dateOfPublication": "c2001"}],
                 "languages": ["eng", "fre"]}""")).isEqualTo("261202|1990||||||||||||       |||||mul||");
        assertThat(f008("{\"publication\": [{\"dateOfPublication\": \"[1990?]\"}], \"languages\": [\"\"]}"))
                .isEqualTo("261202|||||||||||||||||       |||||und||");
        assertThat(f008("{\"metadata\": {\"createdDate\": \"2019-08-07T23:12:01.011+0000\"}, \"languages\": []}"))
                .isEqualTo("190807|||||||||||||||||       |||||und||");
        // a created date in neither of FOLIO's forms is today, as in FOLIO
        assertThat(f008("{\"metadata\": {\"createdDate\": \"2019-08-07\"}}")).startsWith("261202|");
    }

    @Test
    void transactionDate_asFolioWritesIt_andNoneWhenUnreadable() {
        assertThat(control(gen("{\"metadata\": {\"updatedDate\": \"2019-08-07T00:12:01.000Z\"}}"), "005"))
                .isEqualTo("20190807121201");
        assertThat(control(gen("{\"metadata\": {\"updatedDate\": \"2019-08-07T10:12:01.900+0200\"}}"), "005"))
                .isEqualTo("20190807081201.9");
        assertThat(gen("{\"metadata\": {\"updatedDate\": \"yesterday\"}}").getVariableField("005")).isNull();
    }

    /** Whatever shape a stored instance has, a record comes out: none of these may throw. */
    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"title\": 42, \"hrid\": null, \"identifiers\": \"x\", \"contributors\": {}}",
            "{\"publication\": {\"dateOfPublication\": \"1999\"}, \"languages\": \"eng\", \"metadata\": []}",
            "{\"contributors\": [null, 1, {\"name\": null, \"contributorNameTypeId\": 5}], \"identifiers\": [[]]}",
            "{\"instanceTypeId\": \"not-a-uuid\", \"instanceFormatIds\": [null, {}], \"natureOfContentTermIds\": 7}",
            "{\"electronicAccess\": [{}, {\"relationshipId\": [], \"uri\": 3}], \"series\": [null, {\"value\": {}}]}",
            "{\"publication\": [{\"dateOfPublication\": null}, null], \"languages\": [null, {}]}"})
    void malformedInstances_stillGiveARecord(String json) {
        Record r = gen(json);
        assertThat(control(r, "008")).hasSize(40);
        assertThat(r.getVariableField("999")).isNotNull();
    }

    private static Record gen(String json) {
        return InstanceMarc.of(Json.parse(json), NAMES, NOW);
    }

    private static String f008(String json) {
        return control(gen(json), "008");
    }

    private static String control(Record r, String tag) {
        return ((ControlField) r.getVariableField(tag)).getData();
    }

    private static String data(Record r, String tag) {
        assertThat(all(r, tag)).hasSize(1);
        return all(r, tag).getFirst();
    }

    /** Each field as indicators, a space and its subfields ("1  $aName"). */
    private static List<String> all(Record r, String tag) {
        return r.getVariableFields(tag).stream().map(f -> (DataField) f).map(f -> "" + f.getIndicator1()
                + f.getIndicator2() + " " + f.getSubfields().stream().map(s -> "$" + s.getCode() + s.getData())
                .reduce("", String::concat)).toList();
    }
}
