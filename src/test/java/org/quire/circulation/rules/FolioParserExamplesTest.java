package org.quire.circulation.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.quire.circulation.rules.Facts.facts;
import static org.quire.circulation.rules.PolicyType.LOAN;
import static org.quire.circulation.rules.PolicyType.LOST_ITEM;
import static org.quire.circulation.rules.PolicyType.OVERDUE_FINE;
import static org.quire.circulation.rules.PolicyType.REQUEST;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rules text of FOLIO mod-circulation's Text2DroolsTest, with the outcome FOLIO's test expects (its
 * refusals are matched as FOLIO's CirculationRulesExceptionMatcher does: same line and column, message contains
 * the expected text), plus texts FOLIO's grammar accepts that a line-by-line reading would not.
 */
class FolioParserExamplesTest {

    private static final String HEADER =
            "priority: last-line\nfallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item\n";
    private static final String FIRST_INSTITUTION_ID = "3d22d91c-cf1d-11e9-bb65-2a2ae2dbcce4";
    private static final String SECOND_INSTITUTION_ID = "3d22d91c-cf1d-11e9-bb65-2a2ae2dbcce5";
    private static final String FIRST_LIBRARY_ID = "aa59f830-cfea-11e9-bb65-2a2ae2dbcce4";
    private static final String SECOND_LIBRARY_ID = "2125c4ea-9c9a-462e-84d2-90e3fcdbf1eb";
    private static final String FIRST_CAMPUS_ID = "692dbd8c-9804-4281-9fd1-8ce601d7c6a3";
    private static final String SECOND_CAMPUS_ID = "04163907-8f63-41f3-888d-f2d2888a4dd0";

    private static final String TEST1 = String.join("\n",
            "priority: t, s, c, b, a, m, g",
            "fallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item",
            "m book cd dvd: l policy-a r request-1 n notice-1 o overdue-1 i lost-item-1",
            "m newspaper + g all: l policy-c r request-2 n notice-2 o overdue-2 i lost-item-2",
            "m streaming-subscription: l policy-c r request-3 n notice-3 o overdue-3 i lost-item-3",
            "    g visitor: l in-house r request-4 n notice-4 o overdue-4 i lost-item-4",
            "    g undergrad: l in-house r request-5 n notice-5 o overdue-5 i lost-item-5",
            "m book cd dvd + t special-items: l in-house r request-6 n notice-6 o overdue-6 i lost-item-6",
            "t special-items: l policy-d r request-7 n notice-7 o overdue-7 i lost-item-7",
            "    g visitor alumni: l in-house r request-8 n notice-8 o overdue-8 i lost-item-8",
            "a " + FIRST_INSTITUTION_ID + ": l in-university r request-9 n notice-9 o overdue-9 i lost-item-9");

    /** FOLIO's test1 cases: item type, loan type, patron group, institution (also the location), then the winners. */
    static Stream<Arguments> test1Cases() {
        return Stream.of(
                Arguments.of("foo", "foo", "foo", SECOND_INSTITUTION_ID, "no-loan", "no-hold", "overdue", "lost-item"),
                Arguments.of("book", "regular", "undergrad", FIRST_INSTITUTION_ID,
                        "in-university", "request-9", "overdue-9", "lost-item-9"),
                Arguments.of("book", "special-items", "undergrad", FIRST_INSTITUTION_ID,
                        "in-house", "request-6", "overdue-6", "lost-item-6"),
                Arguments.of("book", "special-items", "visitor", SECOND_INSTITUTION_ID,
                        "in-house", "request-8", "overdue-8", "lost-item-8"),
                Arguments.of("newspaper", "regular", "undergrad", FIRST_INSTITUTION_ID,
                        "in-university", "request-9", "overdue-9", "lost-item-9"),
                Arguments.of("newspaper", "special-items", "undergrad", FIRST_INSTITUTION_ID,
                        "policy-d", "request-7", "overdue-7", "lost-item-7"),
                Arguments.of("newspaper", "special-items", "visitor", FIRST_INSTITUTION_ID,
                        "in-house", "request-8", "overdue-8", "lost-item-8"),
                Arguments.of("dvd", "special-items", "undergrad", FIRST_INSTITUTION_ID, "in-house", null, null, null),
                Arguments.of("map", "special-items", "alumni", FIRST_INSTITUTION_ID, "in-house", null, null, null),
                Arguments.of("foo", "foo", "foo", FIRST_INSTITUTION_ID,
                        "in-university", "request-9", "overdue-9", "lost-item-9"));
    }

