package org.quire.circulation.rules;

import static org.quire.circulation.rules.TokenCursor.criteriumType;
import static org.quire.circulation.rules.TokenCursor.error;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.quire.circulation.rules.Criterium.Selection;
import org.quire.circulation.rules.RulesLexer.SourceLine;
import org.quire.circulation.rules.RulesLexer.Token;

/**
 * Hand-written parser for the FOLIO circulation rules language (mod-circulation's
 * CirculationRules.g4 and doc/circulationrules.md). It works line by line; indentation is
 * tracked with a stack of the parent lines of the next line, like Python's INDENT/DEDENT.
 */
final class RulesParser {

  /** Everything {@link CirculationRules} needs; rules are in text order. */
  record Parsed(Priority priority, Map<PolicyType, String> fallback, List<Rule> rules) {
  }

  /** A line that can be the parent of more-indented lines; criteria include inherited ones. */
  private record Frame(int indent, List<Criterium> criteria) {
  }

  private final RulesLexer.Lexed lexed;
  private final List<Rule> rules = new ArrayList<>();
  private final Deque<Frame> parents = new ArrayDeque<>();
  private Priority priority;
  private Map<PolicyType, String> fallback;
  private boolean ruleLineSeen;

  private RulesParser(RulesLexer.Lexed lexed) {
    this.lexed = lexed;
  }

  static Parsed parse(String text) {
    return new RulesParser(RulesLexer.lex(text)).parseFile();
  }

  private Parsed parseFile() {
    for (SourceLine line : lexed.lines()) {
      Token first = line.tokens().get(0);
      if (first.is("priority")) {
        if (priority != null) {
          throw error("Duplicate priority line, only one is allowed", first);
        }
        requireNoIndent(line);
        TokenCursor c = new TokenCursor(line);
        c.next(null); // the word "priority"
        priority = PriorityParser.parse(c);
      } else if (priority == null) {
        throw error("The first line must be the priority line, for example 'priority: last-line'",
            first);
      } else if (first.is("fallback-policy")) {
        parseFallbackLine(line, first);
      } else {
        parseRuleLine(line);
      }
    }
    if (priority == null) {
      throw errorAtEnd("Priority line missing, for example 'priority: last-line'");
    }
    if (fallback == null) {
      throw errorAtEnd("fallback-policy line missing");
    }
    return new Parsed(priority, fallback, List.copyOf(rules));
  }

  // ---------------------------------------------------------------- fallback-policy

  private void parseFallbackLine(SourceLine line, Token first) {
    if (fallback != null) {
      throw error("Duplicate fallback-policy line, only one is allowed", first);
    }
    requireNoIndent(line);
    if (ruleLineSeen && !priority.fallbackLast()) {
      throw error("The fallback-policy line must be before the first rule", first);
    }
    TokenCursor c = new TokenCursor(line);
    c.next(null);
    Token colon = c.expect(":", "Expected ':' after 'fallback-policy'");
    Map<PolicyType, String> policies = parsePolicies(c, colon);
    for (PolicyType type : PolicyType.values()) {
      if (!policies.containsKey(type)) {
        throw error("Must have a fallback policy of type " + type.letter(), first);
      }
    }
    fallback = policies;
  }

  // ---------------------------------------------------------------- rule lines

  private void parseRuleLine(SourceLine line) {
    Token first = line.tokens().get(0);
    if (fallback == null && !priority.fallbackLast()) {
      throw error("fallback-policy line missing, it must be before the first rule", first);
    }
    if (fallback != null && priority.fallbackLast()) {
      throw error("For 'priority: first-line' the fallback-policy must be after the last rule.",
          first);
    }
    ruleLineSeen = true;
    Frame parent = popToParent(line, first);

    TokenCursor c = new TokenCursor(line);
    List<Criterium> criteria = new ArrayList<>(parent == null ? List.of() : parent.criteria());
    Map<PolicyType, String> policies = Map.of();
    while (true) {
      criteria.add(parseCriterium(c));
      Token separator = c.peek();
      if (separator == null) {
        break;
      }
      c.next(null);
      if (separator.is(":")) {
        policies = parsePolicies(c, separator);
        break;
      }
      if (!separator.is("+")) {
        throw error("Expected '+', ':' or end of line but found '" + separator.text() + "'",
            separator);
      }
      if (c.peek() == null) {
        throw error("Criterium missing after '+'", separator);
      }
    }
    parents.push(new Frame(line.indent(), List.copyOf(criteria)));
    if (!policies.isEmpty()) {
      rules.add(new Rule(line.number(), criteria, policies,
          criteriumRank(criteria), criteriaCount(criteria)));
    }
  }

