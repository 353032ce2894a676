package org.quire.marc;

import com.fasterxml.jackson.databind.JsonNode;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Leader;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.UUID;

/**
 * MARC for an instance that has no SRS record, by mod-data-export's default rules (src/main/resources/rules/
 * rulesDefault.json): leader 17–19 "3c ", 001 HRID, 005 from metadata.updatedDate, identifiers by type name (010
 * LCCN, 020 ISBN, 022 ISSN, 035 System control number and OCLC, 074 GPO item number), 245 00 $a title, 264 _1 $a $b $c
 * per publication, 300 $a per physical description, 490 0_ $a per series, 653 $a per subject, 700/710/711 $a per
 * contributor by its name type (personal 1_, corporate and meeting 2_), and 999 ff $i the instance id — which is
 * what lets a re-import match the instance again.
 *
 * <p>One generator for every place that serves MARC for an instance without an SRS record: data export, OAI-PMH
 * (mod-oai-pmh generates these records "on the fly" with the same rulesDefault.json: AbstractGetRecordsHelper
 * .generateRecordsOnTheFly) and SRU's marcxml.
 */
public final class InstanceMarc {
    private static final MarcFactory FACTORY = MarcFactory.newInstance();
    private static final DateTimeFormatter TRANSACTION = DateTimeFormatter.ofPattern("yyyyMMddHHmmss.S");

    /** Reference data the rules translate ids with: identifier type and contributor name type names by id. */
    public record Names(Map<UUID, String> identifierTypes, Map<UUID, String> contributorNameTypes) {
    }

    private InstanceMarc() {
    }

    public static Record of(JsonNode instance, Names names) {
        Record r = FACTORY.newRecord();
        Leader leader = FACTORY.newLeader("00000nam a2200000 a 4500");
        leader.setImplDefined2(new char[]{'3', 'c', ' '}); // positions 17-19 (set_17-19_positions)
        r.setLeader(leader);
        text(instance, "hrid").ifPresent(h -> r.addVariableField(FACTORY.newControlField("001", h)));
        text(instance.path("metadata"), "updatedDate").map(InstanceMarc::transactionDate)
                .ifPresent(d -> r.addVariableField(FACTORY.newControlField("005", d)));
        identifier(r, instance, names, "LCCN", "010");
        identifier(r, instance, names, "ISBN", "020");
        identifier(r, instance, names, "ISSN", "022");
        identifier(r, instance, names, "System control number", "035");
        identifier(r, instance, names, "OCLC", "035");
        identifier(r, instance, names, "GPO item number", "074");
        text(instance, "title").ifPresent(t -> r.addVariableField(field("245", '0', '0', 'a', t)));
        for (JsonNode p : instance.path("publication")) {
            DataField f = FACTORY.newDataField("264", ' ', '1');
            text(p, "place").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('a', v)));
            text(p, "publisher").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('b', v)));
            text(p, "dateOfPublication").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('c', v)));
            if (!f.getSubfields().isEmpty()) r.addVariableField(f);
        }
        strings(r, instance.path("physicalDescriptions"), "300", ' ', ' ');
        for (JsonNode s : instance.path("series")) {
            String v = s.isTextual() ? s.asText() : s.path("value").asText("");
            if (!v.isBlank()) r.addVariableField(field("490", '0', ' ', 'a', v));
        }
        for (JsonNode s : instance.path("subjects")) {
            String v = s.isTextual() ? s.asText() : s.path("value").asText("");
            if (!v.isBlank()) r.addVariableField(field("653", ' ', ' ', 'a', v));
        }
        for (JsonNode c : instance.path("contributors")) {
            String type = uuid(c.path("contributorNameTypeId").asText(null))
                    .map(names.contributorNameTypes()::get).orElse("");
            String name = c.path("name").asText("");
            if (name.isBlank()) continue;
            switch (type) {
                case "Personal name" -> r.addVariableField(field("700", '1', ' ', 'a', name));
                case "Corporate name" -> r.addVariableField(field("710", '2', ' ', 'a', name));
                case "Meeting name" -> r.addVariableField(field("711", '2', ' ', 'a', name));
                default -> { } // no rule for other name types
            }
        }
        r.addVariableField(field("999", 'f', 'f', 'i', instance.path("id").asText()));
        return r;
    }

    private static void identifier(Record r, JsonNode instance, Names names, String typeName, String tag) {
        for (JsonNode id : instance.path("identifiers")) {
            String type = uuid(id.path("identifierTypeId").asText(null)).map(names.identifierTypes()::get).orElse("");
            String value = id.path("value").asText("");
            if (type.equals(typeName) && !value.isBlank()) r.addVariableField(field(tag, ' ', ' ', 'a', value));
        }
    }

    private static void strings(Record r, JsonNode array, String tag, char ind1, char ind2) {
        for (JsonNode v : array) {
            if (v.isTextual() && !v.asText().isBlank()) r.addVariableField(field(tag, ind1, ind2, 'a', v.asText()));
        }
    }

    private static DataField field(String tag, char ind1, char ind2, char code, String value) {
        DataField f = FACTORY.newDataField(tag, ind1, ind2);
        f.addSubfield(FACTORY.newSubfield(code, value));
        return f;
    }

    private static java.util.Optional<String> text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isValueNode() && !v.asText().isBlank() ? java.util.Optional.of(v.asText()) : java.util.Optional.empty();
    }

    private static java.util.Optional<UUID> uuid(String s) {
        return org.quire.platform.Ids.parse(s);
    }

    /** set_transaction_datetime: yyyyMMddHHmmss.f in UTC; an unparsable date leaves 005 out. */
    private static String transactionDate(String iso) {
        try {
            return OffsetDateTime.parse(iso.replaceFirst("\\+0000$", "Z").replaceFirst("([+-]\\d\\d)(\\d\\d)$", "$1:$2"))
                    .withOffsetSameInstant(ZoneOffset.UTC).format(TRANSACTION);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
