package org.quire.circulation.rules;

import static org.quire.circulation.rules.TokenCursor.criteriumType;
import static org.quire.circulation.rules.TokenCursor.error;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.quire.circulation.rules.Priority.Regulation;
import org.quire.circulation.rules.RulesLexer.Token;

/**
 * Parses what follows the word "priority" on the priority line. The forms are
 * {@code [criterium(7 letters) | number-of-criteria], ..., first-line | last-line}, each
 * regulation at most once, and the legacy {@code t, s, c, b, a, m, g}.
 */
final class PriorityParser {

  private PriorityParser() {
  }

  /** The criterium regulation ranks the first listed letter highest, as FOLIO's salience does. */
  static Priority parse(TokenCursor c) {
    c.expect(":", "Expected ':' after 'priority'");
    if (c.peek() != null && criteriumType(c.peek()) != null) {
      // Legacy form "priority: t, s, c, b, a, m, g".
      Map<CriteriumType, Integer> ranks = parseSevenLetters(c);
      c.expectEnd();
      return new Priority(List.of(Regulation.CRITERIUM, Regulation.NUMBER_OF_CRITERIA),
          true, false, ranks);
    }
    List<Regulation> regulations = new ArrayList<>();
    Map<CriteriumType, Integer> ranks = Map.of();
    while (true) {
      Token token = c.next("Expected first-line or last-line as the last priority");
      if (token.is("first-line") || token.is("last-line")) {
        c.expectEnd();
        boolean lastLine = token.is("last-line");
        return new Priority(regulations, lastLine, regulations.isEmpty() && !lastLine, ranks);
      }
      Regulation regulation;
      if (token.is("criterium")) {
        regulation = Regulation.CRITERIUM;
        c.expect("(", "Expected '(' after 'criterium'");
        ranks = parseSevenLetters(c);
        c.expect(")", "Expected ')' after the seven criterium letters");
      } else if (token.is("number-of-criteria")) {
        regulation = Regulation.NUMBER_OF_CRITERIA;
      } else {
        throw error("Unknown priority '" + token.text()
            + "', expected criterium(...), number-of-criteria, first-line or last-line", token);
      }
      if (regulations.contains(regulation)) {
        throw error("Duplicate priority type", token);
      }
      regulations.add(regulation);
      c.expect(",", "Expected ',' followed by first-line or last-line");
    }
  }

  /** Seven distinct criterium letters, commas optional; the first listed gets the highest rank. */
  private static Map<CriteriumType, Integer> parseSevenLetters(TokenCursor c) {
    Token start = c.peek();
    List<Token> letters = new ArrayList<>();
    while (c.peek() != null && criteriumType(c.peek()) != null) {
      letters.add(c.next(null));
      if (c.peek() != null && c.peek().is(",")
          && c.peekAhead() != null && criteriumType(c.peekAhead()) != null) {
        c.next(null);
      }
    }
    if (letters.size() != 7) {
      throw error(letters.size() < 7
          ? "7 letters expected, found only " + letters.size()
          : "Only 7 letters expected, found " + letters.size(), start == null ? c.last() : start);
    }
    Map<CriteriumType, Integer> ranks = new EnumMap<>(CriteriumType.class);
    for (int i = 0; i < letters.size(); i++) {
      if (ranks.put(criteriumType(letters.get(i)), 7 - i) != null) {
        throw error("Duplicate letter " + letters.get(i).text(), letters.get(i));
      }
    }
    return ranks;
  }
}
