package org.quire.dataexport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.InvalidPathException;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.marc4j.marc.VariableField;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The MARC fields a mapping profile's transformations make (mod-data-export's RuleFactory and
 * TransformationRuleBuilder, generate-marc-utils' reader and writer). An enabled transformation with a path and a
 * value "TAGi1i2$s" is a subfield of the field TAG with those indicators; transformations with the same tag and
 * indicators share one field, their subfields in code order (letters, then digits). A field of holdings values is
 * written once per holdings record; a field with any item transformation once per item, with $3 its holdings
 * record's HRID; a field of instance values once. Where a subfield's path finds several values (two notes of a type),
 * the field is written once for each, the other subfields repeating their first value. "TAGi1i2" without a subfield
 * is a control field, one per value. An instance transformation with no value asks for the default rule of its field
 * id ({@link #defaultRules}); holdings and item transformations with no value add nothing.
 */
final class TransformedFields {
    private static final MarcFactory FACTORY = MarcFactory.newInstance();
    /** As generate-marc-utils reads: a list always, null for a missing leaf, no exception for a missing path. */
    private static final Configuration JSON_PATH = Configuration.builder().jsonProvider(new JacksonJsonNodeJsonProvider())
            .mappingProvider(new JacksonMappingProvider())
            .options(Option.ALWAYS_RETURN_LIST, Option.SUPPRESS_EXCEPTIONS, Option.DEFAULT_PATH_LEAF_TO_NULL).build();
    /** SUBFIELD_COMPARATOR: letters in order, then digits. */
    private static final Comparator<Source> SUBFIELDS = Comparator.comparing((Source s) -> Character.isDigit(s.code()))
            .thenComparing(Source::code);

    private record Source(char code, JsonPath path, UnaryOperator<String> translation) {
    }

    /** One field to write: a data field with its subfields' sources, or a control field (code 0) of one source. */
    private record Rule(String tag, String indicators, List<Source> sources, boolean item, boolean control) {
        boolean ofHoldings() {
            return sources.stream().anyMatch(s -> s.path().getPath().contains("['holdings']"));
        }
    }

    private final List<Rule> rules;
    private final Set<String> defaultRules;

    private TransformedFields(List<Rule> rules, Set<String> defaultRules) {
        this.rules = rules;
        this.defaultRules = defaultRules;
    }

    /**
     * The default rules (rulesDefault.json's ids) that instance transformations without a value ask for: FOLIO's
     * DefaultRuleBuilder adds the default rule whose id is the transformation's field id.
     */
    Set<String> defaultRules() {
        return defaultRules;
    }

    static TransformedFields of(MappingProfile profile, TransformationNames names) {
        List<Rule> rules = new ArrayList<>();
        Set<String> defaultRules = new HashSet<>();
        String temporaryLocation = profile.transformations().stream()
                .filter(t -> "HOLDINGS".equals(t.recordType()) && "holdings.temporarylocation.name".equals(t.fieldId()))
                .map(MappingProfile.Transformation::transformation).findFirst().orElse(null);
        for (MappingProfile.Transformation t : profile.transformations()) {
            String value = t.transformation();
            if (!t.enabled() || t.path().isBlank()) continue;
            if (value.isBlank() && "INSTANCE".equals(t.recordType())) defaultRules.add(t.fieldId());
            if (value.isBlank() || value.length() < 5) continue;
            // RuleFactory: the permanent location is left out where the temporary one fills the same subfield
            if ("HOLDINGS".equals(t.recordType()) && "holdings.permanentlocation.name".equals(t.fieldId())
                    && value.equals(temporaryLocation)) continue;
            JsonPath path;
            try {
                path = JsonPath.compile(t.path());
            } catch (InvalidPathException | IllegalArgumentException e) {
                continue; // refused when the profile is written; one stored before that is left out
            }
            String tag = value.substring(0, 3), indicators = value.substring(3, 5);
            int dollar = value.indexOf('$');
            boolean item = "ITEM".equals(t.recordType());
            Source source = new Source(dollar < 0 || dollar + 1 >= value.length() ? 0 : value.charAt(dollar + 1),
                    path, names.translation(t.fieldId()));
            if (dollar < 0) {
                rules.add(new Rule(tag, indicators, List.of(source), item, true));
                continue;
            }
            int same = indexOf(rules, tag, indicators);
            if (same < 0) {
                rules.add(new Rule(tag, indicators, new ArrayList<>(List.of(source)), item, false));
            } else {
                Rule r = rules.get(same);
                r.sources().add(source);
                if (item && !r.item()) rules.set(same, new Rule(tag, indicators, r.sources(), true, false));
            }
        }
        for (Rule r : rules) if (!r.control()) r.sources().sort(SUBFIELDS);
        // generate-marc-utils' RuleHandler writes the item fields after all others
        rules.sort(Comparator.comparing(Rule::item));
        return new TransformedFields(List.copyOf(rules), Set.copyOf(defaultRules));
    }

    private static int indexOf(List<Rule> rules, String tag, String indicators) {
        for (int i = 0; i < rules.size(); i++) {
            Rule r = rules.get(i);
            if (!r.control() && r.tag().equals(tag) && r.indicators().equals(indicators)) return i;
        }
        return -1;
    }

    /**
     * The fields for one instance ({@code instance} null where FOLIO reads only the holdings: beside an SRS record)
     * and its holdings records, each with its {@code items}.
     */
    List<VariableField> fields(JsonNode instance, List<ObjectNode> holdings) {
        List<VariableField> out = new ArrayList<>();
        for (Rule r : rules) {
            if (r.item()) {
                for (ObjectNode h : holdings) {
                    for (JsonNode item : h.path("items")) {
                        ObjectNode one = Json.object().setAll(h); // the holdings record with this item alone
                        one.putArray("items").add(item);
                        write(r, document(instance, List.of(one)), h.path("hrid").asText(null), out);
                    }
                }
            } else if (r.ofHoldings()) {
                for (ObjectNode h : holdings) write(r, document(instance, List.of(h)), null, out);
            } else {
                write(r, document(instance, holdings), null, out);
            }
        }
        return out;
    }

    private static JsonNode document(JsonNode instance, List<ObjectNode> holdings) {
        ObjectNode doc = Json.object();
        if (instance != null) doc.set("instance", instance);
        if (!holdings.isEmpty()) doc.putArray("holdings").addAll(holdings);
        return doc;
    }

    /** The rule's fields from one document: one per value of its longest source. */
    private static void write(Rule r, JsonNode doc, String holdingsHrid, List<VariableField> out) {
        List<List<String>> values = new ArrayList<>();
        int width = 0;
        var context = JsonPath.using(JSON_PATH).parse(doc); // one document, read once per source
        for (Source s : r.sources()) {
            List<String> v = new ArrayList<>();
            if (context.read(s.path()) instanceof ArrayNode found) {
                for (JsonNode n : found) v.add(n == null || n.isNull() ? null : n.isValueNode() ? n.asText() : n.toString());
            }
            values.add(v);
            width = Math.max(width, v.size());
        }
        for (int row = 0; row < width; row++) {
            if (r.control()) {
                String v = translated(r.sources().getFirst(), values.getFirst().get(row));
                if (v != null) out.add(FACTORY.newControlField(r.tag(), v));
                continue;
            }
            DataField f = FACTORY.newDataField(r.tag(), r.indicators().charAt(0), r.indicators().charAt(1));
            for (int s = 0; s < r.sources().size(); s++) {
                List<String> v = values.get(s);
                String value = v.isEmpty() ? null : translated(r.sources().get(s), row < v.size() ? v.get(row) : v.getFirst());
                if (value != null) f.addSubfield(FACTORY.newSubfield(r.sources().get(s).code(), value));
            }
            if (f.getSubfields().isEmpty()) continue;
            if (holdingsHrid != null) f.addSubfield(FACTORY.newSubfield('3', holdingsHrid));
            out.add(f);
        }
    }

    private static String translated(Source s, String value) {
        if (value == null) return null;
        String v = s.translation().apply(value);
        return v == null || v.isEmpty() ? null : v;
    }

    /**
     * Adds {@code fields} to {@code record}, its data fields then in tag order (the record's own first within a tag,
     * as mod-data-export's sorted record keeps them), and removes what the profile suppresses: its listed tags and,
     * with suppress999ff, every 999 ff.
     */
    static void merge(Record record, List<VariableField> fields, MappingProfile profile) {
        if (!fields.isEmpty()) {
            fields.forEach(record::addVariableField);
            List<DataField> data = new ArrayList<>(record.getDataFields());
            data.forEach(record::removeVariableField);
            data.stream().sorted(Comparator.comparing(DataField::getTag)).forEach(record::addVariableField);
        }
        if (profile.suppressedTags().isEmpty() && !profile.suppress999ff()) return;
        for (VariableField f : new ArrayList<>(record.getVariableFields())) {
            boolean ff = f instanceof DataField d && d.getTag().equals("999") && d.getIndicator1() == 'f'
                    && d.getIndicator2() == 'f';
            if (profile.suppressedTags().contains(f.getTag()) || (profile.suppress999ff() && ff)) {
                record.removeVariableField(f);
            }
        }
    }
}