    @ParameterizedTest
    @MethodSource("test1Cases")
    void test1(String itemType, String loanType, String group, String institution,
            String loan, String request, String overdue, String lostItem) {
        CirculationRules rules = CirculationRules.parse(TEST1);
        RuleCriteria criteria = facts().m(itemType).t(loanType).g(group).s(institution).a(institution)
                .c(SECOND_LIBRARY_ID).b(SECOND_CAMPUS_ID).criteria();

        assertThat(rules.policyId(LOAN, criteria)).isEqualTo(loan);
        if (request != null) {
            assertThat(rules.policyId(REQUEST, criteria)).isEqualTo(request);
            assertThat(rules.policyId(OVERDUE_FINE, criteria)).isEqualTo(overdue);
            assertThat(rules.policyId(LOST_ITEM, criteria)).isEqualTo(lostItem);
        }
    }

    @Test
    void headerFallbackPolicy() {
        assertThat(loan(HEADER, "foo", "bar", "biz", "shelf", FIRST_INSTITUTION_ID, FIRST_LIBRARY_ID, FIRST_CAMPUS_ID))
                .isEqualTo("no-loan");
    }

    @Test
    void firstLine() {
        String rules = String.join("\n",
                "priority: first-line",
                "g visitor",
                "  t special-items: l in-house r no-hold n basic-notice o overdue i lost-item",
                "m book: l policy-b r no-hold n basic-notice o overdue i lost-item",
                "fallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item",
                "",
                "");
        assertThat(loan(rules, "book", "special-items", "visitor")).isEqualTo("in-house");
        assertThat(loan(rules, "book", "special-items", "undergrad")).isEqualTo("policy-b");
        assertThat(loan(rules, "dvd", "special-items", "undergrad")).isEqualTo("no-loan");
    }

    @Test
    void twoAndThreePriorities() {
        String rules = String.join("\n",
                "fallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item",
                "m book: l policy-a r no-hold n basic-notice o overdue i lost-item",
                "g student: l policy-b r no-hold n basic-notice o overdue i lost-item",
                "m dvd: l policy-c r no-hold n basic-notice o overdue i lost-item",
                "     g visitor: l policy-d r no-hold n basic-notice o overdue i lost-item");
        String two = "priority: number-of-criteria, first-line\n" + rules;
        assertThat(loan(two, "book", "regular", "student")).isEqualTo("policy-a");
        assertThat(loan(two, "dvd", "regular", "student")).isEqualTo("policy-b");
        assertThat(loan(two, "dvd", "regular", "visitor")).isEqualTo("policy-d");
        String three = "priority: criterium(t, s, c, b, a, m, g), number-of-criteria, first-line\n" + rules;
        assertThat(loan(three, "book", "regular", "student")).isEqualTo("policy-a");
        assertThat(loan(three, "dvd", "regular", "student")).isEqualTo("policy-c");
        assertThat(loan(three, "dvd", "regular", "visitor")).isEqualTo("policy-d");
    }

