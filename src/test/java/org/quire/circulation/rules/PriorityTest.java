package org.quire.circulation.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.circulation.rules.Facts.facts;
import static org.quire.circulation.rules.PolicyType.LOAN;

import org.junit.jupiter.api.Test;

/** How the priority line chooses between several matching rules. */
class PriorityTest {

    private static final String FALLBACK = "fallback-policy: l fb r fb n fb o fb i fb\n";

    /** One t rule (rank t, 1 criterium) against one g+m rule (rank m, 2 criteria), t rule first. */
    private static final String T_VERSUS_G_AND_M = """
        t rare: l by-criterium r rq n nt o od i li
        g visitor + m book: l by-number r rq n nt o od i li
        """;

    private static final Facts VISITOR_BOOK_RARE = facts().g("visitor").m("book").t("rare");

    private static String loan(String priorityLine, String rules, Facts facts) {
        return CirculationRules.parse(priorityLine + "\n" + FALLBACK + rules)
                .policyId(LOAN, facts.criteria());
    }

    @Test
    void criteriumBeforeNumberOfCriteria() {
        assertThat(loan("priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line",
                T_VERSUS_G_AND_M, VISITOR_BOOK_RARE)).isEqualTo("by-criterium");
    }

    @Test
    void numberOfCriteriaBeforeCriterium() {
        assertThat(loan("priority: number-of-criteria, criterium(t, s, c, b, a, m, g), first-line",
                T_VERSUS_G_AND_M, VISITOR_BOOK_RARE)).isEqualTo("by-number");
    }

    @Test
    void criteriumOrderIsTakenFromThePriorityLine() {
        // With g listed first, the g+m rule has the highest criterium type.
        assertThat(loan("priority: criterium(g, m, t, s, c, b, a), first-line",
                T_VERSUS_G_AND_M, VISITOR_BOOK_RARE)).isEqualTo("by-number");
        assertThat(loan("priority: criterium(t, g, m, s, c, b, a), last-line",
                T_VERSUS_G_AND_M, VISITOR_BOOK_RARE)).isEqualTo("by-criterium");
    }

    @Test
    void criteriumRanksInBetweenTypesByListPosition() {
        // s is second in (t, s, c, b, a, m, g), so an s rule beats an a rule even on a later line.
        String rules = """
            s main: l by-location r rq n nt o od i li
            a inst: l by-institution r rq n nt o od i li
            """;
        assertThat(loan("priority: criterium(t, s, c, b, a, m, g), last-line", rules,
                facts().s("main").a("inst"))).isEqualTo("by-location");
        assertThat(loan("priority: criterium(t, a, b, c, s, m, g), last-line", rules,
                facts().s("main").a("inst"))).isEqualTo("by-institution");
    }

    @Test
    void legacyPriorityFormMeansCriteriumThenNumberOfCriteriaThenLastLine() {
        String rules = """
            t rare: l first-t r rq n nt o od i li
            g visitor + m book: l g-and-m r rq n nt o od i li
            t rare: l second-t r rq n nt o od i li
            m book: l only-m r rq n nt o od i li
            """;
        // criterium: t rules win over g+m; number-of-criteria ties; last-line picks the second t.
        assertThat(loan("priority: t, s, c, b, a, m, g", rules, VISITOR_BOOK_RARE)).isEqualTo("second-t");
        // Without a t rule matching, g+m (2 criteria) beats m (1 criterium, same rank m).
        assertThat(loan("priority: t, s, c, b, a, m, g", rules, facts().g("visitor").m("book")))
                .isEqualTo("g-and-m");
        // Commas are optional in the legacy form.
        assertThat(loan("priority: t s c b a m g", rules, VISITOR_BOOK_RARE)).isEqualTo("second-t");
    }

    @Test
    void firstLineVersusLastLine() {
        String rules = """
            m book: l first r rq n nt o od i li
            g visitor: l second r rq n nt o od i li
            """;
        assertThat(loan("priority: last-line", rules, facts().g("visitor").m("book"))).isEqualTo("second");
        assertThat(loan("priority: number-of-criteria, first-line", rules, facts().g("visitor").m("book")))
                .isEqualTo("first");
        assertThat(loan("priority: number-of-criteria, last-line", rules, facts().g("visitor").m("book")))
                .isEqualTo("second");
    }

    @Test
    void priorityFirstLineAloneWithFallbackAtTheEnd() {
        CirculationRules rules = CirculationRules.parse("""
            priority: first-line
            m book: l first r rq n nt o od i li
            g visitor: l second r rq n nt o od i li
            """ + FALLBACK);
        assertThat(rules.policyId(LOAN, facts().g("visitor").m("book").criteria())).isEqualTo("first");
        assertThat(rules.policyId(LOAN, facts().g("visitor").m("dvd").criteria())).isEqualTo("second");
    }

    @Test
    void locationCriteriaCountAsOneCriterium() {
        String rules = """
            g visitor + m book: l two-criteria r rq n nt o od i li
            a inst + b campus + c lib + s loc: l four-location-criteria r rq n nt o od i li
            """;
        Facts facts = facts().g("visitor").m("book").a("inst").b("campus").c("lib").s("loc");
        assertThat(loan("priority: number-of-criteria, last-line", rules, facts)).isEqualTo("two-criteria");
        // Sanity check that the location rule matches at all: by line order alone it wins.
        assertThat(loan("priority: last-line", rules, facts)).isEqualTo("four-location-criteria");
    }

    @Test
    void nestedRulesCountInheritedCriteria() {
        String rules = """
            g visitor
                t rare
                    m book: l nested-three r rq n nt o od i li
            g visitor + t rare: l flat-two r rq n nt o od i li
            """;
        // The nested rule on line 5 has three criteria; it wins although the flat rule is later.
        CirculationRules parsed = CirculationRules.parse(
                "priority: number-of-criteria, last-line\n" + FALLBACK + rules);
        RuleMatch match = parsed.match(LOAN, VISITOR_BOOK_RARE.criteria());
        assertThat(match.policyId()).isEqualTo("nested-three");
        assertThat(match.line()).isEqualTo(5);
    }

    @Test
    void nestedRulesInheritTheHighestCriteriumType() {
        String rules = """
            t rare
                g visitor: l nested-t-and-g r rq n nt o od i li
            m book: l later-m r rq n nt o od i li
            """;
        // Inherited t outranks m, so line order (last-line) does not decide.
        assertThat(loan("priority: criterium(t, s, c, b, a, m, g), last-line", rules, VISITOR_BOOK_RARE))
                .isEqualTo("nested-t-and-g");
    }

    @Test
    void allCountsForPriorityWithoutRestricting() {
        String rules = """
            m book: l only-m r rq n nt o od i li
            t all: l any-loan-type r rq n nt o od i li
            """;
        assertThat(loan("priority: criterium(t, s, c, b, a, m, g), first-line", rules,
                facts().m("book").t("whatever"))).isEqualTo("any-loan-type");
    }
}
