package org.quire.circulation.rules;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rule line that assigns at least one policy, flattened with the criteria of its parent lines.
 *
 * @param line 1-based line number in the rules text
 * @param criteria own and inherited criteria; all must match
 * @param policies the policy types this line specifies; only these make it a candidate
 * @param criteriumRank highest rank of the criterium types used (for the criterium regulation)
 * @param criteriaCount number of distinct criterium types used, locations counted once
 */
record Rule(int line, List<Criterium> criteria, Map<PolicyType, String> policies,
        int criteriumRank, int criteriaCount) {

    Rule {
        // 'all' never rejects anything, so drop it from the list scanned on every match.
        criteria = criteria.stream()
                .filter(c -> c.selection() != Criterium.Selection.ALL)
                .toList();
        policies = Map.copyOf(policies);
    }

    boolean matches(RuleCriteria facts) {
        for (int i = 0; i < criteria.size(); i++) {
            if (!criteria.get(i).matches(facts)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The names this rule requires for one criterium type: the intersection of every positive
     * selection of that type minus every negated name. Empty if there is no positive selection,
     * because negations and 'all' do not name what the loan must be.
     */
    Set<String> requiredNames(CriteriumType type) {
        Set<String> required = null;
        Set<String> excluded = new HashSet<>();
        for (Criterium criterium : criteria) {
            if (criterium.type() != type) {
                continue;
            }
            if (criterium.selection() == Criterium.Selection.ANY_OF) {
                if (required == null) {
                    required = new HashSet<>(criterium.names());
                } else {
                    required.retainAll(criterium.names());
                }
            } else if (criterium.selection() == Criterium.Selection.NONE_OF) {
                excluded.addAll(criterium.names());
            }
        }
        if (required == null) {
            return Set.of();
        }
        required.removeAll(excluded);
        return Set.copyOf(required);
    }
}
