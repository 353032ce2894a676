package org.quire.circulation.rules;

/**
 * The facts of one loan situation that the rules are matched against.
 * A null id is an unknown value: it never matches a listed name but does satisfy a negation
 * ("none of these") and {@code all}.
 */
public record RuleCriteria(
    String patronGroupId,
    String materialTypeId,
    String loanTypeId,
    String institutionId,
    String campusId,
    String libraryId,
    String locationId) {
}
