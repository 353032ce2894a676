package org.quire.circulation.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quire.circulation.rules.Facts.facts;
import static org.quire.circulation.rules.PolicyType.LOAN;
import static org.quire.circulation.rules.PolicyType.NOTICE;
import static org.quire.circulation.rules.PolicyType.REQUEST;

import org.junit.jupiter.api.Test;

/**
 * The examples of FOLIO mod-circulation doc/circulationrules.md, one test per section.
 * Where the doc omits the priority line or the lost item policy we add them, because the
 * grammar requires both.
 */
class DocExamplesTest {

    private static String loan(CirculationRules rules, Facts facts) {
        return rules.policyId(LOAN, facts.criteria());
    }

    @Test
    void exampleCirculationRulesFile() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            m book : l regular-loan r no-requests n no-notices o not-overdue i lost-item
            m newspaper: l reading-room r no-requests n no-notices o overdue i lost-item
            m streaming-subscription: l policy-s r no-requests n no-notices o overdue i lost-item
                g visitor undergrad: l in-house r no-requests n no-notices o overdue i lost-item
            """);

        assertThat(loan(rules, facts().m("book").g("staff"))).isEqualTo("regular-loan");
        assertThat(loan(rules, facts().m("newspaper"))).isEqualTo("reading-room");
        assertThat(loan(rules, facts().m("streaming-subscription").g("staff"))).isEqualTo("policy-s");
        assertThat(loan(rules, facts().m("streaming-subscription").g("visitor"))).isEqualTo("in-house");
        assertThat(loan(rules, facts().m("streaming-subscription").g("undergrad"))).isEqualTo("in-house");
        assertThat(loan(rules, facts().m("dvd").g("visitor"))).isEqualTo("no-circulation");
    }

    @Test
    void criterium() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g visitor undergrad: l loan-a r request-a n notice-a o overdue-a i lost-item-a
            """);

        assertThat(loan(rules, facts().g("visitor"))).isEqualTo("loan-a");
        assertThat(loan(rules, facts().g("undergrad"))).isEqualTo("loan-a");
        assertThat(loan(rules, facts().g("staff"))).isEqualTo("fb");
    }

    @Test
    void negationAndAll() {
        CirculationRules negated = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g !visitor !undergrad: l loan-b r request-b n notice-b o overdue-b i lost-item-b
            """);
        assertThat(loan(negated, facts().g("staff"))).isEqualTo("loan-b");
        assertThat(loan(negated, facts().g("visitor"))).isEqualTo("fb");
        assertThat(loan(negated, facts().g("undergrad"))).isEqualTo("fb");

        CirculationRules all = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g all: l loan-a r request-a n notice-b o overdue-b i lost-item-b
            """);
        assertThat(loan(all, facts().g("staff"))).isEqualTo("loan-a");
        assertThat(loan(all, facts().g("visitor").m("book"))).isEqualTo("loan-a");
    }

    @Test
    void criteriaCombinedWithPlus() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g visitor + t rare: l loan-policy-a r request-policy-a n notice-policy-a o overdue i lost-item
            """);

        assertThat(loan(rules, facts().g("visitor").t("rare"))).isEqualTo("loan-policy-a");
        assertThat(loan(rules, facts().g("visitor").t("normal"))).isEqualTo("fb");
        assertThat(loan(rules, facts().g("staff").t("rare"))).isEqualTo("fb");
    }

    @Test
    void criteriaCombinedWithIndentation() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g visitor
                t rare: l loan-policy-a r request-policy-a n notice-policy-a o overdue i lost-item
            """);

        assertThat(rules.match(LOAN, facts().g("visitor").t("rare").criteria()))
                .extracting(RuleMatch::policyId, RuleMatch::line)
                .containsExactly("loan-policy-a", 4);
        // The parent line has no policies, so on its own it is no rule.
        assertThat(loan(rules, facts().g("visitor").t("normal"))).isEqualTo("fb");
        assertThat(loan(rules, facts().g("staff").t("rare"))).isEqualTo("fb");
    }

    @Test
    void criteriaNestedHierarchy() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g staff: l loan-policy-a r request-policy-a n notice-policy-a o overdue-a i lost-item-a
            g visitor: l loan-policy-b r request-policy-b n notice-policy-b o overdue-b i lost-item-b
                m book: l loan-policy-c r request-policy-c n notice-policy-c o overdue-c i lost-item-c
                    t rare: l loan-policy-d r request-policy-d n notice-policy-d o overdue-d i lost-item-d
                    t course-reserve: l loan-policy-e r request-policy-e n notice-policy-e o overdue-e i lost-item-e
                        s law-department: l loan-policy-f r request-policy-f n notice-policy-f o overdue-f i lost-item-f
                        s math-department: l loan-policy-g r request-policy-g n notice-policy-g o overdue-g i lost-item-g
                s new-acquisition: l loan-policy-h r request-policy-h n notice-policy-h o overdue-h i lost-item-h
            """);

        assertThat(loan(rules, facts().g("staff").m("book").t("rare").s("x"))).isEqualTo("loan-policy-a");
        assertThat(loan(rules, facts().g("visitor").m("dvd").t("rare").s("new-acquisition")))
                .isEqualTo("loan-policy-h");
        assertThat(loan(rules, facts().g("visitor").m("book").t("course-reserve").s("math-department")))
                .isEqualTo("loan-policy-g");
        assertThat(loan(rules, facts().g("visitor").m("book").t("course-reserve").s("law-department")))
                .isEqualTo("loan-policy-f");
        assertThat(loan(rules, facts().g("visitor").m("book").t("course-reserve").s("main")))
                .isEqualTo("loan-policy-e");
        assertThat(loan(rules, facts().g("visitor").m("book").t("rare").s("law-department")))
                .isEqualTo("loan-policy-d");
        assertThat(loan(rules, facts().g("visitor").m("book").t("normal").s("law-department")))
                .isEqualTo("loan-policy-c");
        assertThat(loan(rules, facts().g("visitor").m("dvd").t("course-reserve").s("law-department")))
                .isEqualTo("loan-policy-b");
        assertThat(loan(rules, facts().g("undergrad").m("book").t("rare").s("law-department")))
                .isEqualTo("fb");

        RuleMatch f = rules.match(NOTICE,
                facts().g("visitor").m("book").t("course-reserve").s("law-department").criteria());
        assertThat(f.policyId()).isEqualTo("notice-policy-f");
        assertThat(f.line()).isEqualTo(8);
        assertThat(f.patronGroupIds()).containsExactly("visitor");
        assertThat(f.materialTypeIds()).containsExactly("book");
        assertThat(f.loanTypeIds()).containsExactly("course-reserve");
    }

    @Test
    void criteriumTypePriorityExampleA() {
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor: l loan-policy-a r request-policy-a n notice-policy-a o overdue i lost-item
            t rare: l loan-policy-c r request-policy-c n notice-policy-c o overdue i lost-item
            m book: l loan-policy-e r request-policy-e n notice-policy-e o overdue i lost-item
            """);

        RuleMatch match = rules.match(LOAN, facts().g("visitor").t("rare").m("book").criteria());
        assertThat(match.policyId()).isEqualTo("loan-policy-c");
        assertThat(match.line()).isEqualTo(4);
        assertThat(rules.policyId(REQUEST, facts().g("visitor").t("rare").m("book").criteria()))
                .isEqualTo("request-policy-c");
        // Without the t criterium the m rule (rank m) beats the g rule (rank g).
        assertThat(loan(rules, facts().g("visitor").m("book"))).isEqualTo("loan-policy-e");
    }

    @Test
    void criteriumTypePriorityExampleB() {
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor:l loan-policy-a r request-policy-a n notice-policy-a o overdue i lost-item
                t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue i lost-item
            t rare: l loan-policy-c r request-policy-c n notice-policy-c o overdue i lost-item
                m book: l loan-policy-d r request-policy-d n notice-policy-d o overdue i lost-item
            m book: l loan-policy-e r request-policy-e n notice-policy-e o overdue i lost-item
            """);

        // b (g+t, line 4) and d (t+m, line 6) tie on criterium t and on two criteria: last line wins.
        assertThat(loan(rules, facts().g("visitor").t("rare").m("book"))).isEqualTo("loan-policy-d");
        // Without book only b and c have t; b has two criteria.
        assertThat(loan(rules, facts().g("visitor").t("rare").m("dvd"))).isEqualTo("loan-policy-b");
        assertThat(loan(rules, facts().g("staff").t("rare").m("dvd"))).isEqualTo("loan-policy-c");
        assertThat(loan(rules, facts().g("visitor").t("normal").m("book"))).isEqualTo("loan-policy-e");
        assertThat(loan(rules, facts().g("visitor").t("normal").m("dvd"))).isEqualTo("loan-policy-a");
    }

    @Test
    void ruleSpecificityPriority() {
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor + t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue-b i lost-item-b
            t rare: l loan-policy-c r request-policy-c n notice-policy-c o overdue-c i lost-item-c
            t rare + m book: l loan-policy-d r request-policy-d n notice-policy-d o overdue-d i lost-item-d
            """);

        assertThat(loan(rules, facts().g("visitor").t("rare").m("book"))).isEqualTo("loan-policy-d");
        assertThat(loan(rules, facts().g("visitor").t("rare").m("dvd"))).isEqualTo("loan-policy-b");
        assertThat(loan(rules, facts().g("staff").t("rare").m("dvd"))).isEqualTo("loan-policy-c");
    }

    @Test
    void ruleSpecificityPriorityWithAll() {
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor + t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue i lost-item
            t rare: l loan-policy-c r request-policy-c n notice-policy-c o overdue i lost-item
            t rare + m book: l loan-policy-d r request-policy-d n notice-policy-d o overdue i lost-item
            g all + t all + s course-reserve: l loan-policy-e r request-policy-e n notice-policy-e o overdue i lost-item
            """);

        assertThat(loan(rules, facts().g("visitor").t("rare").m("book").s("course-reserve")))
                .isEqualTo("loan-policy-e");
        assertThat(loan(rules, facts().g("visitor").t("normal").m("dvd").s("course-reserve")))
                .isEqualTo("loan-policy-e");
        assertThat(loan(rules, facts().g("visitor").t("rare").m("book").s("main")))
                .isEqualTo("loan-policy-d");
    }

    @Test
    void ruleSpecificityPriorityWithAllMovedFirst() {
        // Same rules, e moved to the top: it still wins, so the line order is not what decides.
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g all + t all + s course-reserve: l loan-policy-e r request-policy-e n notice-policy-e o overdue i lost-item
            g visitor + t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue i lost-item
            t rare: l loan-policy-c r request-policy-c n notice-policy-c o overdue i lost-item
            t rare + m book: l loan-policy-d r request-policy-d n notice-policy-d o overdue i lost-item
            """);

        assertThat(loan(rules, facts().g("visitor").t("rare").m("book").s("course-reserve")))
                .isEqualTo("loan-policy-e");
    }

    @Test
    void lineNumberPriority() {
        // The doc's example without its lost item policies, which FOLIO requires on every line.
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor + t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue i lost-item
            t rare + m book: l loan-policy-d r request-policy-d n notice-policy-d o overdue i lost-item
            """);

        RuleMatch match = rules.match(LOAN, facts().g("visitor").t("rare").m("book").criteria());
        assertThat(match.policyId()).isEqualTo("loan-policy-d");
        assertThat(match.line()).isEqualTo(4);
    }

    @Test
    void lineNumberPriorityExactlyAsInDocIsRefusedForItsMissingLostItemPolicies() {
        assertThatThrownBy(() -> CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue
            g visitor + t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue
            t rare + m book: l loan-policy-d r request-policy-d n notice-policy-d o overdue
            """))
                .isInstanceOf(RulesSyntaxException.class)
                .hasMessage("Must have a fallback policy of type i")
                .extracting("line", "column").containsExactly(2, 0);
        // With a complete fallback line FOLIO still refuses the rule lines (Text2Drools.enterPolicies).
        assertThatThrownBy(() -> CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor + t rare: l loan-policy-b r request-policy-b n notice-policy-b o overdue
            """))
                .isInstanceOf(RulesSyntaxException.class)
                .hasMessage("Must contain one of each policy type, missing type i")
                .extracting("line", "column").containsExactly(3, 18);
    }

    @Test
    void introductoryExampleHasNoPriorityLine_andIsRefusedAsFolioDoes() {
        assertThatThrownBy(() -> CirculationRules.parse("""
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            m book : l regular-loan r no-requests n no-notices o not-overdue i lost-item
            """))
                .isInstanceOf(RulesSyntaxException.class)
                .hasMessage("mismatched input 'fallback-policy' expecting {'priority', NEWLINE}")
                .extracting("line", "column").containsExactly(1, 1);
    }

    @Test
    void annotatedExampleBIsProseNotRules() {
        assertThatThrownBy(() -> CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            g visitor: max(g=1)=1: l loan-policy-a r request-policy-a n notice-policy-a o overdue o overdue i lost-item
            """))
                .isInstanceOf(RulesSyntaxException.class)
                .hasMessage("no viable alternative at input 'g visitor: max'")
                .extracting("line", "column").containsExactly(3, 12);
    }

    @Test
    void priorityLinesOfTheDoc() {
        String fallback = "\nfallback-policy: l fb r fb n fb o fb i fb\nm book: l p r p n p o p i p\n";
        for (String line : new String[] {
                "priority: number-of-criteria, criterium (t, s, c, b, a, m, g), last-line",
                "priority: t, s, c, b, a, m, g",
                "priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line",
                "priority: first-line\nm book: l p r p n p o p i p"}) {
            String text = line.endsWith("first-line\nm book: l p r p n p o p i p")
                    ? line + "\nfallback-policy: l fb r fb n fb o fb i fb\n" : line + fallback;
            assertThat(CirculationRules.parse(text).policyId(LOAN, facts().m("book").criteria())).as(line).isEqualTo("p");
        }
    }

    @Test
    void fallbackPolicy() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l no-circulation r no-request n no-notice o overdue i lost-item
            m book: l regular-loan r requests n notices o fines i lost
            """);

        RuleMatch match = rules.match(LOAN, facts().m("dvd").criteria());
        assertThat(match.policyId()).isEqualTo("no-circulation");
        assertThat(match.line()).isZero();
        assertThat(match.patronGroupIds()).isEmpty();
        assertThat(match.materialTypeIds()).isEmpty();
        assertThat(match.loanTypeIds()).isEmpty();
        assertThat(rules.policyId(REQUEST, facts().m("dvd").criteria())).isEqualTo("no-request");
        assertThat(rules.policyId(NOTICE, facts().m("dvd").criteria())).isEqualTo("no-notice");
        assertThat(rules.policyId(PolicyType.OVERDUE_FINE, facts().m("dvd").criteria())).isEqualTo("overdue");
        assertThat(rules.policyId(PolicyType.LOST_ITEM, facts().m("dvd").criteria())).isEqualTo("lost-item");
    }

    @Test
    void fallbackPolicyAfterLastRuleForPriorityFirstLine() {
        CirculationRules rules = CirculationRules.parse("""
            priority: first-line
            m book: l first r r1 n n1 o o1 i i1
            m book: l second r r2 n n2 o o2 i i2
            fallback-policy: l fb r fb n fb o fb i fb
            """);

        assertThat(loan(rules, facts().m("book"))).isEqualTo("first");
        assertThat(loan(rules, facts().m("dvd"))).isEqualTo("fb");
    }

    @Test
    void singleCirculationRulesFile() {
        assertThatThrownBy(() -> CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            priority: first-line
            """))
                .isInstanceOf(RulesSyntaxException.class)
                .hasMessage("mismatched input 'priority' expecting {<EOF>, CRITERIUM_LETTER, NEWLINE}");
        assertThatThrownBy(() -> CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            fallback-policy: l fb r fb n fb o fb i fb
            """))
                .isInstanceOf(RulesSyntaxException.class)
                .hasMessage("mismatched input 'fallback-policy' expecting {<EOF>, CRITERIUM_LETTER, NEWLINE}");
    }
}
