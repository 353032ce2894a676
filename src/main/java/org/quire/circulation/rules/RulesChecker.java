package org.quire.circulation.rules;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.quire.circulation.rules.Priority.Regulation;
import org.quire.circulation.rules.RulesLexer.Token;
import org.quire.circulation.rules.RulesTree.Crit;
import org.quire.circulation.rules.RulesTree.CriteriumPriority;
import org.quire.circulation.rules.RulesTree.Fallback;
import org.quire.circulation.rules.RulesTree.Policies;
import org.quire.circulation.rules.RulesTree.PolicyEntry;
import org.quire.circulation.rules.RulesTree.Statement;

/**
 * The checks FOLIO makes once the text has parsed, in the order its tree walk makes them (mod-circulation
 * Text2Drools, and CirculationRulesResource.validatePolicy for existing policies), and the rules they yield.
 *
 * <p>FOLIO's positions are kept as they are, including its 0-based columns for the policy checks
 * (Text2Drools passes charPositionInLine without adding 1 there).
 */
final class RulesChecker {

    /** Everything {@link CirculationRules} needs; rules are in text order. */
    record Checked(Priority priority, Map<PolicyType, String> fallback, List<Rule> rules) {
    }

    private final CirculationRules.PolicyCheck policies;
    private final Map<CriteriumType, Integer> ranks = new EnumMap<>(CriteriumType.class);
    private final List<Rule> rules = new ArrayList<>();
    private Priority priority;

    private RulesChecker(CirculationRules.PolicyCheck policies) {
        this.policies = policies;
    }

    /** @param policies null to skip the existence check */
    static Checked check(RulesTree.File file, CirculationRules.PolicyCheck policies) {
        return new RulesChecker(policies).walk(file);
    }

    private Checked walk(RulesTree.File file) {
        priority = priority(file);
        Map<PolicyType, String> fallback;
        if (file.firstLineForm()) {
            statements(file.statements(), List.of());
            fallback = fallback(file.fallback());
        } else {
            fallback = fallback(file.fallback());
            statements(file.statements(), List.of());
        }
        return new Checked(priority, fallback, List.copyOf(rules));
    }

    // ---------------------------------------------------------------- priority line

    private Priority priority(RulesTree.File file) {
        RulesTree.PriorityLine line = file.priority();
        if (line.legacyLetters() != null) {
            letters(line.legacyLetters());
            return new Priority(List.of(Regulation.CRITERIUM, Regulation.NUMBER_OF_CRITERIA), true, ranks);
        }
        List<Regulation> regulations = new ArrayList<>();
        for (CriteriumPriority regulation : line.regulations()) {
            if (regulation.letters() != null) {
                letters(regulation.letters());
            }
            regulations.add(regulation.letters() == null ? Regulation.NUMBER_OF_CRITERIA : Regulation.CRITERIUM);
        }
        if (regulations.size() == 2 && regulations.get(0) == regulations.get(1)) {
            throw atNext(line.regulations().get(1).start(), "Duplicate priority type");
        }
        return new Priority(regulations, line.lastLine(), ranks);
    }

    /** Seven distinct letters; the first listed ranks highest. Two criterium(…) lists share one ranking, as in FOLIO. */
    private void letters(List<Token> letters) {
        if (letters.size() != 7) {
            throw atNext(letters.get(0), letters.size() < 7
                    ? "7 letters expected, found only " + letters.size()
                    : "Only 7 letters expected, found " + letters.size());
        }
        for (int i = 0; i < 7; i++) {
            Token letter = letters.get(i);
            if (ranks.put(CriteriumType.ofLetter(letter.text().charAt(0)), 7 - i) != null) {
                throw atNext(letter, "Duplicate letter " + letter.text());
            }
        }
    }

    // ---------------------------------------------------------------- fallback-policy

    private Map<PolicyType, String> fallback(Fallback fallback) {
        Token keyword = fallback.keyword();
        for (PolicyType type : PolicyType.values()) {
            long count = fallback.policies().entries().stream().filter(e -> e.policyType() == type).count();
            if (count > 1) {
                throw at(keyword, "Only one fallback policy of type " + type.letter() + " is allowed");
            }
            if (count == 0) {
                throw at(keyword, "Must have a fallback policy of type " + type.letter());
            }
        }
        return policies(fallback.policies());
    }

    // ---------------------------------------------------------------- rule lines

    private void statements(List<Statement> statements, List<Criterium> inherited) {
        for (Statement statement : statements) {
            if (statement.children().isEmpty() && statement.policies() == null) {
                throw atNext(statement.start(), "Policy missing");
            }
            List<Criterium> criteria = new ArrayList<>(inherited);
            for (Crit crit : statement.criteria()) {
                criteria.add(new Criterium(crit.type(), crit.selection(), Set.copyOf(crit.names())));
            }
            if (statement.policies() != null) {
                Map<PolicyType, String> assigned = policies(statement.policies());
                rules.add(new Rule(statement.policies().colon().line(), criteria, assigned,
                        criteriumRank(criteria), criteriaCount(criteria)));
            }
            statements(statement.children(), List.copyOf(criteria));
        }
    }

    /** Exactly one policy of each type, each existing; checked type by type in FOLIO's order l, r, n, o, i. */
    private Map<PolicyType, String> policies(Policies list) {
        Token colon = list.colon();
        Map<PolicyType, String> assigned = new EnumMap<>(PolicyType.class);
        for (PolicyType type : PolicyType.values()) {
            List<PolicyEntry> ofType = list.entries().stream().filter(e -> e.policyType() == type).toList();
            if (ofType.size() > 1) {
                throw at(colon, "Only one policy of type " + type.letter() + " allowed");
            }
            if (ofType.isEmpty()) {
                throw at(colon, "Must contain one of each policy type, missing type " + type.letter());
            }
            String name = ofType.get(0).name();
            if (policies != null && !policies.exists(type, name)) {
                throw at(colon, "The policy " + type.letter() + " does not exist");
            }
            assigned.put(type, name);
        }
        return assigned;
    }

    private int criteriumRank(List<Criterium> criteria) {
        int rank = 0;
        for (Criterium criterium : criteria) {
            rank = Math.max(rank, priority.rank(criterium.type()));
        }
        return rank;
    }

    /** Distinct criterium types, 'all' included; a, b, c and s together count as one, as in FOLIO. */
    private static int criteriaCount(List<Criterium> criteria) {
        Set<CriteriumType> used = EnumSet.noneOf(CriteriumType.class);
        for (Criterium criterium : criteria) {
            used.add(criterium.type().isLocation() ? CriteriumType.LOCATION : criterium.type());
        }
        return used.size();
    }

    // ---------------------------------------------------------------- positions

    /** FOLIO's 0-based column (charPositionInLine as is). */
    private static RulesSyntaxException at(Token token, String message) {
        return new RulesSyntaxException(message, token.line(), token.column());
    }

    /** FOLIO's 1-based column (charPositionInLine + 1). */
    private static RulesSyntaxException atNext(Token token, String message) {
        return new RulesSyntaxException(message, token.line(), token.column() + 1);
    }
}
