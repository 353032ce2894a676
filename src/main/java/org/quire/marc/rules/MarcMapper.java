package org.quire.marc.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marc4j.marc.ControlField;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;

/**
 * Maps MARC records with one compiled rule set and one tenant's reference data, as data-import-processing-core's
 * {@code Processor} does: control fields first, then data fields in record order; per field each mapping entry (an
 * {@code entity} or a single target) gathers the subfields it names, joins them ({@code subFieldDelimiter} groups,
 * else a space), runs its rules per subfield or on the joined text ({@code applyRulesOnConcatenatedData}) and writes
 * the target. Targets into an array of objects ({@code contributors.name}) share one new object per entity, or per
 * field for mapping entries outside an entity, or per subfield with {@code entityPerRepeatedSubfield}.
 *
 * <p>Thread-safe and never throwing for a record marc4j parsed: every branch tolerates missing or odd data. Quire
 * differences from FOLIO are deliberate and few: an array element missing its required field (a contributor without
 * a name, an identifier without a value) is dropped instead of failing the whole record in storage, and a too-short
 * control field maps what it has instead of failing the record.
 */
public final class MarcMapper {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final RulesType type;
    private final Rules rules;
    private final Lookups lookups;

    MarcMapper(RulesType type, Rules rules, Lookups lookups) {
        this.type = type;
        this.rules = rules;
        this.lookups = lookups;
    }

    public RulesType type() {
        return type;
    }

    /** The instance (mod-inventory-storage instance.json) for a MARC bibliographic record; the caller sets the id. */
    public ObjectNode toInstance(Record r) {
        ObjectNode instance = map(r);
        // mod-inventory's create-instance handler stores MARC-sourced instances with source "MARC" (the rules say MARC21).
        instance.put("source", "MARC");
        // The shipped rules target "subjects" and "series" as strings (the instance schema of their time); today's
        // instance.json has objects, and newer FOLIO rules target subjects.value / series.value directly.
        asValueObjects(instance, "subjects");
        asValueObjects(instance, "series");
        return instance;
    }

    private static void asValueObjects(ObjectNode instance, String name) {
        JsonNode array = instance.get(name);
        if (array == null || !array.isArray()) return;
        ArrayNode objects = JSON.arrayNode();
        for (JsonNode e : array) objects.add(e.isTextual() ? JSON.objectNode().put("value", e.asText()) : e);
        instance.set(name, objects);
    }

    /** The holdings record (holdingsrecord.json) for a MARC holdings record; the caller sets id and instanceId. */
    public ObjectNode toHoldings(Record r) {
        return map(r);
    }

    /** The authority record (mod-inventory-storage authority.json) for a MARC authority record. */
    public ObjectNode toAuthority(Record r) {
        return map(r);
    }

    /** The record mapped by this mapper's rules, whatever their type. */
    public ObjectNode map(Record r) {
        ObjectNode out = JSON.objectNode();
        String leader = r.getLeader() == null ? null : r.getLeader().toString();
        for (ControlField cf : r.getControlFields()) {
            List<Rules.Mapping> mappings = rules.byTag.get(cf.getTag());
            if (mappings == null) continue;
            Map<String, ObjectNode> shared = new HashMap<>(2);
            String data = cf.getData() == null ? "" : cf.getData();
            for (Rules.Mapping m : mappings) {
                for (Rules.Target t : m.targets()) {
                    String value = applyRules(t, data, null, leader);
                    if (!value.isEmpty()) put(out, t.path(), value, shared);
                }
            }
        }
        Set<String> firstFieldOnly = new HashSet<>();
        for (DataField df : r.getDataFields()) {
            String tag = mappedTag(df);
            List<Rules.Mapping> mappings = rules.byTag.get(tag);
            if (mappings == null) continue;
            boolean indicators = rules.tagHasIndicators.getOrDefault(tag, false);
            Map<String, ObjectNode> shared = new HashMap<>(2);
            for (Rules.Mapping m : mappings) {
                if (indicators && !indicatorsMatch(m, mappings, df)) continue;
                // FOLIO remembers ignoreSubsequentFields per tag, not per mapping entry.
                if (m.ignoreSubsequentFields() && !firstFieldOnly.add(tag)) continue;
                mapField(out, df, m, m.entity() ? new HashMap<>(4) : shared, leader);
            }
        }
        dropIncompleteElements(out);
        return out;
    }

