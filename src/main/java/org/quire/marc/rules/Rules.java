package org.quire.marc.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.quire.platform.domain.InvalidInput;

/**
 * A rules document (mod-source-record-manager's rules/*.json shape) compiled once into plain records, so mapping a
 * record reads no JSON and compiles no pattern. Compiling checks what FOLIO would only find at mapping time: every
 * function named in a condition exists ({@link RuleFunction}), every {@code oclc_regex} compiles, every
 * {@code subFieldSplit} is FOLIO's {@code split_every}. Entries FOLIO's processor would skip (no target, not an object)
 * are skipped here too, so a rules body FOLIO stores is stored here.
 */
final class Rules {
    /** One condition: its functions in order, their parameter, LDR (the function reads the leader), its value. */
    record Condition(List<RuleFunction> functions, JsonNode parameter, boolean ldr, String value, Pattern oclcRegex) {
    }

    /** One rule: conditions and an optional constant value set when all of them are met. */
    record Rule(List<Condition> conditions, String value) {
    }

    /** A {@code subFieldDelimiter} group: the subfields joined with this delimiter. */
    record Delimiter(String value, String subfields) {
    }

    /**
     * One target of a mapping: {@code subfields} "" means any (FOLIO runs the rules once on ""), {@code rules} null
     * means none (the data as is), {@code separator} joins the delimiter groups (the group with no subfields).
     */
    record Target(String[] path, String subfields, String required, boolean concat, List<Delimiter> delimiters,
                  String separator, boolean ignoreSubsequentSubfields, int splitEvery, List<Rule> rules,
                  Target alternative) {
        boolean takes(char code) {
            return subfields.isEmpty() || subfields.indexOf(code) >= 0;
        }
    }

    /** One entry of a tag's array: an entity (one object per field or per repeated subfield) or a single target. */
    record Mapping(String ind1, String ind2, boolean entity, boolean perRepeatedSubfield,
                   boolean ignoreSubsequentFields, List<Target> targets) {
    }

    /** 880 handling: an 880 whose $6 starts with {@code sourceDigits} is mapped as {@code targetField}. */
    record Replacement(String sourceDigits, String targetField) {
    }

    final Map<String, List<Mapping>> byTag = new HashMap<>();
    final Map<String, Boolean> tagHasIndicators = new HashMap<>();
    final List<Replacement> replacements = new ArrayList<>();

    static Rules compile(JsonNode doc) {
        if (doc == null || !doc.isObject()) throw new InvalidInput("Mapping rules must be a JSON object of MARC tags");
        Rules rules = new Rules();
        for (var e : doc.properties()) {
            String tag = e.getKey();
            if (!e.getValue().isArray()) continue;
            List<Mapping> mappings = new ArrayList<>();
            boolean indicators = false;
            for (JsonNode item : e.getValue()) {
                if (!item.isObject()) continue;
                if (item.path("fieldReplacementBy3Digits").asBoolean(false)) {
                    for (JsonNode r : item.path("fieldReplacementRule")) {
                        rules.replacements.add(new Replacement(r.path("sourceDigits").asText(""), r.path("targetField").asText("")));
                    }
                    continue;
                }
                Mapping m = mapping(tag, item);
                if (m == null) continue;
                indicators |= m.ind1() != null;
                mappings.add(m);
            }
            if (!mappings.isEmpty()) {
                rules.byTag.put(tag, List.copyOf(mappings));
                rules.tagHasIndicators.put(tag, indicators);
            }
        }
        return rules;
    }

    private static Mapping mapping(String tag, JsonNode item) {
        JsonNode ind = item.path("indicators");
        String ind1 = ind.isObject() ? ind.path("ind1").asText("*") : null;
        String ind2 = ind.isObject() ? ind.path("ind2").asText("*") : null;
        boolean entity = item.path("entity").isArray();
        List<Target> targets = new ArrayList<>();
        for (JsonNode t : entity ? item.path("entity") : List.of(item)) {
            Target target = target(tag, t);
            if (target != null) targets.add(target);
        }
        if (targets.isEmpty()) return null;
        return new Mapping(ind1, ind2, entity, item.path("entityPerRepeatedSubfield").asBoolean(false),
                item.path("ignoreSubsequentFields").asBoolean(false), List.copyOf(targets));
    }

