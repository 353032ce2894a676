package org.quire.circulation.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each refusal with the message and position mod-circulation gives for it: the grammar's own messages and
 * ANTLR's default ones (CirculationRules.g4 with FOLIO's ErrorListener, column = charPositionInLine + 1), and
 * Text2Drools' checks after parsing (some of which report the 0-based charPositionInLine as the column).
 */
class SyntaxErrorTest {

    /** Two valid lines, so rule lines in the cases below start on line 3. */
    private static final String HEAD = "priority: last-line\nfallback-policy: l fb r fb n fb o fb i fb\n";
    private static final String FALLBACK = "fallback-policy: l fb r fb n fb o fb i fb\n";
    /** The four policies a rule needs besides its loan policy. */
    private static final String REST = " r rq n nt o od i li";
    private static final String TOP_LEVEL = "{<EOF>, CRITERIUM_LETTER, NEWLINE}";

    static Stream<Arguments> errors() {
        return Stream.of(
                // name, text, message, line, column
                error("name where a rule line starts", HEAD + "x book: l p",
                        "mismatched input 'x' expecting " + TOP_LEVEL, 3, 1),
                error("stray name where a rule line starts", HEAD + "book",
                        "extraneous input 'book' expecting " + TOP_LEVEL, 3, 1),
                error("unknown criterium letter after plus", HEAD + "m book + q rare: l p",
                        "no viable alternative at input 'm book + q'", 3, 10),
                error("word where a rule line starts", HEAD + "book: l p",
                        "mismatched input 'book' expecting " + TOP_LEVEL, 3, 1),
                error("rule before fallback-policy", "priority: last-line\nm book: l p\n",
                        "extraneous input 'm' expecting {'fallback-policy', NEWLINE}", 2, 1),
                error("no fallback-policy", "priority: last-line\n",
                        "extraneous input '<EOF>' expecting {'fallback-policy', NEWLINE}", 2, 1),
                error("no fallback-policy for first-line", "priority: first-line\nm book: l p" + REST,
                        "extraneous input '<EOF>' expecting {'fallback-policy', CRITERIUM_LETTER, NEWLINE}", 2, 32),
                error("fallback without lost item policy", "priority: last-line\nfallback-policy: l pa r pb n pc o pd\n",
                        "Must have a fallback policy of type i", 2, 0),
                error("fallback without loan policy", "priority: last-line\nfallback-policy: r pb n pc o pd i pe\n",
                        "Must have a fallback policy of type l", 2, 0),
                error("fallback with two loan policies", "priority: last-line\nfallback-policy: l pa l pb r pc n pd o pe i pf",
                        "Only one fallback policy of type l is allowed", 2, 0),
                error("fallback with colon and nothing else", "priority: last-line\nfallback-policy:\n",
                        "Policy missing after ':'", 2, 17),
                error("fallback without colon", "priority: last-line\nfallback-policy l a",
                        "mismatched input 'l' expecting {':', NEWLINE}", 2, 17),
                error("fallback without anything", "priority: last-line\nfallback-policy\nm book: l a" + REST,
                        "Policy missing", 3, 1),
                error("fallback with a stray word", "priority: last-line\nfallback-policy: l pa r pb n pc o pd i pe x\n",
                        "extraneous input 'x' expecting NEWLINE", 2, 43),
                error("rule on the fallback line", "priority: last-line\nfallback-policy: l pa r pb n pc o pd i pe m book: l pa",
                        "missing NEWLINE at 'm'", 2, 43),
                error("policy letter without name", HEAD + "m book: l r req",
                        "Name missing.", 3, 11),
                error("policy letter without name at end of line", HEAD + "m book: r req l",
                        "Name missing.", 3, 16),
                error("fallback policy letter without name", "priority: last-line\nfallback-policy: l r a n b o c i d",
                        "Name missing.", 2, 20),
                error("word where a policy letter belongs", HEAD + "g staff: x pa",
                        "no viable alternative at input 'g staff: x'", 3, 10),
                error("two names for one policy", HEAD + "m book: l pa pb",
                        "no viable alternative at input 'm book: l pa pb'", 3, 14),
                error("a criterium letter as a policy name", HEAD + "m book: l a" + REST,
                        "no viable alternative at input 'm book: l a'", 3, 11),
                error("two loan policies", HEAD + "g staff: l pa l pb" + REST,
                        "Only one policy of type l allowed", 3, 7),
                error("rule without request policy", HEAD + "m book: l pa n nt o od i li",
                        "Must contain one of each policy type, missing type r", 3, 6),
                error("rule with colon and nothing else", HEAD + "g staff:",
                        "Policy missing after ':'", 3, 9),
                error("rule without policies or indented lines", HEAD + "g visitor\n    m book",
                        "Policy missing", 4, 5),
                error("dedent to an unknown level", HEAD + "g visitor\n    m book: l pa" + REST + "\n  t rare: l pb" + REST,
                        "extraneous input 'INDENT2' expecting " + TOP_LEVEL, 5, 1),
                error("indented first rule", HEAD + "  m book: l pa" + REST,
                        "extraneous input 'INDENT2' expecting " + TOP_LEVEL, 3, 1),
                error("indented fallback-policy", "priority: last-line\n  " + FALLBACK,
                        "extraneous input 'INDENT2' expecting {'fallback-policy', NEWLINE}", 2, 1),
                error("indented priority", "  priority: last-line\n" + FALLBACK,
                        "extraneous input 'INDENT2' expecting {'priority', NEWLINE}", 1, 1),
                error("indented fallback-policy under a rule", HEAD + "m book\n  " + FALLBACK,
                        "mismatched input 'fallback-policy' expecting CRITERIUM_LETTER", 4, 3),
                error("second priority line", HEAD + "priority: first-line",
                        "mismatched input 'priority' expecting " + TOP_LEVEL, 3, 1),
                error("second fallback-policy line", HEAD + FALLBACK,
                        "mismatched input 'fallback-policy' expecting " + TOP_LEVEL, 3, 1),
                error("no priority line", FALLBACK + "m book: l pa" + REST,
                        "mismatched input 'fallback-policy' expecting {'priority', NEWLINE}", 1, 1),
                error("something before the priority line", "! " + FALLBACK,
                        "mismatched input '!' expecting {'priority', NEWLINE}", 1, 1),
                error("a lone word", "foo",
                        "extraneous input 'foo' expecting {'priority', NEWLINE}", 1, 1),
                error("empty text", "",
                        "mismatched input '<EOF>' expecting {'priority', NEWLINE}", 1, 1),
                error("only comments", "# nothing\n\n",
                        "mismatched input '<EOF>' expecting {'priority', NEWLINE}", 3, 1),
                error("tab", HEAD + "m\tbook: l pa",
                        "Tabulator character is not allowed, use spaces instead.", 3, 3),
                error("tab after spaces", HEAD + "  \t m book: l pa",
                        "Tabulator character is not allowed, use spaces instead.", 3, 4),
                error("syntax error before a tab", HEAD + "x y\n\tm book: l pa",
                        "mismatched input 'x' expecting " + TOP_LEVEL, 3, 1),
                error("name then negation", HEAD + "g staff !visitor: l pa" + REST,
                        "A '!' must precede each name or no name.", 3, 10),
                error("negation then name", HEAD + "g !visitor staff: l pa" + REST,
                        "A '!' must precede each name or no name.", 3, 17),
                error("negation without name", HEAD + "g !: l pa" + REST,
                        "no viable alternative at input 'g !:'", 3, 4),
                error("criterium letter without name", HEAD + "g : l pa" + REST,
                        "Name missing.", 3, 3),
                error("criterium letter without name before plus", HEAD + "m book + g + t rare: l pa" + REST,
                        "Name missing.", 3, 12),
                error("criterium letter where a name belongs", HEAD + "m book t rare: l pa" + REST,
                        "no viable alternative at input 'm book t'", 3, 8),
                error("all then a name", HEAD + "m all book: l pa" + REST,
                        "no viable alternative at input 'm all book'", 3, 7),
                error("a name then all", HEAD + "m book all: l pa" + REST,
                        "no viable alternative at input 'm book all'", 3, 8),
                error("plus at the end", HEAD + "m book +",
                        "no viable alternative at input 'm book +NEWLINE'", 3, 9),
                error("priority without colon", "priority last-line\n" + FALLBACK,
                        "no viable alternative at input 'priority last-line'", 1, 10),
                error("six criterium letters", "priority: criterium(t, s, c, b, a, m), last-line\n" + FALLBACK,
                        "7 letters expected, found only 6", 1, 21),
                error("six legacy letters", "priority: t g m a b c\n" + FALLBACK,
                        "7 letters expected, found only 6", 1, 11),
                error("eight legacy letters", "priority: t, s, c, b, a, m, g, t\n" + FALLBACK,
                        "Only 7 letters expected, found 8", 1, 11),
                error("a letter twice", "priority: t, s, c, b, a, m, t\n" + FALLBACK,
                        "Duplicate letter t", 1, 29),
                error("a letter in both criterium lists",
                        "priority: criterium(t, s, c, b, a, m, g), criterium(g, m, a, b, c, s, t), last-line\n" + FALLBACK,
                        "Duplicate letter g", 1, 53),
                error("a regulation twice", "priority: number-of-criteria, number-of-criteria, last-line\n" + FALLBACK,
                        "Duplicate priority type", 1, 31),
                error("regulation without line regulation", "priority: number-of-criteria\n" + FALLBACK,
                        "no viable alternative at input 'number-of-criteria\\n'", 1, 29),
                error("regulation and comma only", "priority: number-of-criteria,\n" + FALLBACK,
                        "no viable alternative at input 'number-of-criteria,\\n'", 1, 30),
                error("legacy letters and a comma", "priority: t, s, c, b, a, m, g,\n" + FALLBACK,
                        "no viable alternative at input ',\\n'", 1, 31),
                error("criterium without parenthesis", "priority: criterium t, s, c, b, a, m, g, last-line\n" + FALLBACK,
                        "no viable alternative at input 'criterium t'", 1, 21),
                error("line regulation not last", "priority: last-line, number-of-criteria\n" + FALLBACK,
                        "mismatched input ',' expecting {'fallback-policy', NEWLINE}", 1, 20),
                error("third regulation missing its comma",
                        "priority: number-of-criteria, criterium(t, s, c, b, a, m, g) last-line\n" + FALLBACK,
                        "missing ',' at 'last-line'", 1, 62),
                error("unknown priority", "priority: newest-line\n" + FALLBACK,
                        "no viable alternative at input 'priority: newest-line'", 1, 11),
                error("rule after fallback for priority first-line",
                        "priority: first-line\n" + FALLBACK + "m book: l pa" + REST,
                        "For 'priority: first-line' the fallback-policy must be after the last rule.", 3, 1),
                error("fallback between rules for priority first-line",
                        "priority: first-line\nm book: l pa" + REST + "\n" + FALLBACK + "g staff: l pb" + REST,
                        "For 'priority: first-line' the fallback-policy must be after the last rule.", 4, 1),
                error("syntax errors come before the checks after parsing",
                        "priority: last-line\nfallback-policy: l pa\nm book: l x\ng !: l pa" + REST,
                        "no viable alternative at input 'g !:'", 4, 4));
    }

