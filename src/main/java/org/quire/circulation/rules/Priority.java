package org.quire.circulation.rules;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The priority line: which regulations decide between several matching rules, in order.
 *
 * @param regulations zero to two of CRITERIUM and NUMBER_OF_CRITERIA, most important first
 * @param lastLine true for last-line, false for first-line
 * @param ranks rank per criterium type for the criterium regulation, 7 for the first listed
 */
record Priority(List<Regulation> regulations, boolean lastLine, Map<CriteriumType, Integer> ranks) {

    enum Regulation { CRITERIUM, NUMBER_OF_CRITERIA }

    Priority {
        regulations = List.copyOf(regulations);
        ranks = Map.copyOf(ranks);
    }

    int rank(CriteriumType type) {
        return ranks.getOrDefault(type, 0);
    }

    /** Orders rules so that the winning rule among several matching ones comes first. */
    Comparator<Rule> bestFirst() {
        Comparator<Rule> order = (a, b) -> 0;
        for (Regulation regulation : regulations) {
            Comparator<Rule> byRegulation = switch (regulation) {
                case CRITERIUM -> Comparator.comparingInt(Rule::criteriumRank);
                case NUMBER_OF_CRITERIA -> Comparator.comparingInt(Rule::criteriaCount);
            };
            order = order.thenComparing(byRegulation.reversed());
        }
        Comparator<Rule> byLine = Comparator.comparingInt(Rule::line);
        return order.thenComparing(lastLine ? byLine.reversed() : byLine);
    }
}
