package org.quire.circulation.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a rules text into lines of tokens. Every construct of the language fits on one line,
 * so the parser never needs to look across line breaks except for indentation.
 */
final class RulesLexer {

  /** One token; line and column are 1-based. Punctuation tokens are single characters of {@link #PUNCTUATION}. */
  record Token(String text, int line, int column) {
    boolean is(String s) {
      return text.equals(s);
    }

    boolean isPunctuation() {
      return text.length() == 1 && PUNCTUATION.indexOf(text.charAt(0)) >= 0;
    }
  }

  /** A line with at least one token; comment-only and blank lines are dropped. */
  record SourceLine(int number, int indent, List<Token> tokens) {
  }

  /** The lexed text plus where it ends, so "missing line" errors can point at the end like ANTLR does. */
  record Lexed(List<SourceLine> lines, int endLine, int endColumn) {
  }

  static final String PUNCTUATION = ":+!,()";

  private RulesLexer() {
  }

  static Lexed lex(String text) {
    List<SourceLine> lines = new ArrayList<>();
    int lineNumber = 1;
    int start = 0;
    // Accept \n, \r\n and \r like the FOLIO grammar does.
    for (int i = 0; i <= text.length(); i++) {
      boolean end = i == text.length();
      char ch = end ? '\n' : text.charAt(i);
      if (ch != '\n' && ch != '\r') {
        continue;
      }
      SourceLine line = lexLine(text.substring(start, i), lineNumber);
      if (line != null) {
        lines.add(line);
      }
      if (end) {
        return new Lexed(lines, lineNumber, i - start + 1);
      }
      if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
        i++;
      }
      start = i + 1;
      lineNumber++;
    }
    throw new AssertionError("unreachable");
  }

  private static SourceLine lexLine(String line, int lineNumber) {
    List<Token> tokens = new ArrayList<>();
    int indent = -1;
    int i = 0;
    while (i < line.length()) {
      char ch = line.charAt(i);
      if (ch == '#' || ch == '/') {
        break; // comment up to the end of the line
      }
      if (ch == '\t') {
        throw new RulesSyntaxException(
            "Tabulator character is not allowed, use spaces instead.", lineNumber, i + 1);
      }
      if (Character.isWhitespace(ch)) {
        i++;
        continue;
      }
      if (indent < 0) {
        indent = i;
      }
      if (PUNCTUATION.indexOf(ch) >= 0) {
        tokens.add(new Token(String.valueOf(ch), lineNumber, i + 1));
        i++;
        continue;
      }
      int wordStart = i;
      while (i < line.length() && isWordChar(line.charAt(i))) {
        i++;
      }
      tokens.add(new Token(line.substring(wordStart, i), lineNumber, wordStart + 1));
    }
    return tokens.isEmpty() ? null : new SourceLine(lineNumber, indent, List.copyOf(tokens));
  }

  /** Names are opaque (UUIDs in storage), so anything that is not a separator belongs to a word. */
  private static boolean isWordChar(char ch) {
    return !Character.isWhitespace(ch) && ch != '#' && ch != '/' && PUNCTUATION.indexOf(ch) < 0;
  }
}
