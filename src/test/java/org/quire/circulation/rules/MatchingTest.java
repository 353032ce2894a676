package org.quire.circulation.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quire.circulation.rules.Facts.facts;
import static org.quire.circulation.rules.PolicyType.LOAN;
import static org.quire.circulation.rules.PolicyType.LOST_ITEM;
import static org.quire.circulation.rules.PolicyType.NOTICE;
import static org.quire.circulation.rules.PolicyType.OVERDUE_FINE;
import static org.quire.circulation.rules.PolicyType.REQUEST;

import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class MatchingTest {

    private static final String FOLIO_REFERENCE_RULES = "priority: number-of-criteria, criterium (t, s, c, b, a, m, g), last-line\nfallback-policy: l d9cd0bed-1b49-4b5e-a7bd-064b8d177231 r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709 \nm 1a54b431-2e4f-452d-9cae-9cee66c9a892: l 43198de5-f56a-4a53-a0bd-5a324418967a r 334e5a9e-94f9-4673-8d1d-ab552863886b n 122b3d2b-4788-4f1e-9117-56daa91cb75c o cd3f6cac-fa17-4079-9fae-2fb28e521412 i ed892c0e-52e0-4cd9-8133-c0ef07b4a709";

    @Test
    void folioReferenceRules() {
        CirculationRules rules = CirculationRules.parse(FOLIO_REFERENCE_RULES);

        RuleMatch book = rules.match(LOAN, facts().m("1a54b431-2e4f-452d-9cae-9cee66c9a892")
                .g("3684a786-6671-4268-8ed0-9db82ebca60b").t("2b94c631-fca9-4892-a730-03ee529ffe27").criteria());
        assertThat(book.policyId()).isEqualTo("43198de5-f56a-4a53-a0bd-5a324418967a");
        assertThat(book.line()).isEqualTo(3);
        assertThat(book.materialTypeIds()).containsExactly("1a54b431-2e4f-452d-9cae-9cee66c9a892");
        assertThat(book.patronGroupIds()).isEmpty();
        assertThat(book.loanTypeIds()).isEmpty();

        RuleMatch other = rules.match(LOAN, facts().m("30b3e36a-d3b2-415e-98c2-47fbdf878862").criteria());
        assertThat(other.policyId()).isEqualTo("d9cd0bed-1b49-4b5e-a7bd-064b8d177231");
        assertThat(other.line()).isZero();

        assertThat(rules.policyIds(LOAN)).containsExactlyInAnyOrder(
                "d9cd0bed-1b49-4b5e-a7bd-064b8d177231", "43198de5-f56a-4a53-a0bd-5a324418967a");
        assertThat(rules.policyIds(REQUEST)).containsExactly("334e5a9e-94f9-4673-8d1d-ab552863886b");
        assertThat(rules.policyIds(LOST_ITEM)).containsExactly("ed892c0e-52e0-4cd9-8133-c0ef07b4a709");
    }

    @Test
    void policyLettersAreTheFolioLetters() {
        assertThat(LOAN.letter()).isEqualTo('l');
        assertThat(REQUEST.letter()).isEqualTo('r');
        assertThat(NOTICE.letter()).isEqualTo('n');
        assertThat(OVERDUE_FINE.letter()).isEqualTo('o');
        assertThat(LOST_ITEM.letter()).isEqualTo('i');
    }

    @Test
    void everyCriteriumLetterTestsItsFact() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g G: l by-g r rq n nt o od i li
            m M: l by-m r rq n nt o od i li
            t T: l by-t r rq n nt o od i li
            a A: l by-a r rq n nt o od i li
            b B: l by-b r rq n nt o od i li
            c C: l by-c r rq n nt o od i li
            s S: l by-s r rq n nt o od i li
            """);
        assertThat(rules.policyId(LOAN, facts().g("G").criteria())).isEqualTo("by-g");
        assertThat(rules.policyId(LOAN, facts().m("M").criteria())).isEqualTo("by-m");
        assertThat(rules.policyId(LOAN, facts().t("T").criteria())).isEqualTo("by-t");
        assertThat(rules.policyId(LOAN, facts().a("A").criteria())).isEqualTo("by-a");
        assertThat(rules.policyId(LOAN, facts().b("B").criteria())).isEqualTo("by-b");
        assertThat(rules.policyId(LOAN, facts().c("C").criteria())).isEqualTo("by-c");
        assertThat(rules.policyId(LOAN, facts().s("S").criteria())).isEqualTo("by-s");
        assertThat(rules.policyId(LOAN, facts().g("S").m("G").criteria())).isEqualTo("fb");
    }

    @Test
    void negationAndNullFacts() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            m book dvd: l listed r rq n nt o od i li
            s !closed-stacks !basement: l not-hidden r rq n nt o od i li
            """);
        assertThat(rules.policyId(LOAN, facts().m("dvd").s("basement").criteria())).isEqualTo("listed");
        assertThat(rules.policyId(LOAN, facts().m("map").s("basement").criteria())).isEqualTo("fb");
        assertThat(rules.policyId(LOAN, facts().m("map").s("main").criteria())).isEqualTo("not-hidden");
        // An unknown (null) fact is none of the names: it fails a list, satisfies a negation.
        assertThat(rules.policyId(LOAN, facts().criteria())).isEqualTo("not-hidden");
        assertThat(rules.policyId(LOAN, facts().s("closed-stacks").criteria())).isEqualTo("fb");
    }

    @Test
    void everyPolicyTypeComesFromTheWinningRule() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb-l r fb-r n fb-n o fb-o i fb-i
            m book: l book-loan r book-request n book-notice o book-fine i book-lost
            m book + g staff: l staff-loan r staff-request n staff-notice o staff-fine i staff-lost
            """);
        RuleCriteria staffBook = facts().m("book").g("staff").criteria();
        assertThat(rules.match(LOAN, staffBook).policyId()).isEqualTo("staff-loan");
        assertThat(rules.match(NOTICE, staffBook).line()).isEqualTo(4);
        assertThat(rules.match(REQUEST, facts().m("book").criteria()).policyId()).isEqualTo("book-request");
        assertThat(rules.match(LOST_ITEM, facts().m("dvd").criteria()).line()).isZero();
        assertThat(rules.policyIds(NOTICE)).containsExactly("fb-n", "book-notice", "staff-notice");
    }

    @Test
    void comments() {
        CirculationRules rules = CirculationRules.parse("""
            # Circulation rules of the main library
            / written by the circulation desk
            priority: last-line   # most recent line wins

            fallback-policy: l fb r fb n fb o fb i fb / the default
            # Books
            g visitor
              # a comment between parent and child does not break the nesting
                  / nor does an oddly indented one
              m book: l visitor-book r rq n nt o od i li # trailing comment
            m dvd # : l never
                t all: l never-either r rq n nt o od i li
            """);
        assertThat(rules.match(LOAN, facts().g("visitor").m("book").criteria()))
                .extracting(RuleMatch::policyId, RuleMatch::line)
                .containsExactly("visitor-book", 10);
        assertThat(rules.policyId(LOAN, facts().g("staff").m("book").criteria())).isEqualTo("fb");
        assertThat(rules.policyIds(LOAN)).doesNotContain("never");
    }

    @Test
    void aLineWithoutPoliciesMustHaveIndentedLines() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            m dvd # : l never
            """)).hasMessage("Policy missing");
    }

    @Test
    void criteriaOnlyParentLinesAndThreeLevelsOfNesting() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g undergrad grad
              t normal short
                  m book dvd: l level-3 r rq n nt o od i li
                     s main: l level-4 r rq n nt o od i li
              m book: l level-2 r rq n nt o od i li
            """);
        RuleMatch deepest = rules.match(LOAN, facts().g("grad").t("short").m("dvd").s("main").criteria());
        assertThat(deepest.policyId()).isEqualTo("level-4");
        assertThat(deepest.patronGroupIds()).containsExactlyInAnyOrder("undergrad", "grad");
        assertThat(deepest.loanTypeIds()).containsExactlyInAnyOrder("normal", "short");
        assertThat(deepest.materialTypeIds()).containsExactlyInAnyOrder("book", "dvd");

        assertThat(rules.policyId(LOAN, facts().g("grad").t("short").m("dvd").s("annex").criteria()))
                .isEqualTo("level-3");
        // "m book" on line 7 is a child of "g undergrad grad" only, not of "t normal short".
        RuleMatch level2 = rules.match(LOAN, facts().g("grad").t("rare").m("book").criteria());
        assertThat(level2.policyId()).isEqualTo("level-2");
        assertThat(level2.loanTypeIds()).isEmpty();
        assertThat(rules.policyId(LOAN, facts().g("staff").t("short").m("dvd").s("main").criteria()))
                .isEqualTo("fb");
    }

    @Test
    void ruleMatchNamesCombineInheritedSelectionsOfTheSameType() {
        CirculationRules rules = CirculationRules.parse("""
            priority: last-line
            fallback-policy: l fb r fb n fb o fb i fb
            m book dvd map
                m !map + g all + t !rare: l narrowed r rq n nt o od i li
            t rare + g staff + m all: l staff-rare r rq n nt o od i li
            """);
        RuleMatch narrowed = rules.match(LOAN, facts().m("dvd").g("visitor").t("normal").criteria());
        assertThat(narrowed.policyId()).isEqualTo("narrowed");
        assertThat(narrowed.materialTypeIds()).containsExactlyInAnyOrder("book", "dvd");
        assertThat(narrowed.patronGroupIds()).isEmpty();
        assertThat(narrowed.loanTypeIds()).isEmpty();
        assertThat(rules.policyId(LOAN, facts().m("map").g("visitor").t("normal").criteria())).isEqualTo("fb");

        RuleMatch staffRare = rules.match(LOAN, facts().m("map").g("staff").t("rare").criteria());
        assertThat(staffRare.policyId()).isEqualTo("staff-rare");
        assertThat(staffRare.patronGroupIds()).containsExactly("staff");
        assertThat(staffRare.loanTypeIds()).containsExactly("rare");
        assertThat(staffRare.materialTypeIds()).isEmpty();
    }

    @Test
    void namesAreCaseSensitiveWordsOfLettersDigitsAndHyphens() {
        CirculationRules rules = CirculationRules.parse(
                "priority: last-line\r\n"
                        + "fallback-policy: l fb r fb n fb o fb i fb\r\n"
                        + "m Book-2 x-y-z: l policy-v1-2 r rq n nt o od i li\r"
                        + "g all: l fb r ALL-CAPS n nt o od i li\n");
        assertThat(rules.policyId(LOAN, facts().m("x-y-z").criteria())).isEqualTo("policy-v1-2");
        assertThat(rules.policyId(LOAN, facts().m("Book-2").criteria())).isEqualTo("policy-v1-2");
        assertThat(rules.policyId(LOAN, facts().m("book-2").criteria())).isEqualTo("fb");
        assertThat(rules.policyId(REQUEST, facts().criteria())).isEqualTo("ALL-CAPS");
        // ANTLR counts lines by \n only: the lone \r ends a rules line but not a source line.
        assertThat(rules.match(REQUEST, facts().criteria()).line()).isEqualTo(3);
    }

    @Test
    void ruleMatchSetsAreImmutable() {
        RuleMatch match = CirculationRules.parse(FOLIO_REFERENCE_RULES)
                .match(LOAN, facts().m("1a54b431-2e4f-452d-9cae-9cee66c9a892").criteria());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> match.materialTypeIds().add("x"))
                .isInstanceOf(UnsupportedOperationException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> CirculationRules.parse(FOLIO_REFERENCE_RULES).policyIds(LOAN).add("x"))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void concurrentMatchingGivesTheSameAnswers() {
        CirculationRules rules = CirculationRules.parse("""
            priority: criterium(t, s, c, b, a, m, g), number-of-criteria, last-line
            fallback-policy: l fb r fb n fb o fb i fb
            g visitor + t rare: l pb r rq n nt o od i li
            t rare + m book: l pd r rq n nt o od i li
            """);
        var answers = ConcurrentHashMap.<String>newKeySet();
        IntStream.range(0, 10_000).parallel().forEach(i -> answers.add(rules.policyId(LOAN,
                facts().g("visitor").t("rare").m(i % 2 == 0 ? "book" : "dvd").criteria()) + (i % 2)));
        assertThat(answers).containsExactlyInAnyOrder("pd0", "pb1");
    }
}
