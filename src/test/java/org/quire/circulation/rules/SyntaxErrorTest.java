package org.quire.circulation.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each syntax error with its message and 1-based position, as the HTTP layer returns them. */
class SyntaxErrorTest {

  /** Two valid lines, so rule lines in the cases below start on line 3. */
  private static final String HEAD = "priority: last-line\nfallback-policy: l fb r fb n fb o fb i fb\n";
  private static final String FALLBACK = "fallback-policy: l fb r fb n fb o fb i fb\n";

  static Stream<Arguments> errors() {
    return Stream.of(
        // name, text, message, line, column
        error("unknown criterium letter", HEAD + "x book: l p",
            "Unknown criterium type 'x', expected one of g, m, t, a, b, c, s", 3, 1),
        error("unknown criterium letter after plus", HEAD + "m book + q rare: l p",
            "Unknown criterium type 'q', expected one of g, m, t, a, b, c, s", 3, 10),
        error("word instead of criterium letter", HEAD + "book: l p",
            "Unknown criterium type 'book', expected one of g, m, t, a, b, c, s", 3, 1),
        error("missing fallback-policy before rule", "priority: last-line\nm book: l p\n",
            "fallback-policy line missing, it must be before the first rule", 2, 1),
        error("missing fallback-policy at end", "priority: last-line\n",
            "fallback-policy line missing", 2, 1),
        error("missing fallback-policy at end for first-line", "priority: first-line\nm book: l p",
            "fallback-policy line missing", 2, 12),
        error("missing fallback lost item policy", "priority: last-line\nfallback-policy: l pa r pb n pc o pd\n",
            "Must have a fallback policy of type i", 2, 1),
        error("missing fallback loan policy", "priority: last-line\nfallback-policy: r pb n pc o pd i pe\n",
            "Must have a fallback policy of type l", 2, 1),
        error("fallback without policies", "priority: last-line\nfallback-policy:\n",
            "Policy missing after ':'", 2, 16),
        error("fallback without colon", "priority: last-line\nfallback-policy l a",
            "Expected ':' after 'fallback-policy'", 2, 17),
        error("policy letter without name", HEAD + "m book: l r req",
            "Name missing after policy type 'l'", 3, 9),
        error("policy letter without name at end of line", HEAD + "m book: r req l",
            "Name missing after policy type 'l'", 3, 15),
        error("fallback policy letter without name", "priority: last-line\nfallback-policy: l r a n b o c i d",
            "Name missing after policy type 'l'", 2, 18),
        error("unknown policy letter", HEAD + "g staff: x pa",
            "Unknown policy type 'x', expected one of l, r, n, o, i", 3, 10),
        error("duplicate policy type in rule", HEAD + "g staff: l pa l pb",
            "Only one policy of type l allowed", 3, 15),
        error("duplicate policy type in fallback", "priority: last-line\nfallback-policy: l pa l pb r pc n pd o pe i pf",
            "Only one policy of type l allowed", 2, 23),
        error("policy missing after colon", HEAD + "g staff:",
            "Policy missing after ':'", 3, 8),
        error("dedent to unknown level", HEAD + "g visitor\n    m book: l pa\n  t rare: l pb",
            "Indentation does not match any outer line", 5, 3),
        error("indented first rule", HEAD + "  m book: l pa",
            "Unexpected indentation", 3, 3),
        error("indented fallback-policy", "priority: last-line\n  " + FALLBACK,
            "Unexpected indentation", 2, 3),
        error("indented priority", "  priority: last-line\n" + FALLBACK,
            "Unexpected indentation", 1, 3),
        error("duplicate priority", HEAD + "priority: first-line",
            "Duplicate priority line, only one is allowed", 3, 1),
        error("duplicate fallback-policy", HEAD + FALLBACK,
            "Duplicate fallback-policy line, only one is allowed", 3, 1),
        error("missing priority", FALLBACK + "m book: l pa",
            "The first line must be the priority line, for example 'priority: last-line'", 1, 1),
        error("empty text", "",
            "Priority line missing, for example 'priority: last-line'", 1, 1),
        error("only comments", "# nothing\n\n",
            "Priority line missing, for example 'priority: last-line'", 3, 1),
        error("tab", HEAD + "m\tbook: l pa",
            "Tabulator character is not allowed, use spaces instead.", 3, 2),
        error("name then negation", HEAD + "g staff !visitor: l pa",
            "A '!' must precede each name or no name.", 3, 9),
        error("negation then name", HEAD + "g !visitor staff: l pa",
            "A '!' must precede each name or no name.", 3, 12),
        error("name missing after negation", HEAD + "g !: l pa",
            "Name missing after '!'", 3, 3),
        error("name missing after criterium letter", HEAD + "g : l pa",
            "Name missing after criterium type 'g'", 3, 1),
        error("criterium letter as name", HEAD + "m book t rare: l pa",
            "Expected '+', ':' or end of line but found 't'", 3, 8),
        error("all combined with names", HEAD + "m all book: l pa",
            "'all' cannot be combined with names", 3, 7),
        error("names combined with all", HEAD + "m book all: l pa",
            "'all' cannot be combined with names", 3, 8),
        error("criterium missing after plus", HEAD + "m book +",
            "Criterium missing after '+'", 3, 8),
        error("priority without colon", "priority last-line\n" + FALLBACK,
            "Expected ':' after 'priority'", 1, 10),
        error("priority with six letters", "priority: criterium(t, s, c, b, a, m), last-line\n" + FALLBACK,
            "7 letters expected, found only 6", 1, 21),
        error("legacy priority with eight letters", "priority: t, s, c, b, a, m, g, t\n" + FALLBACK,
            "Only 7 letters expected, found 8", 1, 11),
        error("priority with duplicate letter", "priority: t, s, c, b, a, m, t\n" + FALLBACK,
            "Duplicate letter t", 1, 29),
        error("duplicate priority type",
            "priority: number-of-criteria, number-of-criteria, last-line\n" + FALLBACK,
            "Duplicate priority type", 1, 31),
        error("priority without line regulation", "priority: number-of-criteria\n" + FALLBACK,
            "Expected ',' followed by first-line or last-line", 1, 11),
        error("priority ending with comma", "priority: number-of-criteria,\n" + FALLBACK,
            "Expected first-line or last-line as the last priority", 1, 29),
        error("line regulation not last", "priority: last-line, number-of-criteria\n" + FALLBACK,
            "Unexpected ',' at end of line", 1, 20),
        error("unknown priority", "priority: newest-line\n" + FALLBACK,
            "Unknown priority 'newest-line', expected criterium(...), number-of-criteria, "
                + "first-line or last-line", 1, 11),
        error("rule after fallback for priority first-line",
            "priority: first-line\n" + FALLBACK + "m book: l pa",
            "For 'priority: first-line' the fallback-policy must be after the last rule.", 3, 1),
        error("fallback after rule", "priority: first-line\nm book: l pa\n" + FALLBACK
                + "g staff: l pb",
            "For 'priority: first-line' the fallback-policy must be after the last rule.", 4, 1));
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
  void isARuntimeExceptionWithPositionInToString() {
    RulesSyntaxException e = new RulesSyntaxException("Name missing", 4, 7);
    assertThat(e).isInstanceOf(RuntimeException.class);
    assertThat(e).hasToString("RulesSyntaxException: Name missing (line 4, column 7)");
  }

  @Test
  void commentedOutErrorsAreIgnored() {
    CirculationRules rules = CirculationRules.parse(HEAD + "# x book: l p\n/ g !a b\n");
    assertThat(rules.policyIds(PolicyType.LOAN)).containsExactly("fb");
  }
}