    private String mappedTag(DataField df) {
        String tag = df.getTag();
        if (!"880".equals(tag) || rules.replacements.isEmpty()) return tag;
        Subfield six = df.getSubfield('6');
        String data = six == null || six.getData() == null ? "" : six.getData();
        for (Rules.Replacement rep : rules.replacements) {
            if (!rep.sourceDigits().isEmpty() && data.startsWith(rep.sourceDigits())) return rep.targetField();
        }
        return tag;
    }

    /** Processor's indicator check: an entry with indicators must match; one without is skipped if any entry matches. */
    private static boolean indicatorsMatch(Rules.Mapping m, List<Rules.Mapping> all, DataField df) {
        String i1 = String.valueOf(df.getIndicator1()), i2 = String.valueOf(df.getIndicator2());
        if (m.ind1() != null) {
            return (m.ind1().equals(i1) || "*".equals(m.ind1())) && (m.ind2().equals(i2) || "*".equals(m.ind2()));
        }
        for (Rules.Mapping other : all) {
            if (other.ind1() == null) continue;
            // The precedence (a || b && c) is FOLIO's chekOnIndicatorsMatches, kept as is.
            if (other.ind1().equals(i1) || "*".equals(other.ind1()) && (other.ind2().equals(i2) || "*".equals(other.ind2()))) {
                return false;
            }
        }
        return true;
    }

    private void mapField(ObjectNode out, DataField df, Rules.Mapping m, Map<String, ObjectNode> objects, String leader) {
        Set<Character> firstSubfieldOnly = new HashSet<>(4);
        Map<Integer, Map<String, ObjectNode>> perSubfield = m.perRepeatedSubfield() ? new HashMap<>() : null;
        for (Rules.Target t : m.targets()) {
            if (!hasAll(df, t.required())) return;
            List<Subfield> subfields = t.splitEvery() > 0 ? split(df.getSubfields(), t.splitEvery()) : df.getSubfields();
            if (!anyTaken(subfields, t)) continue;
            if (m.entity() && m.perRepeatedSubfield()) {
                for (int i = 0; i < subfields.size(); i++) {
                    Subfield sf = subfields.get(i);
                    if (t.subfields().indexOf(sf.getCode()) < 0 || !firstOccurrence(t, sf, firstSubfieldOnly)) continue;
                    String value = t.concat() ? text(sf) : applyRules(t, text(sf), df, leader);
                    if (!value.isEmpty()) put(out, t.path(), value, perSubfield.computeIfAbsent(i, k -> new HashMap<>(4)));
                }
                continue;
            }
            String value = joined(t, subfields, df, leader, firstSubfieldOnly);
            if (t.concat()) value = applyRules(t, value, df, leader);
            if (!value.isEmpty()) {
                put(out, t.path(), value, objects);
            } else if (t.alternative() != null) {
                Rules.Target alt = t.alternative();
                String altValue = joined(alt, subfields, df, leader, new HashSet<>(2));
                if (alt.concat()) altValue = applyRules(alt, altValue, df, leader);
                if (!altValue.isEmpty()) put(out, alt.path(), altValue, objects);
            }
        }
    }

    /** The target's subfields joined: within a delimiter group by its delimiter, groups by the separator. */
    private String joined(Rules.Target t, List<Subfield> subfields, DataField df, String leader, Set<Character> firstOnly) {
        List<Rules.Delimiter> groups = t.delimiters();
        StringBuilder[] buffers = new StringBuilder[Math.max(1, groups.size())];
        for (int i = 0; i < buffers.length; i++) buffers[i] = new StringBuilder();
        for (Subfield sf : subfields) {
            if (!t.takes(sf.getCode()) || !firstOccurrence(t, sf, firstOnly)) continue;
            if (t.subfields().indexOf(sf.getCode()) < 0) continue; // "any subfield" targets run on "" (constants, lookups)
            String data = t.concat() ? text(sf) : applyRules(t, text(sf), df, leader);
            int group = groupOf(groups, sf.getCode());
            if (group >= 0) {
                if (!buffers[group].isEmpty()) buffers[group].append(groups.get(group).value());
                buffers[group].append(data);
            } else {
                if (!buffers[0].isEmpty()) buffers[0].append(' ');
                buffers[0].append(data);
            }
        }
        if (buffers.length == 1) return buffers[0].toString();
        StringBuilder all = new StringBuilder();
        for (StringBuilder b : buffers) {
            if (b.isEmpty()) continue;
            if (!all.isEmpty()) all.append(t.separator());
            all.append(b);
        }
        return all.toString();
    }