    private static Arguments error(String name, String text, String message, int line, int column) {
        return Arguments.argumentSet(name, text, message, line, column);
    }

    @ParameterizedTest
    @MethodSource("errors")
    void syntaxError(String text, String message, int line, int column) {
        RulesSyntaxException e = catchThrowableOfType(RulesSyntaxException.class,
                () -> CirculationRules.parse(text));

        assertThat(e).as("expected a RulesSyntaxException").isNotNull();
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.line()).as("line").isEqualTo(line);
        assertThat(e.column()).as("column").isEqualTo(column);
    }

    @Test
    void aPolicyThatDoesNotExist_isRefusedAtTheColonOfItsLine() {
        String text = HEAD + "m book: l pa r rq n missing o od i li";
        CirculationRules.PolicyCheck allButMissing = (type, id) -> !id.equals("missing");

        RulesSyntaxException e = catchThrowableOfType(RulesSyntaxException.class,
                () -> CirculationRules.parse(text, allButMissing));

        // CirculationRulesResource.validatePolicy: the policy type letter, and the colon's 0-based column.
        assertThat(e.getMessage()).isEqualTo("The policy n does not exist");
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo(6);
    }

    @Test
    void aFallbackPolicyThatDoesNotExist_isRefusedToo() {
        RulesSyntaxException e = catchThrowableOfType(RulesSyntaxException.class,
                () -> CirculationRules.parse(HEAD, (type, id) -> type != PolicyType.OVERDUE_FINE));

        assertThat(e.getMessage()).isEqualTo("The policy o does not exist");
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(15);
    }

    @Test
    void policiesAreCheckedTypeByTypeAsFolioDoes() {
        // FOLIO checks l (exists?) before it notices that r is missing.
        RulesSyntaxException e = catchThrowableOfType(RulesSyntaxException.class,
                () -> CirculationRules.parse(HEAD + "m book: l gone", (type, id) -> !id.equals("gone")));
        assertThat(e.getMessage()).isEqualTo("The policy l does not exist");
    }

    @Test
    void isARuntimeExceptionWithPositionInToString() {
        RulesSyntaxException e = new RulesSyntaxException("Name missing", 4, 7);
        assertThat(e).isInstanceOf(RuntimeException.class);
        assertThat(e).hasToString("RulesSyntaxException: Name missing (line 4, column 7)");
    }

    @Test
    void commentedOutErrorsAreIgnored() {
        CirculationRules rules = CirculationRules.parse(HEAD + "# x book: l p\n/ g !a b\nm book: l pa" + REST + " # x !\n");
        assertThat(rules.policyIds(PolicyType.LOAN)).containsExactly("fb", "pa");
    }
}
