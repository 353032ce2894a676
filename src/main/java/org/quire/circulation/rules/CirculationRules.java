package org.quire.circulation.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A tenant's parsed circulation rules in FOLIO syntax. Immutable and thread-safe.
 *
 * <p>Matching runs on every check-out, so all the work is done in {@link #parse}: for each
 * policy type the rules that specify it are sorted by the priority line once, and matching is a
 * scan for the first rule whose criteria all hold, returning a prebuilt {@link RuleMatch}.
 */
public final class CirculationRules {

    /** A rule that specifies one policy type, with the answer it gives for that type. */
    private record Candidate(Rule rule, RuleMatch match) {
    }

    private final Map<PolicyType, List<Candidate>> candidates = new EnumMap<>(PolicyType.class);
    private final Map<PolicyType, RuleMatch> fallbacks = new EnumMap<>(PolicyType.class);
    private final Map<PolicyType, Set<String>> policyIds = new EnumMap<>(PolicyType.class);

    /** Whether a policy of the type with the id exists; FOLIO refuses rules that name one that does not. */
    @FunctionalInterface
    public interface PolicyCheck {
        boolean exists(PolicyType type, String id);
    }

    private CirculationRules(RulesChecker.Checked parsed) {
        Comparator<Rule> bestFirst = parsed.priority().bestFirst();
        for (PolicyType type : PolicyType.values()) {
            String fallbackId = parsed.fallback().get(type);
            fallbacks.put(type, new RuleMatch(fallbackId, 0, Set.of(), Set.of(), Set.of()));

            Set<String> ids = new LinkedHashSet<>();
            ids.add(fallbackId);
            List<Candidate> forType = new ArrayList<>();
            for (Rule rule : parsed.rules()) {
                String policyId = rule.policies().get(type);
                if (policyId != null) {
                    ids.add(policyId);
                    forType.add(new Candidate(rule, new RuleMatch(policyId, rule.line(),
                            rule.requiredNames(CriteriumType.PATRON_GROUP),
                            rule.requiredNames(CriteriumType.MATERIAL_TYPE),
                            rule.requiredNames(CriteriumType.LOAN_TYPE))));
                }
            }
            forType.sort(Comparator.comparing(Candidate::rule, bestFirst));
            candidates.put(type, List.copyOf(forType));
            policyIds.put(type, Collections.unmodifiableSet(ids));
        }
    }

    /**
     * Parses without checking that the named policies exist.
     *
     * @throws RulesSyntaxException if FOLIO would refuse the text
     */
    public static CirculationRules parse(String rulesAsText) {
        return parse(rulesAsText, null);
    }

    /**
     * Parses and checks the text as mod-circulation does on PUT /circulation/rules: the grammar, FOLIO's checks
     * after parsing, and, with a {@code policies} check, that every named policy exists.
     *
     * @throws RulesSyntaxException with FOLIO's message, line and column if FOLIO would refuse the text
     */
    public static CirculationRules parse(String rulesAsText, PolicyCheck policies) {
        Objects.requireNonNull(rulesAsText, "rulesAsText");
        return new CirculationRules(RulesChecker.check(RulesParser.parse(rulesAsText), policies));
    }

    /** The policy of the given type for the situation, with the rule that chose it. */
    public RuleMatch match(PolicyType type, RuleCriteria criteria) {
        Objects.requireNonNull(criteria, "criteria");
        for (Candidate candidate : candidates.get(type)) {
            if (candidate.rule().matches(criteria)) {
                return candidate.match();
            }
        }
        return fallbacks.get(type);
    }

    public String policyId(PolicyType type, RuleCriteria criteria) {
        return match(type, criteria).policyId();
    }

    /** Every policy name used for the type, fallback included, so callers can check they exist. */
    public Set<String> policyIds(PolicyType type) {
        return policyIds.get(Objects.requireNonNull(type, "type"));
    }
}
