package org.quire.marc;

import com.fasterxml.jackson.databind.JsonNode;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Leader;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * MARC for an instance that has no SRS record, by mod-data-export's default rules (src/main/resources/rules/
 * rulesDefault.json, the {@code $.instance…} version, with generate-marc-utils' translation functions), field by field
 * in the rules' order: leader 17–19 "3c ", 001 HRID, 005 from metadata.updatedDate, 008 (created date, the first two
 * four-character dates of publication, the language), identifiers by type name (010 LCCN, 020 ISBN, 022 ISSN, 035
 * System control number and OCLC, 074 GPO item number), 100/110/111 for primary contributors by name type, 245 00 $a
 * title, 264 _1 $a $b $c per publication, 300 $a per physical description, 336 $a the instance type's name, 337/338
 * $a the two halves of each instance format's name ("computer -- online resource"), 490 0_ $a per series, 653 $a per
 * subject, 655 _4 $a per nature-of-content term's name, 700/710/711 for the other contributors, 856 4_ per electronic
 * access (second indicator by relationship: Resource 0, Version of resource 1, Related resource 2, else blank), and 999
 * ff $i the instance id — which is what lets a re-import match the instance again.
 *
 * <p>One generator for every place that serves MARC for an instance without an SRS record: data export, OAI-PMH
 * (mod-oai-pmh generates these records "on the fly" with the same rulesDefault.json: AbstractGetRecordsHelper
 * .generateRecordsOnTheFly) and SRU's marcxml.
 */
