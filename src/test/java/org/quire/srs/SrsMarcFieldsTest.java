package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.quire.marc.MarcRecords;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** What FOLIO's import writes into a MARC record (SRM's 035 and 999 $s, mod-inventory's 001 and 999 $i), on real records. */
class SrsMarcFieldsTest {

    static List<String> tags(Record r) {
        List<String> tags = new ArrayList<>();
        r.getVariableFields().forEach(f -> tags.add(f.getTag()));
        return tags;
    }

    static List<DataField> fields(Record r, String tag) {
        return r.getDataFields().stream().filter(f -> f.getTag().equals(tag)).toList();
    }

    @Test
    void importWritesFolioFieldsBack() throws Exception {
        List<Record> records = SrsApiTest.read("bib/lc-booksall-2016-part01.recs000001-020000.mrc", 50);
        int checked = 0;
        for (Record marc : records) {
            String f001 = marc.getControlNumber();
            var f003 = marc.getControlFields().stream().filter(c -> c.getTag().equals("003")).findFirst();
            if (f001 == null) continue;
            String expected035 = f003.map(c -> "(" + c.getData() + ")" + f001).orElse(f001);
            boolean had035 = fields(marc, "035").stream().anyMatch(f -> f.getSubfields('a').stream()
                    .anyMatch(s -> s.getData().equals(expected035)));
            int count035 = fields(marc, "035").size();

            UUID id = UUID.randomUUID(), snapshot = UUID.randomUUID(), instance = UUID.randomUUID();
            SrsRecord rec = SrsRecord.fromImport(id, snapshot, SrsRecordType.MARC_BIB, marc, checked);
            assertThat(fields(marc, "035")).hasSize(had035 ? count035 : count035 + 1);
            assertThat(SrsMarcFields.subfield(marc, "035", 'a')).isNotNull();
            assertThat(SrsMarcFields.subfield(marc, "999", 's')).isEqualTo(id.toString());
            List<String> dataTags = marc.getDataFields().stream().map(DataField::getTag).toList();
            assertThat(dataTags.indexOf("035")).isLessThan(dataTags.indexOf("245"));
            assertThat(dataTags.getLast()).isEqualTo("999");

            SrsMarcFields.afterParsing(marc, id); // again: no second 035, still one $s
            assertThat(fields(marc, "035")).hasSize(had035 ? count035 : count035 + 1);
            assertThat(fields(marc, "999").getFirst().getSubfields('s')).hasSize(1);

            SrsRecord linked = rec.linkedToInstance(instance, "in" + (1000 + checked));
            Record back = MarcRecords.fromIso2709(linked.rawContent());
            assertThat(back.getControlNumber()).isEqualTo("in" + (1000 + checked));
            assertThat(tags(back).getFirst()).isEqualTo("001");
            List<DataField> ff = fields(back, "999");
            assertThat(ff).hasSize(1);
            assertThat(ff.getFirst().getIndicator1()).isEqualTo('f');
            assertThat(ff.getFirst().getSubfield('i').getData()).isEqualTo(instance.toString());
            assertThat(ff.getFirst().getSubfield('s').getData()).isEqualTo(id.toString());
            assertThat(linked.externalIds().instanceId()).isEqualTo(instance);
            assertThat(linked.externalIds().instanceHrid()).isEqualTo("in" + (1000 + checked));
            JsonNode parsed = linked.parsedContent();
            assertThat(parsed.at("/fields/0/001").asText()).isEqualTo("in" + (1000 + checked));
            assertThat(MarcRecords.toMarcJson(back)).isEqualTo(parsed);
            checked++;
        }
        assertThat(checked).isGreaterThan(40);
    }
}