    @Test
    void noAndMultipleSpacesAroundColon() {
        for (String colon : new String[] {":", "   :   "}) {
            String rules = String.join("\n",
                    "priority" + colon + "last-line",
                    "fallback-policy" + colon + "l no-loan r no-hold n basic-notice o overdue i lost-item",
                    "s new" + colon + "l policy-a r no-hold n basic-notice o overdue i lost-item",
                    "a " + FIRST_INSTITUTION_ID + colon + "l policy-b r hold n basic-notice o overdue i lost-item",
                    "c " + FIRST_LIBRARY_ID + ":l policy-c r hold n basic-notice o overdue i lost-item",
                    "b " + FIRST_CAMPUS_ID + ":l policy-d r hold n basic-notice o overdue i lost-item");
            assertThat(loan(rules, "dvd", "regular", "student", "shelf", SECOND_INSTITUTION_ID, SECOND_LIBRARY_ID,
                    SECOND_CAMPUS_ID)).isEqualTo("no-loan");
            assertThat(loan(rules, "dvd", "regular", "student", "new", SECOND_INSTITUTION_ID, SECOND_LIBRARY_ID,
                    SECOND_CAMPUS_ID)).isEqualTo("policy-a");
            assertThat(loan(rules, "dvd", "regular", "student", "new", FIRST_INSTITUTION_ID, SECOND_LIBRARY_ID,
                    SECOND_CAMPUS_ID)).isEqualTo("policy-b");
            assertThat(loan(rules, "dvd", "regular", "student", "new", FIRST_INSTITUTION_ID, FIRST_LIBRARY_ID,
                    SECOND_CAMPUS_ID)).isEqualTo("policy-c");
            assertThat(loan(rules, "dvd", "regular", "student", "new", FIRST_INSTITUTION_ID, FIRST_LIBRARY_ID,
                    FIRST_CAMPUS_ID)).isEqualTo("policy-d");
        }
    }

    @Test
    void negation() {
        String rules = HEADER + "m !dvd !music: l policy-a r no-hold n basic-notice o overdue i lost-item";
        assertThat(loan(rules, "dvd", "regular", "student")).isEqualTo("no-loan");
        assertThat(loan(rules, "music", "regular", "student")).isEqualTo("no-loan");
        assertThat(loan(rules, "newspaper", "regular", "student")).isEqualTo("policy-a");
        String single = HEADER + "m !dvd: l policy-a r no-hold n basic-notice o overdue i lost-item";
        assertThat(loan(single, "dvd", "regular", "student")).isEqualTo("no-loan");
        assertThat(loan(single, "newspaper", "regular", "student")).isEqualTo("policy-a");
    }

    @Test
    void shelvingLocation() {
        String rules = String.join("\n",
                "priority: last-line",
                "fallback-policy: l no-loan r no-hold n basic-notice o fallback i lost-item",
                "s new: l policy-a r no-hold n basic-notice o overdue-a i lost-item-a",
                "m book: l policy-b r no-hold n basic-notice o overdue-b i lost-item-b",
                "a " + FIRST_INSTITUTION_ID + ": l policy-c r no-hold n basic-notice o overdue-c i lost-item-c",
                "b new: l policy-d r no-hold n basic-notice o overdue-d i lost-item-d",
                "c " + FIRST_LIBRARY_ID + ": l policy-e r no-hold n basic-notice o overdue-e i lost-item-e",
                "b " + FIRST_CAMPUS_ID + ": l policy-e r no-hold n basic-notice o overdue-f i lost-item-f");
        CirculationRules parsed = CirculationRules.parse(rules);
        assertThat(parsed.policyId(LOAN, second("dvd", "new"))).isEqualTo("policy-a");
        assertThat(parsed.policyId(LOAN, second("book", "new"))).isEqualTo("policy-b");
        assertThat(parsed.policyId(LOAN, second("book", "shelf"))).isEqualTo("policy-b");
        assertThat(parsed.policyId(OVERDUE_FINE, second("dvd", "new"))).isEqualTo("overdue-a");
        assertThat(parsed.policyId(LOST_ITEM, second("book", "new"))).isEqualTo("lost-item-b");
        RuleCriteria old = facts().m("book").t("regular").g("student").s("old").a(FIRST_INSTITUTION_ID)
                .c(SECOND_LIBRARY_ID).b(SECOND_CAMPUS_ID).criteria();
        assertThat(parsed.policyId(LOAN, old)).isEqualTo("policy-c");
        RuleCriteria oldFirstLibrary = facts().m("book").t("regular").g("student").s("old").a(FIRST_INSTITUTION_ID)
                .c(FIRST_LIBRARY_ID).b(SECOND_CAMPUS_ID).criteria();
        assertThat(parsed.policyId(OVERDUE_FINE, oldFirstLibrary)).isEqualTo("overdue-e");
        RuleCriteria oldFirstCampus = facts().m("book").t("regular").g("student").s("old").a(FIRST_INSTITUTION_ID)
                .c(SECOND_LIBRARY_ID).b(FIRST_CAMPUS_ID).criteria();
        assertThat(parsed.policyId(LOST_ITEM, oldFirstCampus)).isEqualTo("lost-item-f");
    }

