package org.quire.circulation.rules;

import java.util.List;

import org.quire.circulation.rules.RulesLexer.Token;

/** The syntax tree {@link RulesParser} builds, keeping the tokens FOLIO's later checks point at. */
final class RulesTree {

    private RulesTree() {
    }

    /**
     * @param firstLineForm true for the bare {@code priority: first-line}, whose fallback-policy line follows the rules
     * @param statements the top-level statements in text order
     */
    record File(PriorityLine priority, Fallback fallback, List<Statement> statements, boolean firstLineForm) {
    }

    /**
     * @param regulations the criterium(…) and number-of-criteria regulations, most important first
     * @param legacyLetters the letters of the legacy form {@code priority: t, s, c, b, a, m, g}, else null
     */
    record PriorityLine(List<CriteriumPriority> regulations, boolean lastLine, List<Token> legacyLetters) {
    }

    /** {@code criterium(…)} with its letters, or {@code number-of-criteria} (letters null). */
    record CriteriumPriority(Token start, List<Token> letters) {
    }

    record Fallback(Token keyword, Policies policies) {
    }

    /** The policies after a colon; {@code colon} is where FOLIO reports problems with them. */
    record Policies(Token colon, List<PolicyEntry> entries) {
    }

    record PolicyEntry(Token type, String name) {
        PolicyType policyType() {
            return PolicyType.ofLetter(type.text().charAt(0));
        }
    }

    /** A rule line with its more indented lines; {@code policies} is null for a line that only groups. */
    record Statement(Token start, List<Crit> criteria, Policies policies, List<Statement> children) {
    }

    record Crit(Token letter, Criterium.Selection selection, List<String> names) {
        CriteriumType type() {
            return CriteriumType.ofLetter(letter.text().charAt(0));
        }
    }
}