  /**
   * Drops the lines that cannot be parents of this line. A line is a child of the previous line
   * when it is more indented; otherwise its indentation must equal that of an open outer line.
   */
  private Frame popToParent(SourceLine line, Token first) {
    int indent = line.indent();
    boolean dedented = false;
    while (!parents.isEmpty() && parents.peek().indent() > indent) {
      parents.pop();
      dedented = true;
    }
    if (!parents.isEmpty() && parents.peek().indent() == indent) {
      parents.pop(); // a sibling replaces the previous line at this level
    } else if (parents.isEmpty() ? indent != 0 : dedented) {
      throw error(parents.isEmpty()
          ? "Unexpected indentation"
          : "Indentation does not match any outer line", first);
    }
    return parents.peek();
  }

  private Criterium parseCriterium(TokenCursor c) {
    Token letter = c.next(null);
    CriteriumType type = criteriumType(letter);
    if (type == null) {
      throw error("Unknown criterium type '" + letter.text()
          + "', expected one of g, m, t, a, b, c, s", letter);
    }
    Token next = c.peek();
    if (next != null && next.is("all")) {
      c.next(null);
      Token extra = c.peek();
      if (extra != null && (extra.is("!") || isName(extra))) {
        throw error("'all' cannot be combined with names", extra);
      }
      return new Criterium(type, Selection.ALL, Set.of());
    }
    if (next != null && next.is("!")) {
      return new Criterium(type, Selection.NONE_OF, parseNegatedNames(c));
    }
    if (next == null || !isName(next)) {
      throw error("Name missing after criterium type '" + letter.text() + "'", letter);
    }
    List<String> names = new ArrayList<>();
    while (c.peek() != null && isName(c.peek())) {
      Token name = c.next(null);
      if (name.is("all")) {
        throw error("'all' cannot be combined with names", name);
      }
      names.add(name.text());
    }
    if (c.peek() != null && c.peek().is("!")) {
      throw error("A '!' must precede each name or no name.", c.peek());
    }
    return new Criterium(type, Selection.ANY_OF, Set.copyOf(names));
  }

  private Set<String> parseNegatedNames(TokenCursor c) {
    List<String> names = new ArrayList<>();
    while (c.peek() != null && c.peek().is("!")) {
      Token bang = c.next(null);
      Token name = c.peek();
      if (name == null || !isName(name) || name.is("all")) {
        throw error("Name missing after '!'", bang);
      }
      names.add(c.next(null).text());
    }
    if (c.peek() != null && isName(c.peek())) {
      throw error("A '!' must precede each name or no name.", c.peek());
    }
    return Set.copyOf(names);
  }

  /** Policies after a ':' up to the end of the line; each type at most once. */
  private Map<PolicyType, String> parsePolicies(TokenCursor c, Token colon) {
    if (c.peek() == null) {
      throw error("Policy missing after ':'", colon);
    }
    Map<PolicyType, String> policies = new EnumMap<>(PolicyType.class);
    while (c.peek() != null) {
      Token letter = c.next(null);
      PolicyType type = letter.text().length() == 1 ? PolicyType.ofLetter(letter.text().charAt(0)) : null;
      if (type == null) {
        throw error("Unknown policy type '" + letter.text()
            + "', expected one of l, r, n, o, i", letter);
      }
      if (c.peek() == null || !isName(c.peek())) {
        throw error("Name missing after policy type '" + letter.text() + "'", letter);
      }
      if (policies.put(type, c.next(null).text()) != null) {
        throw error("Only one policy of type " + type.letter() + " allowed", letter);
      }
    }
    return policies;
  }

  // ---------------------------------------------------------------- priority values of a rule

  private int criteriumRank(List<Criterium> criteria) {
    int rank = 0;
    for (Criterium criterium : criteria) {
      rank = Math.max(rank, priority.rank(criterium.type()));
    }
    return rank;
  }

  /** Counts distinct criterium types; a, b, c and s together count as one, as FOLIO specifies. */
  private static int criteriaCount(List<Criterium> criteria) {
    Set<CriteriumType> used = EnumSet.noneOf(CriteriumType.class);
    for (Criterium criterium : criteria) {
      used.add(criterium.type().isLocation() ? CriteriumType.LOCATION : criterium.type());
    }
    return used.size();
  }

  // ---------------------------------------------------------------- helpers

  /**
   * Single criterium and policy letters are keywords, as in the FOLIO lexer; treating them as
   * names would silently swallow a forgotten '+' or a policy without a name.
   */
  private static boolean isName(Token token) {
    if (token.isPunctuation()) {
      return false;
    }
    if (token.text().length() == 1) {
      char ch = token.text().charAt(0);
      return CriteriumType.ofLetter(ch) == null && PolicyType.ofLetter(ch) == null;
    }
    return true;
  }

  private static void requireNoIndent(SourceLine line) {
    if (line.indent() != 0) {
      throw error("Unexpected indentation", line.tokens().get(0));
    }
  }

  private RulesSyntaxException errorAtEnd(String message) {
    return new RulesSyntaxException(message, lexed.endLine(), lexed.endColumn());
  }
}