    private static Target target(String tag, JsonNode t) {
        String target = t.path("target").asText("");
        String[] path = target.split("\\.", -1);
        // FOLIO's isMappingValid skips a target that names no field of the record; a path with an empty segment names none.
        if (!t.isObject() || target.isEmpty() || java.util.Arrays.asList(path).contains("")) return null;
        List<Delimiter> delimiters = new ArrayList<>();
        String separator = "";
        for (JsonNode d : t.path("subFieldDelimiter")) {
            String codes = codes(d.path("subfields"));
            if (codes.isEmpty()) separator = d.path("value").asText("");
            delimiters.add(new Delimiter(d.path("value").asText(""), codes));
        }
        int splitEvery = 0;
        JsonNode split = t.path("subFieldSplit");
        if (split.isObject()) {
            if (!"split_every".equals(split.path("type").asText()) || split.path("value").asInt(0) <= 0) {
                throw new InvalidInput("Unsupported subFieldSplit " + split + " in the rule for field " + tag
                        + " (target " + target + "): only split_every with a positive value is supported");
            }
            splitEvery = split.path("value").asInt();
        }
        List<Rule> rules = null;
        if (t.path("rules").isArray()) {
            rules = new ArrayList<>();
            for (JsonNode r : t.path("rules")) rules.add(rule(tag, target, r));
        }
        JsonNode alt = t.path("alternativeMapping");
        return new Target(path, codes(t.path("subfield")), codes(t.path("requiredSubfield")),
                t.path("applyRulesOnConcatenatedData").asBoolean(false), List.copyOf(delimiters), separator,
                t.path("ignoreSubsequentSubfields").asBoolean(false), splitEvery, rules,
                alt.isObject() ? target(tag, alt) : null);
    }

    private static Rule rule(String tag, String target, JsonNode r) {
        List<Condition> conditions = new ArrayList<>();
        for (JsonNode c : r.path("conditions")) {
            List<RuleFunction> functions = new ArrayList<>();
            for (String name : c.path("type").asText("").split(",")) {
                if (name.isBlank()) continue;
                RuleFunction f = RuleFunction.named(name);
                if (f == null && name.trim().equals("custom")) {
                    // FOLIO's processor runs "custom" as JavaScript (Nashorn); Quire runs no scripts from rules.
                    throw new InvalidInput("Custom JavaScript functions ('custom') are not supported, in the rule for field "
                            + tag + " (target " + target + ")");
                }
                if (f == null) {
                    throw new InvalidInput("Unknown normalization function '" + name.trim() + "' in the rule for field "
                            + tag + " (target " + target + ")");
                }
                functions.add(f);
            }
            JsonNode parameter = c.path("parameter").isObject() ? c.path("parameter") : MissingNode.getInstance();
            Pattern oclc = null;
            if (parameter.path("oclc_regex").isTextual()) {
                try {
                    oclc = Pattern.compile(parameter.path("oclc_regex").asText());
                } catch (PatternSyntaxException e) {
                    throw new InvalidInput("Invalid oclc_regex in the rule for field " + tag + ": " + e.getDescription());
                }
            }
            conditions.add(new Condition(List.copyOf(functions), parameter, c.path("LDR").asBoolean(false),
                    c.path("value").isValueNode() ? c.path("value").asText() : null, oclc));
        }
        return new Rule(List.copyOf(conditions), r.path("value").isValueNode() ? r.path("value").asText() : null);
    }

    private static String codes(JsonNode array) {
        StringBuilder s = new StringBuilder();
        for (JsonNode n : array) if (n.isTextual() && !n.asText().isEmpty()) s.append(n.asText().charAt(0));
        return s.toString();
    }
}