    private static int groupOf(List<Rules.Delimiter> groups, char code) {
        for (int i = 0; i < groups.size(); i++) if (groups.get(i).subfields().indexOf(code) >= 0) return i;
        return -1;
    }

    private static boolean firstOccurrence(Rules.Target t, Subfield sf, Set<Character> seen) {
        return !t.ignoreSubsequentSubfields() || seen.add(sf.getCode());
    }

    private static boolean anyTaken(List<Subfield> subfields, Rules.Target t) {
        for (Subfield sf : subfields) if (t.takes(sf.getCode())) return true;
        return false;
    }

    private static boolean hasAll(DataField df, String required) {
        for (int i = 0; i < required.length(); i++) if (df.getSubfield(required.charAt(i)) == null) return false;
        return true;
    }

    private static List<Subfield> split(List<Subfield> subfields, int every) {
        List<Subfield> out = new ArrayList<>();
        for (Subfield sf : subfields) {
            String d = text(sf);
            for (int i = 0; i < d.length(); i += every) {
                out.add(new org.marc4j.marc.impl.SubfieldImpl(sf.getCode(), d.substring(i, Math.min(d.length(), i + every))));
            }
        }
        return out;
    }

    private static String text(Subfield sf) {
        return sf.getData() == null ? "" : sf.getData();
    }

    /** Processor.processRules: each rule's conditions run their functions in turn; a met rule with a value wins. */
    private String applyRules(Rules.Target t, String data, DataField df, String leader) {
        if (t.rules() == null) return data;
        String current = data;
        for (Rules.Rule rule : t.rules()) {
            String before = current;
            boolean met = true;
            for (Rules.Condition c : rule.conditions()) {
                if (c.ldr() && leader != null) current = leader;
                for (RuleFunction f : c.functions()) {
                    String result = f.apply(new RuleFunction.Call(current, df, c, lookups));
                    if (c.value() != null && !result.equals(c.value())) {
                        met = false;
                        current = before;
                        break;
                    }
                    if (rule.value() == null) current = result;
                }
            }
            if (met && rule.value() != null) return rule.value();
        }
        return current;
    }

    /**
     * Writes one value. A target that collides with what an earlier rule wrote there (an edited rule writing
     * {@code title.x} after {@code title}) is skipped, as FOLIO's reflection fails that one write and goes on.
     */
    private void put(ObjectNode out, String[] path, String value, Map<String, ObjectNode> objects) {
        String first = path[0];
        JsonNode existing = out.get(first);
        if (path.length == 1) {
            if (type.stringArrays.contains(first)) {
                if (existing != null && !existing.isArray()) return;
                ArrayNode array = out.withArray(first);
                if (!"languages".equals(first) || !contains(array, value)) array.add(value);
            } else if (existing == null || existing.isValueNode()) {
                setLeaf(out, first, value);
            }
            return;
        }
        ObjectNode target;
        if (type.objects.contains(first)) {
            if (existing != null && !existing.isObject()) return;
            target = out.withObject(first);
        } else {
            target = objects.get(first);
            if (target == null) {
                if (existing != null && !existing.isArray()) return;
                target = out.withArray(first).addObject();
                objects.put(first, target);
            }
        }
        for (int i = 1; i < path.length - 1; i++) {
            JsonNode next = target.get(path[i]);
            if (next != null && !next.isObject()) return;
            target = target.withObject(path[i]);
        }
        JsonNode leaf = target.get(path[path.length - 1]);
        if (leaf == null || leaf.isValueNode()) setLeaf(target, path[path.length - 1], value);
    }

    private static void setLeaf(ObjectNode node, String name, String value) {
        if (RulesType.BOOLEAN_LEAVES.contains(name)) node.put(name, Boolean.parseBoolean(value));
        else node.put(name, value);
    }

    private static boolean contains(ArrayNode array, String value) {
        for (JsonNode n : array) if (value.equals(n.asText())) return true;
        return false;
    }

    private void dropIncompleteElements(ObjectNode out) {
        type.requiredInArrayElements.forEach((array, required) -> {
            JsonNode a = out.get(array);
            if (a == null || !a.isArray()) return;
            for (Iterator<JsonNode> it = a.elements(); it.hasNext(); ) {
                JsonNode e = it.next();
                if (e.isObject() && !e.hasNonNull(required)) it.remove();
            }
            if (a.isEmpty()) out.remove(array);
        });
    }
}
