package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.platform.domain.Refused;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A match profile as the importer runs it: its first match detail (data-import-processing-core's MatchingManager
 * reads {@code matchDetails[0]}), the incoming MARC field and the existing record's field it must equal.
 *
 * <p>Incoming: {@code incomingMatchExpression} with dataValueType VALUE_FROM_RECORD and the fields {@code field},
 * {@code indicator1}, {@code indicator2}, {@code recordSubfield} (MarcValueReaderUtil: an indicator "*" matches any,
 * "" matches blank). Existing: an INSTANCE's {@code instance.id}, {@code instance.hrid} or
 * {@code instance.identifiers[].value} with an {@code identifierTypeId} (LoadQueryBuilder's identifier query), or a
 * MARC_BIBLIOGRAPHIC record's 001 (its instance HRID), 999 ff $i (its instance id) or 999 ff $s (its matched id);
 * a HOLDINGS record's {@code holdingsrecord.id} or {@code holdingsrecord.hrid}; an ITEM's {@code item.id},
 * {@code item.hrid} or {@code item.barcode}.
 * The criterion must be EXACTLY_MATCHES and there is no qualifier; anything else is refused when the job starts
 * (422) rather than matched differently from FOLIO.
 */
record MatchRule(String profileName, String tag, String ind1, String ind2, Character subfield, Existing existing,
                 String identifierTypeId) {

    /** What the incoming value is compared with. */
    enum Existing {
        INSTANCE_ID, INSTANCE_HRID, INSTANCE_IDENTIFIER, MARC_INSTANCE_ID, MARC_INSTANCE_HRID, MARC_MATCHED_ID,
        HOLDINGS_ID, HOLDINGS_HRID, ITEM_ID, ITEM_HRID, ITEM_BARCODE
    }

    /** Which inventory record a match finds: INSTANCE (also through its MARC Bib), HOLDINGS or ITEM. */
    enum Entity { INSTANCE, HOLDINGS, ITEM }

    Entity entity() {
        return switch (existing) {
            case HOLDINGS_ID, HOLDINGS_HRID -> Entity.HOLDINGS;
            case ITEM_ID, ITEM_HRID, ITEM_BARCODE -> Entity.ITEM;
            default -> Entity.INSTANCE;
        };
    }

    /** Whether the existing side is a UUID (values compare as canonical UUID text). */
    boolean byId() {
        return switch (existing) {
            case INSTANCE_ID, MARC_INSTANCE_ID, MARC_MATCHED_ID, HOLDINGS_ID, ITEM_ID -> true;
            default -> false;
        };
    }

    /** The rule of a match profile node; a Refused (422) naming the profile and what Quire cannot match on. */
    static MatchRule of(ProfileSnapshot node) {
        JsonNode p = node.content();
        String name = p.path("name").asText("");
        JsonNode detail = p.path("matchDetails").path(0);
        if (!detail.isObject()) throw refused(name, "it has no matchDetails");
        String criterion = detail.path("matchCriterion").asText("(none)");
        if (!criterion.equals("EXACTLY_MATCHES")) {
            throw refused(name, "matchCriterion " + criterion + " (Quire matches EXACTLY_MATCHES only)");
        }
        JsonNode in = detail.path("incomingMatchExpression");
        JsonNode ex = detail.path("existingMatchExpression");
        for (JsonNode e : List.of(in, ex)) {
            if (!"VALUE_FROM_RECORD".equals(e.path("dataValueType").asText())) {
                throw refused(name, "dataValueType " + e.path("dataValueType").asText("(none)")
                        + " (Quire matches VALUE_FROM_RECORD only)");
            }
            JsonNode q = e.path("qualifier");
            if (q.hasNonNull("qualifierType") || q.hasNonNull("comparisonPart")) {
                throw refused(name, "a qualifier (Quire matches whole values only)");
            }
        }
        String incomingType = detail.path("incomingRecordType").asText(p.path("incomingRecordType").asText());
        if (!incomingType.equals("MARC_BIBLIOGRAPHIC")) {
            throw refused(name, "incoming record type " + incomingType + " (Quire matches MARC_BIBLIOGRAPHIC only)");
        }
        Map<String, String> inFields = fields(in);
        String tag = inFields.getOrDefault("field", "");
        if (!tag.matches("\\d{3}")) throw refused(name, "incoming field '" + tag + "' (a MARC tag is three digits)");
        String sub = inFields.getOrDefault("recordSubfield", "");
        boolean control = tag.compareTo("010") < 0;
        if (!control && sub.length() != 1) {
            throw refused(name, "incoming field " + tag + " without a subfield");
        }
        Existing existing;
        String identifierType = null;
        String existingType = detail.path("existingRecordType").asText(p.path("existingRecordType").asText());
        Map<String, String> exFields = fields(ex);
        String exField = exFields.getOrDefault("field", "");
        switch (existingType) {
            case "INSTANCE" -> {
                switch (exField) {
                    case "instance.id" -> existing = Existing.INSTANCE_ID;
                    case "instance.hrid" -> existing = Existing.INSTANCE_HRID;
                    case "instance.identifiers[].value" -> {
                        existing = Existing.INSTANCE_IDENTIFIER;
                        identifierType = exFields.get("identifierTypeId");
                        if (identifierType == null || identifierType.isBlank()) {
                            throw refused(name, "instance.identifiers[].value without an identifierTypeId");
                        }
                    }
                    default -> throw refused(name, "existing Instance field '" + exField
                            + "' (Quire matches instance.id, instance.hrid and instance.identifiers[].value)");
                }
            }
            case "MARC_BIBLIOGRAPHIC" -> {
                String exSub = exFields.getOrDefault("recordSubfield", "");
                if (exField.equals("001")) {
                    existing = Existing.MARC_INSTANCE_HRID;
                } else if (exField.equals("999") && exSub.equals("i")) {
                    existing = Existing.MARC_INSTANCE_ID;
                } else if (exField.equals("999") && exSub.equals("s")) {
                    existing = Existing.MARC_MATCHED_ID;
                } else {
                    throw refused(name, "existing MARC field " + exField + (exSub.isEmpty() ? "" : " $" + exSub)
                            + " (Quire matches an existing MARC Bib on 001, 999 ff $i and 999 ff $s)");
                }
            }
            // mod-inventory's MatchHoldingEventHandler / MatchItemEventHandler (HoldingLoader, ItemLoader): the
            // fields ui-data-import offers most for an existing holdings record or item.
            case "HOLDINGS" -> existing = switch (exField) {
                case "holdingsrecord.id" -> Existing.HOLDINGS_ID;
                case "holdingsrecord.hrid" -> Existing.HOLDINGS_HRID;
                default -> throw refused(name, "existing Holdings field '" + exField
                        + "' (Quire matches holdingsrecord.id and holdingsrecord.hrid)");
            };
            case "ITEM" -> existing = switch (exField) {
                case "item.id" -> Existing.ITEM_ID;
                case "item.hrid" -> Existing.ITEM_HRID;
                case "item.barcode" -> Existing.ITEM_BARCODE;
                default -> throw refused(name, "existing Item field '" + exField
                        + "' (Quire matches item.id, item.hrid and item.barcode)");
            };
            default -> throw refused(name, "existing record type " + existingType
                    + " (Quire matches INSTANCE, MARC_BIBLIOGRAPHIC, HOLDINGS and ITEM)");
        }
        return new MatchRule(name, tag, inFields.getOrDefault("indicator1", ""),
                inFields.getOrDefault("indicator2", ""), control ? null : sub.charAt(0), existing, identifierType);
    }

    private static Refused refused(String profile, String what) {
        return Refused.because("Match profile '" + profile + "' cannot be run: " + what, "matchProfile", profile);
    }

    private static Map<String, String> fields(JsonNode expression) {
        Map<String, String> out = new HashMap<>();
        for (JsonNode f : expression.path("fields")) out.put(f.path("label").asText(), f.path("value").asText(""));
        return out;
    }

    /** The incoming record's values for this rule, trimmed, without blanks and duplicates, in record order. */
    List<String> values(Record marc) {
        Set<String> out = new LinkedHashSet<>();
        if (subfield == null) {
            for (ControlField cf : marc.getControlFields()) if (cf.getTag().equals(tag)) add(out, cf.getData());
            return new ArrayList<>(out);
        }
        for (DataField df : marc.getDataFields()) {
            if (!df.getTag().equals(tag) || !indicator(ind1, df.getIndicator1())
                    || !indicator(ind2, df.getIndicator2())) continue;
            for (Subfield sf : df.getSubfields(subfield)) add(out, sf.getData());
        }
        return new ArrayList<>(out);
    }

    private static void add(Set<String> out, String v) {
        if (v != null && !v.isBlank()) out.add(v.strip());
    }

    /** MarcValueReaderUtil.isIndicatorMatched: "*" any, "" (or blank) a blank indicator, else the same character. */
    private static boolean indicator(String wanted, char actual) {
        if (wanted.equals("*")) return true;
        if (wanted.isBlank()) return actual == ' ';
        return wanted.length() == 1 && wanted.charAt(0) == actual;
    }
}
