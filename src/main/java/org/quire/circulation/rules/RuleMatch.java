package org.quire.circulation.rules;

import java.util.Set;

/**
 * The outcome of matching one policy type.
 *
 * @param policyId the chosen policy
 * @param line 1-based line of the rule that chose the policy, 0 for the fallback policy
 * @param patronGroupIds positive patron group names the chosen rule (with its parent lines)
 *     requires; empty if the rule does not restrict them by name
 * @param materialTypeIds same for material types
 * @param loanTypeIds same for loan types
 */
public record RuleMatch(
        String policyId,
        int line,
        Set<String> patronGroupIds,
        Set<String> materialTypeIds,
        Set<String> loanTypeIds) {

    public RuleMatch {
        patronGroupIds = Set.copyOf(patronGroupIds);
        materialTypeIds = Set.copyOf(materialTypeIds);
        loanTypeIds = Set.copyOf(loanTypeIds);
    }
}
