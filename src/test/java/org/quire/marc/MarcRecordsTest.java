package org.quire.marc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marc4j.marc.Record;
import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SRS's three forms of a MARC record, round-tripped on real bibliographic, authority and holdings files. */
class MarcRecordsTest {

    static List<Record> first(Path file, int n) throws Exception {
        try (Stream<MarcRecordOrError> s = MarcFiles.read(file)) {
            return s.filter(e -> !e.isError()).limit(n).map(MarcRecordOrError::record).toList();
        }
    }

    static Path data(String folderAndFile) {
        return TestData.shared().resolve("data/marc").resolve(folderAndFile);
    }

    /** The leader without what ISO 2709 recomputes (record length, base address) and the coding scheme. */
    static String stableLeader(String leader) {
        return leader.substring(5, 9) + leader.substring(10, 12) + leader.substring(17);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bib/folio-data-import-100.mrc", "bib/evergreen-hebrew.marc8.mrc",
            "bib/evergreen-fsl-armenian-cyrillic.mrc", "bib/marc2bibframe2-dnb.marcxml",
            "authority/iisg-dutch-authorities-1066.mrc", "authority/lc-naf-names-5k.mrc",
            "holdings/nla-marc-holdings-1k.mrc", "holdings/evergreen-serials-mfhd.marcxml"})
    void roundTripsThroughMarcJsonAndIso2709(String file) throws Exception {
        List<Record> records = first(data(file), 150);
        assertThat(records).hasSizeGreaterThanOrEqualTo(7);
        for (Record rec : records) {
            ObjectNode json = MarcRecords.toMarcJson(rec);
            // MARC-in-JSON → marc4j → MARC-in-JSON is the identity, and so is its text form (what SRS stores as jsonb)
            assertThat(MarcRecords.toMarcJson(MarcRecords.fromMarcJson(json))).isEqualTo(json);
            assertThat(MarcRecords.toMarcJson(MarcRecords.fromMarcJson(Json.object().textNode(Json.write(json)))))
                    .isEqualTo(json);

            // ISO 2709 in UTF-8: its leader's length is its byte length, and reading it back gives the same fields
            String raw = MarcRecords.toIso2709(rec);
            byte[] bytes = raw.getBytes(StandardCharsets.UTF_8);
            assertThat(bytes.length).isEqualTo(Integer.parseInt(raw.substring(0, 5)));
            assertThat(raw.charAt(9)).isEqualTo('a');
            assertThat(bytes[bytes.length - 1]).isEqualTo((byte) 0x1D);
            ObjectNode again = MarcRecords.toMarcJson(MarcRecords.fromIso2709(raw));
            assertThat(again.get("fields")).isEqualTo(json.get("fields"));
            assertThat(stableLeader(again.get("leader").asText())).isEqualTo(stableLeader(json.get("leader").asText()));

            // formattedContent: marc4j's text form, one line per field after the leader
            String text = MarcRecords.toFormattedText(rec);
            assertThat(text).startsWith("LEADER " + rec.getLeader().marshal());
            assertThat(text.strip().split("\n")).hasSize(1 + json.get("fields").size());
        }
    }

    @Test
    void marcJsonHasSrsShape() throws Exception {
        Record rec = first(data("bib/folio-data-import-100.mrc"), 1).getFirst();
        ObjectNode json = MarcRecords.toMarcJson(rec);
        assertThat(json.get("leader").asText()).hasSize(24);
        JsonNode first = json.get("fields").get(0);
        assertThat(first.fieldNames().next()).isEqualTo("001");
        assertThat(first.get("001").isTextual()).isTrue();
        JsonNode f245 = null;
        for (JsonNode f : json.get("fields")) if (f.has("245")) f245 = f.get("245");
        assertThat(f245).isNotNull();
        assertThat(f245.fieldNames()).toIterable().containsExactly("ind1", "ind2", "subfields"); // as FOLIO's jsonb
        assertThat(json.fieldNames()).toIterable().containsExactly("fields", "leader");
        assertThat(f245.get("subfields").get(0).fieldNames().next()).isEqualTo("a");
        String title = f245.get("subfields").get(0).get("a").asText();
        String ind = f245.get("ind1").asText() + f245.get("ind2").asText();
        assertThat(MarcRecords.toFormattedText(rec)).contains("\n245 " + ind + "$a" + title);
    }

    @Test
    void malformedMarcJsonIsRefusedWithAReason() {
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.parse("[]")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be an object");
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.parse("{\"leader\":\"short\",\"fields\":[]}")))
                .hasMessageContaining("leader must be a string of 24 characters");
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.parse(
                "{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":{}}"))).hasMessageContaining("fields must be an array");
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.parse(
                "{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":[{\"245\":{\"ind1\":\"10\",\"subfields\":[]}}]}")))
                .hasMessageContaining("245 ind1 must be one character");
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.parse(
                "{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":[{\"245\":{\"subfields\":[{\"ab\":\"x\"}]}}]}")))
                .hasMessageContaining("invalid subfield of MARC field 245");
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.parse(
                "{\"leader\":\"00000nam a2200000 a 4500\",\"fields\":[{\"24\":\"x\"}]}")))
                .hasMessageContaining("invalid MARC tag: 24");
        assertThatThrownBy(() -> MarcRecords.fromMarcJson(Json.object().textNode("{not json")))
                .hasMessageContaining("not JSON");
    }
}