    @Test
    void shelvingLocationDefaultPriority() {
        String rules = String.join("\n",
                "priority: t, s, c, b, a, m, g",
                "fallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item",
                "s new: l policy-new r no-hold n basic-notice o overdue i lost-item",
                "t special-items: l policy-special r no-hold n basic-notice o overdue i lost-item",
                "m book: l policy-book r no-hold n basic-notice o overdue i lost-item",
                "s stacks: l policy-stacks r no-hold n basic-notice o overdue i lost-item",
                "a " + FIRST_INSTITUTION_ID + ": l policy-a r no-hold n basic-notice o overdue i lost-item",
                "c " + FIRST_LIBRARY_ID + ": l policy-c r no-hold n basic-notice o overdue i lost-item",
                "b " + FIRST_CAMPUS_ID + ": l policy-d r no-hold n basic-notice o overdue i lost-item");
        assertThat(loan(rules, "book", "regular", "student", "new")).isEqualTo("policy-new");
        assertThat(loan(rules, "book", "regular", "student", "open-stacks")).isEqualTo("policy-book");
        assertThat(loan(rules, "book", "regular", "student", "stacks")).isEqualTo("policy-stacks");
        assertThat(loan(rules, "book", "special-items", "student", "new")).isEqualTo("policy-special");
        assertThat(loan(rules, "book", "special-items", "student", "stacks")).isEqualTo("policy-special");
        assertThat(loan(rules, "book", "regular", "student", "open-stacks", FIRST_INSTITUTION_ID, SECOND_LIBRARY_ID,
                SECOND_CAMPUS_ID)).isEqualTo("policy-a");
        assertThat(loan(rules, "book", "regular", "student", "open-stacks", FIRST_INSTITUTION_ID, FIRST_LIBRARY_ID,
                FIRST_CAMPUS_ID)).isEqualTo("policy-c");
        assertThat(loan(rules, "book", "regular", "student", "open-stacks", SECOND_INSTITUTION_ID, SECOND_LIBRARY_ID,
                FIRST_CAMPUS_ID)).isEqualTo("policy-d");
    }

    @Test
    void commentsAndAlternatePolicyOrder() {
        for (String comment : new String[] {"# m book", "#m book"}) {
            CirculationRules rules = CirculationRules.parse(
                    HEADER + comment + ": l loan-anyhow r no-hold n basic-notice o overdue i lost-item");
            assertThat(rules.policyIds(LOAN)).containsExactly("no-loan");
        }
        String rules = String.join("\n",
                "priority: first-line",
                "m book: r allow-hold n general-notice o overdue l two-week i lost-item",
                "fallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item");
        assertThat(loan(rules, "book", "regular", "student")).isEqualTo("two-week");
    }