public final class InstanceMarc {
    private static final MarcFactory FACTORY = MarcFactory.newInstance();
    /**
     * set_transaction_datetime's pattern, hour of the half-day included: FOLIO writes {@code hh}, so a record updated
     * at 15:12 UTC gets "03" in FOLIO's 005, and the tenths only when they are not zero. Quire writes what FOLIO does.
     */
    private static final DateTimeFormatter TRANSACTION = new DateTimeFormatterBuilder().appendPattern("yyyyMMddhhmmss")
            .appendFraction(ChronoField.MICRO_OF_SECOND, 0, 1, true).toFormatter();
    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd");
    /** The two forms generate-marc-utils parses a metadata date in (strictly; anything else is not a date). */
    private static final List<DateTimeFormatter> METADATA_DATES = List.of(
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ"),
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"));
    /** set_electronic_access_indicator's parameters in rulesDefault.json: relationship name → second indicator. */
    private static final Map<String, Character> RELATIONSHIP_INDICATORS = Map.of(
            "resource", '0', "version of resource", '1', "related resource", '2');

    /**
     * The tenant's reference names the rules translate ids to: identifier types, contributor name types, instance
     * types, instance formats, nature-of-content terms and electronic access relationships, each by id.
     */
    public record Names(Map<UUID, String> identifierTypes, Map<UUID, String> contributorNameTypes,
                        Map<UUID, String> instanceTypes, Map<UUID, String> instanceFormats,
                        Map<UUID, String> natureOfContentTerms, Map<UUID, String> electronicAccessRelationships) {
    }

    private InstanceMarc() {
    }

    public static Record of(JsonNode instance, Names names) {
        return of(instance, names, Instant.now(), id -> true);
    }

    /**
     * The record by the rules {@code selected} picks (their ids in rulesDefault.json, e.g. {@code instance.title}):
     * what a mapping profile's instance transformations without a value ask for. The leader is always written.
     */
    public static Record of(JsonNode instance, Names names, Predicate<String> selected) {
        return of(instance, names, Instant.now(), selected);
    }

    /** {@code now} stands in for an instance without a readable created date (008/00–05), as FOLIO's does. */
    static Record of(JsonNode instance, Names names, Instant now) {
        return of(instance, names, now, id -> true);
    }

    private static Record of(JsonNode instance, Names names, Instant now,
                             Predicate<String> selected) {
        Record r = FACTORY.newRecord();
        Leader leader = FACTORY.newLeader("00000nam a2200000 a 4500");
        leader.setImplDefined2(new char[]{'3', 'c', ' '}); // positions 17-19 (set_17-19_positions)
        r.setLeader(leader);
        for (Rule rule : RULES) if (selected.test(rule.id())) rule.writer().write(r, instance, names, now);
        return r;
    }

    /** Writes one rule's fields of an instance into a record. */
    private interface Writer {
        void write(Record r, JsonNode instance, Names names, Instant now);
    }

    /** One entry of rulesDefault.json: its id and what it writes. */
    private record Rule(String id, Writer writer) {
    }

    /** rulesDefault.json's entries, in its order. */
    private static final List<Rule> RULES = List.of(
            new Rule("instance.hrid", (r, in, n, now) -> text(in, "hrid")
                    .ifPresent(h -> r.addVariableField(FACTORY.newControlField("001", h)))),
            new Rule("instance.metadata.updateddate", (r, in, n, now) -> text(in.path("metadata"), "updatedDate")
                    .flatMap(InstanceMarc::metadataDate)
                    .ifPresent(d -> r.addVariableField(FACTORY.newControlField("005", TRANSACTION.format(d))))),
            new Rule("instance.metadata.createddate", (r, in, n, now) ->
                    r.addVariableField(FACTORY.newControlField("008", fixedLengthData(in, now)))),
            new Rule("instance.identifiers.lccn", (r, in, n, now) -> identifier(r, in, n, "LCCN", "010")),
            new Rule("instance.identifiers.isbn", (r, in, n, now) -> identifier(r, in, n, "ISBN", "020")),
            new Rule("instance.identifiers.issn", (r, in, n, now) -> identifier(r, in, n, "ISSN", "022")),
            new Rule("instance.identifiers.systemcontrolnumber", (r, in, n, now) ->
                    identifier(r, in, n, "System control number", "035")),
            new Rule("instance.identifiers.oclc", (r, in, n, now) -> identifier(r, in, n, "OCLC", "035")),
            new Rule("instance.identifiers.gpo", (r, in, n, now) -> identifier(r, in, n, "GPO item number", "074")),
            new Rule("instance.contributornametypeid.personalname.primary", (r, in, n, now) ->
                    contributors(r, in, n, true, "Personal name", "100", '1')),
            new Rule("instance.contributornametypeid.corporatename.primary", (r, in, n, now) ->
                    contributors(r, in, n, true, "Corporate name", "110", '2')),
            new Rule("instance.contributornametypeid.meetingname.primary", (r, in, n, now) ->
                    contributors(r, in, n, true, "Meeting name", "111", '2')),
            new Rule("instance.title", (r, in, n, now) -> text(in, "title")
                    .ifPresent(t -> r.addVariableField(field("245", '0', '0', 'a', t)))),
            new Rule("instance.publication", (r, in, n, now) -> {
                for (JsonNode p : in.path("publication")) {
                    DataField f = FACTORY.newDataField("264", ' ', '1');
                    text(p, "place").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('a', v)));
                    text(p, "publisher").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('b', v)));
                    text(p, "dateOfPublication").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('c', v)));
                    if (!f.getSubfields().isEmpty()) r.addVariableField(f);
                }
            }),
            new Rule("instance.physicalDescriptions", (r, in, n, now) -> strings(in.path("physicalDescriptions"))
                    .forEach(v -> r.addVariableField(field("300", ' ', ' ', 'a', v)))),
            new Rule("instance.instancetypeid", (r, in, n, now) -> name(in.path("instanceTypeId"), n.instanceTypes())
                    .ifPresent(v -> r.addVariableField(field("336", ' ', ' ', 'a', v)))),
            new Rule("instance.instanceformatids", (r, in, n, now) -> {
                formats(r, in, n, 0, "337");
                formats(r, in, n, 1, "338");
            }),
            new Rule("instance.series", (r, in, n, now) -> values(in.path("series"))
                    .forEach(v -> r.addVariableField(field("490", '0', ' ', 'a', v)))),
            new Rule("instance.subjects", (r, in, n, now) -> values(in.path("subjects"))
                    .forEach(v -> r.addVariableField(field("653", ' ', ' ', 'a', v)))),
            new Rule("instance.natureofcontenttermids", (r, in, n, now) -> {
                for (JsonNode id : in.path("natureOfContentTermIds")) {
                    name(id, n.natureOfContentTerms()).ifPresent(v -> r.addVariableField(field("655", ' ', '4', 'a', v)));
                }
            }),
            new Rule("instance.contributornametypeid.personalname", (r, in, n, now) ->
                    contributors(r, in, n, false, "Personal name", "700", '1')),
            new Rule("instance.contributornametypeid.corporatename", (r, in, n, now) ->
                    contributors(r, in, n, false, "Corporate name", "710", '2')),
            new Rule("instance.contributornametypeid.meetingname", (r, in, n, now) ->
                    contributors(r, in, n, false, "Meeting name", "711", '2')),
            new Rule("instance.electronicAccess", (r, in, n, now) -> {
                for (JsonNode e : in.path("electronicAccess")) electronicAccess(r, e, n);
            }),
            new Rule("instance.id", (r, in, n, now) ->
                    r.addVariableField(field("999", 'f', 'f', 'i', in.path("id").asText()))));

    /**
     * set_fixed_length_data_elements: 00–05 the created date (yyMMdd, UTC; today when there is none readable), 06 "|",
     * 07–10 and 11–14 the first two dates of publication when four characters long (else "||||"), 15–22 "|", 23–29
     * blank, 30–34 "|", 35–37 the one language, "mul" for more, "und" for none, 38–39 "|".
     */
    static String fixedLengthData(JsonNode instance, Instant now) {
        OffsetDateTime created = text(instance.path("metadata"), "createdDate").flatMap(InstanceMarc::metadataDate)
                .orElse(now.atOffset(ZoneOffset.UTC));
        // FOLIO's JSONPath $.instance.publication[*].dateOfPublication: only the publications that have one
        List<String> dates = new ArrayList<>();
        for (JsonNode p : instance.path("publication")) {
            JsonNode d = p.path("dateOfPublication");
            if (d.isValueNode() && !d.isNull()) dates.add(d.asText());
        }
        String date1 = dates.size() > 0 && dates.get(0).length() == 4 ? dates.get(0) : "||||";
        String date2 = dates.size() > 1 && dates.get(1).length() == 4 ? dates.get(1) : "||||";
        JsonNode languages = instance.path("languages");
        String language = !languages.isArray() || languages.isEmpty() ? "und"
                : languages.size() > 1 ? "mul"
                : languages.get(0).isValueNode() && !languages.get(0).asText().isEmpty() ? languages.get(0).asText()
                : "und";
        return YYMMDD.format(created) + "|" + date1 + date2 + "||||||||       |||||" + language + "||";
    }

    private static void identifier(Record r, JsonNode instance, Names names, String typeName, String tag) {
        for (JsonNode id : instance.path("identifiers")) {
            boolean ofType = name(id.path("identifierTypeId"), names.identifierTypes())
                    .filter(typeName::equalsIgnoreCase).isPresent();
            text(id, "value").filter(v -> ofType).ifPresent(v -> r.addVariableField(field(tag, ' ', ' ', 'a', v)));
        }
    }

    /** The primary contributors (1XX) or the others (7XX) of one name type. */
    private static void contributors(Record r, JsonNode instance, Names names, boolean primary, String nameType,
                                     String tag, char ind1) {
        for (JsonNode c : instance.path("contributors")) {
            if (c.path("primary").asBoolean(false) != primary) continue;
            boolean ofType = name(c.path("contributorNameTypeId"), names.contributorNameTypes())
                    .filter(nameType::equalsIgnoreCase).isPresent();
            text(c, "name").filter(n -> ofType).ifPresent(n -> r.addVariableField(field(tag, ind1, ' ', 'a', n)));
        }
    }

    /** set_instance_format_id: half 0 or 1 of the format's name split at "--", trimmed; none when blank. */
    private static void formats(Record r, JsonNode instance, Names names, int half, String tag) {
        for (JsonNode id : instance.path("instanceFormatIds")) {
            name(id, names.instanceFormats()).map(n -> n.split("--")).filter(parts -> parts.length > half)
                    .map(parts -> parts[half].trim()).filter(v -> !v.isEmpty())
                    .ifPresent(v -> r.addVariableField(field(tag, ' ', ' ', 'a', v)));
        }
    }

    private static void electronicAccess(Record r, JsonNode e, Names names) {
        char ind2 = name(e.path("relationshipId"), names.electronicAccessRelationships())
                .map(n -> RELATIONSHIP_INDICATORS.get(n.toLowerCase(java.util.Locale.ROOT))).orElse(' ');
        DataField f = FACTORY.newDataField("856", '4', ind2);
        text(e, "uri").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('u', v)));
        text(e, "linkText").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('y', v)));
        text(e, "publicNote").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('z', v)));
        text(e, "materialsSpecification").ifPresent(v -> f.addSubfield(FACTORY.newSubfield('3', v)));
        if (!f.getSubfields().isEmpty()) r.addVariableField(f);
    }

    /** An array's non-blank strings. */
    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : array) if (v.isTextual() && !v.asText().isBlank()) out.add(v.asText());
        return out;
    }

    /** An array's non-blank values, given as strings or as objects with a "value" (series, subjects). */
    private static List<String> values(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode s : array) {
            String v = s.isTextual() ? s.asText() : s.path("value").isTextual() ? s.path("value").asText() : "";
            if (!v.isBlank()) out.add(v);
        }
        return out;
    }

    private static Optional<String> name(JsonNode id, Map<UUID, String> names) {
        return (id.isTextual() ? org.quire.platform.Ids.parse(id.asText()) : Optional.<UUID>empty()).map(names::get);
    }

    private static DataField field(String tag, char ind1, char ind2, char code, String value) {
        DataField f = FACTORY.newDataField(tag, ind1, ind2);
        f.addSubfield(FACTORY.newSubfield(code, value));
        return f;
    }

    private static Optional<String> text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isValueNode() && !v.isNull() && !v.asText().isBlank() ? Optional.of(v.asText()) : Optional.empty();
    }

    /** A metadata date as generate-marc-utils reads it, in UTC; empty when it is not in one of its two forms. */
    public static Optional<OffsetDateTime> metadataDate(String s) {
        for (DateTimeFormatter f : METADATA_DATES) {
            try {
                return Optional.of(OffsetDateTime.parse(s, f).withOffsetSameInstant(ZoneOffset.UTC));
            } catch (DateTimeParseException e) {
                // the other form
            }
        }
        return Optional.empty();
    }
}