    /** FOLIO's refusals: text, the part of the message FOLIO's test checks, line, column. */
    static Stream<Arguments> refusals() {
        String rule = ": l policy-a r no-hold n basic-notice o overdue i lost-item";
        String fallback = "fallback-policy: l no-loan r no-hold n basic-notice o overdue i lost-item";
        return Stream.of(
                Arguments.of("firstLineMisplacedFallbackPolicy", "priority: first-line\n" + fallback + "\nm book" + rule,
                        "fallback-policy", 3, 1),
                Arguments.of("tab", HEADER + "  \t m book" + rule, "Tab", 3, 4),
                Arguments.of("missingPriority", fallback, "priority", 1, 1),
                Arguments.of("reject6CriteriumTypes", "priority: t g m a b c\n" + fallback,
                        "7 letters expected, found only 6", 1, 11),
                Arguments.of("reject8CriteriumTypes", "priority: t g m a b c s s\n" + fallback,
                        "Only 7 letters expected, found 8", 1, 11),
                Arguments.of("duplicateCriteriumType", "priority: t g m a b s s\n"
                        + "fallback-policy: l no-loan r no-hold n basic-notice r no-hold n basic-notice o overdue i lost-item",
                        "Duplicate letter s", 1, 23),
                Arguments.of("duplicatePriorityType", "priority: number-of-criteria, number-of-criteria, last-line\n"
                        + fallback, "Duplicate priority", 1, 31),
                Arguments.of("missingFallbackPolicies", "priority: last-line\nm book" + rule, "fallback", 2, 1),
                Arguments.of("missingFallbackPolicyFirstLine", "priority: first-line\nm book" + rule, "fallback", 2, 66),
                Arguments.of("indentedFallbackPolicies", HEADER + "m book\n  fallback-policy: l policy-b r no-hold"
                        + " n basic-notice o overdue i lost-item", "mismatched input 'fallback-policy'", 4, 3),
                Arguments.of("exclamationBeforePriority", "! " + fallback, "mismatched input '!'", 1, 1),
                Arguments.of("emptyNameList", HEADER + "m" + rule, "Name missing", 3, 2),
                Arguments.of("missingLoanPolicy", HEADER + "m book:", "Policy missing after ':'", 3, 8),
                Arguments.of("missingColonAfterCriteriaAndBeforePolicy", HEADER + "g visitor\n   m book",
                        "Policy missing", 4, 4),
                Arguments.of("missingColonAfterFallbackPolicy", "priority: t, s, c, b, a, m, g\nfallback-policy",
                        "Policy missing", 2, 16),
                Arguments.of("duplicateLoanPolicy", HEADER
                        + "m book: l policy-a l policy-b r no-hold n basic-notice o overdue i lost-item",
                        "Only one policy of type l allowed", 3, 6),
                Arguments.of("duplicateOverdueFinePolicy", HEADER
                        + "m book: l policy-a r no-hold n basic-notice o overdue o overdue-1 i lost-item",
                        "Only one policy of type o allowed", 3, 6),
                Arguments.of("duplicateLostItemFeePolicy", HEADER
                        + "m book: l policy-a r no-hold n basic-notice o overdue i lost-item i lost-item-1",
                        "Only one policy of type i allowed", 3, 6),
                Arguments.of("invalidToken", "foo", "extraneous input 'foo'", 1, 1),
                Arguments.of("missingFallbackPolicy",
                        "priority: last-line\nfallback-policy: l no-loan r no-hold o overdue i lost-item\n", "fallback", 2, 0),
                Arguments.of("duplicateFallbackPolicy",
                        "priority: last-line\nfallback-policy: l no-loan r no-hold n basic-notice r no-hold o overdue i lost-item",
                        "Only one fallback policy of type r is allowed", 2, 0),
                Arguments.of("missingRequestPolicy", HEADER + "m book: l no-loan n basic-notice o overdue i lost-item",
                        "Must contain one of each policy type, missing type r", 3, 6),
                Arguments.of("missingOverduePolicy", HEADER + "m book: l no-loan r basic-request n basic-notice i lost-item",
                        "Must contain one of each policy type, missing type o", 3, 6),
                Arguments.of("missingLostItemPolicy", HEADER + "m book: l no-loan r basic-request n basic-notice o overdue",
                        "Must contain one of each policy type, missing type i", 3, 6));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusedAsFolioRefusesIt(String name, String text, String messagePart, int line, int column) {
        RulesSyntaxException e = catchThrowableOfType(RulesSyntaxException.class, () -> CirculationRules.parse(text));
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getMessage()).contains(messagePart);
        assertThat(e.line()).as("line").isEqualTo(line);
        assertThat(e.column()).as("column").isEqualTo(column);
    }

    /** Texts FOLIO's grammar accepts; each must give its rule's loan policy for a book. */
    static Stream<Arguments> acceptedByTheGrammar() {
        String rule = "m book: l ok r rq n nt o od i li";
        String fallback = "fallback-policy: l fb r fb n fb o fb i fb";
        return Stream.of(
                Arguments.of("priority and fallback on one line", "priority: t, s, c, b, a, m, g " + fallback + "\n" + rule),
                Arguments.of("last-line and fallback on one line", "priority: last-line " + fallback + "\n" + rule),
                Arguments.of("first-line and a rule on one line", "priority: first-line " + rule + "\n" + fallback),
                Arguments.of("regulation then first-line, fallback first",
                        "priority: number-of-criteria, first-line\n" + fallback + "\n" + rule),
                Arguments.of("letters without commas", "priority: t s c b a m g\n" + fallback + "\n" + rule),
                Arguments.of("some commas", "priority: t,s c, b a,m g\n" + fallback + "\n" + rule),
                Arguments.of("criterium with a space", "priority: criterium (t, s, c, b, a, m, g), last-line\n"
                        + fallback + "\n" + rule),
                Arguments.of("no spaces at all", "priority:last-line\nfallback-policy:l fb r fb n fb o fb i fb\nm book:l ok r rq"
                        + " n nt o od i li"),
                Arguments.of("CRLF", "priority: last-line\r\n" + fallback + "\r\n" + rule + "\r\n"),
                Arguments.of("CR only", "priority: last-line\r" + fallback + "\r" + rule + "\r"),
                Arguments.of("trailing spaces", "priority: last-line   \n" + fallback + "  \n" + rule + "   \n   \n"),
                Arguments.of("blank lines and comments everywhere", "\n\n# rules\n   \npriority: last-line # why\n\n"
                        + "  # an indented comment\n" + fallback + " / comment\n\n" + rule + "\n\n# end"),
                Arguments.of("tab inside a comment", "priority: last-line\n#\ttab\n" + fallback + "\n" + rule),
                Arguments.of("no final newline", "priority: last-line\n" + fallback + "\n" + rule),
                Arguments.of("a parent line groups, its child assigns", "priority: last-line\n" + fallback
                        + "\nm book\n  g all: l ok r rq n nt o od i li"),
                Arguments.of("a parent line assigns and has children", "priority: last-line\n" + fallback + "\n" + rule
                        + "\n    g staff: l staff r rq n nt o od i li"),
                Arguments.of("back to an outer level", "priority: last-line\n" + fallback
                        + "\ng staff\n  m dvd\n      t x: l no r rq n nt o od i li\n  m book: l ok r rq n nt o od i li"),
                Arguments.of("characters FOLIO's lexer skips", "priority: last-line\n" + fallback + "\n" + rule + "_\u00a0"),
                Arguments.of("several names and negations", "priority: last-line\n" + fallback
                        + "\nm dvd book cd + g !x !y + t all: l ok r rq n nt o od i li"),
                Arguments.of("names with digits and hyphens", "priority: last-line\n" + fallback
                        + "\nm book: l 0a-b-1 r - n --x o 123 i Li\nm book: l ok r rq n nt o od i li"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("acceptedByTheGrammar")
    void acceptedAsFolioAcceptsIt(String name, String text) {
        assertThat(CirculationRules.parse(text).policyId(LOAN, facts().m("book").g("staff").t("x").criteria()))
                .isEqualTo(name.equals("a parent line assigns and has children") ? "staff" : "ok");
    }

    @Test
    void skippedCharactersSeparateNames() {
        // FOLIO's lexer drops '_', so "bo_ok" is the two names "bo" and "ok".
        CirculationRules rules = CirculationRules.parse(HEADER + "m bo_ok: l p r p n p o p i p");
        assertThat(rules.policyId(LOAN, facts().m("ok").criteria())).isEqualTo("p");
        assertThat(rules.policyId(LOAN, facts().m("bo_ok").criteria())).isEqualTo("no-loan");
    }

    private static RuleCriteria second(String itemType, String location) {
        return facts().m(itemType).t("regular").g("student").s(location).a(SECOND_INSTITUTION_ID)
                .c(SECOND_LIBRARY_ID).b(SECOND_CAMPUS_ID).criteria();
    }

    private static String loan(String rules, String itemType, String loanType, String group) {
        return loan(rules, itemType, loanType, group, "shelf");
    }

    private static String loan(String rules, String itemType, String loanType, String group, String location) {
        return loan(rules, itemType, loanType, group, location, SECOND_INSTITUTION_ID, SECOND_LIBRARY_ID,
                SECOND_CAMPUS_ID);
    }

    private static String loan(String rules, String itemType, String loanType, String group, String location,
            String institution, String library, String campus) {
        return CirculationRules.parse(rules).policyId(LOAN, facts().m(itemType).t(loanType).g(group).s(location)
                .a(institution).c(library).b(campus).criteria());
    }
}
