package org.quire.circulation.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Splits a rules text into the token stream of FOLIO's lexer (mod-circulation CirculationRules.g4): keywords,
 * single letters, names, punctuation, NEWLINE, and the INDENT/DEDENT tokens its lexer members synthesise.
 *
 * <p>What FOLIO's lexer does and this one therefore does too:
 * <ul>
 *   <li>a word is a maximal run of {@code [0-9a-zA-Z-]}; the whole word is a keyword, a criterium letter
 *       {@code [tabcsmg]}, a policy letter {@code [lrnoi]} or else a NAME (ANTLR's longest match, first rule wins);
 *   <li>{@code #} or {@code /} start a comment up to the end of the line; blank and comment-only lines vanish
 *       (their NEWLINE is hidden), so a NEWLINE token only ends a line that has content;
 *   <li>only spaces indent; a tab is refused at once; any other character (underscore, dot, no-break space …)
 *       is dropped, because FOLIO leaves ANTLR's console listener on the lexer, which prints and skips it;
 *   <li>at the end of the text a missing final NEWLINE is added and every open indentation level is closed;
 *   <li>lines and columns are ANTLR's: the line counts {@code \n} only (a lone {@code \r} ends a rules line but
 *       not a source line), the column counts code points from 0.
 * </ul>
 * Hidden tokens (spaces, comments, empty-line NEWLINEs) are kept, flagged, because ANTLR's "no viable
 * alternative at input …" message quotes the source between two tokens including them.
 */
final class RulesLexer {

  /** Token kinds in ANTLR's token type order, which is the order of names in "expecting {…}" sets. */
  enum Kind {
    EOF("<EOF>"),
    PRIORITY("'priority'"), COLON("':'"), FIRST_LINE("'first-line'"), LAST_LINE("'last-line'"), COMMA("','"),
    CRITERIUM("'criterium'"), LPAREN("'('"), RPAREN("')'"), NUMBER_OF_CRITERIA("'number-of-criteria'"),
    PLUS("'+'"), BANG("'!'"), ALL("'all'"), FALLBACK_POLICY("'fallback-policy'"),
    INDENT("INDENT"), DEDENT("DEDENT"),
    CRITERIUM_LETTER("CRITERIUM_LETTER"), POLICY_TYPE("POLICY_TYPE"), NAME("NAME"), NEWLINE("NEWLINE"),
    /** Spaces and comments: never seen by the parser. */
    HIDDEN("HIDDEN"),
    /**
     * Where a tab was found; the stream ends there. FOLIO's lexer throws when the parser first asks for this
     * token, so a syntax error earlier in the text is reported first; the parser does the same.
     */
    TAB("TAB");

    final String display;

    Kind(String display) {
      this.display = display;
    }
  }

  /**
   * One token. {@code column} is ANTLR's 0-based charPositionInLine; messages add 1 where FOLIO does.
   * {@code hidden} tokens are off the parser's channel.
   */
  record Token(Kind kind, String text, int line, int column, boolean hidden) {
    boolean is(Kind k) {
      return kind == k && !hidden;
    }
  }

  static final String TAB_MESSAGE = "Tabulator character is not allowed, use spaces instead.";

  private final int[] cps;
  private final List<Token> out = new ArrayList<>();
  private final Deque<Integer> indents = new ArrayDeque<>();
  private int pos;
  private int line = 1;
  private int column;
  private boolean pendingDent = true;
  private int indentCount;
  private Token firstOfLine;

  private RulesLexer(String text) {
    this.cps = text.codePoints().toArray();
  }

  /** All tokens, hidden ones included, ending with EOF. */
  static List<Token> lex(String text) {
    RulesLexer lexer = new RulesLexer(text);
    lexer.run();
    return lexer.out;
  }

  private void run() {
    while (pos < cps.length) {
      int ch = cps[pos];
      int startLine = line;
      int startColumn = column;
      if (ch == ' ') {
        int n = 0;
        while (pos < cps.length && cps[pos] == ' ') {
          advance();
          n++;
        }
        if (pendingDent) {
          indentCount += n;
        }
        emit(new Token(Kind.HIDDEN, " ".repeat(n), startLine, startColumn, true));
      } else if (ch == '\t') {
        advance();
        // FOLIO's TAB rule reports the position after the tab, plus one.
        out.add(new Token(Kind.TAB, TAB_MESSAGE, line, column + 1, false));
        return;
      } else if (ch == '#' || ch == '/') {
        int start = pos;
        while (pos < cps.length && cps[pos] != '\r' && cps[pos] != '\n') {
          advance();
        }
        emit(new Token(Kind.HIDDEN, text(start, pos), startLine, startColumn, true));
      } else if (ch == '\r' || ch == '\n') {
        int start = pos;
        advance();
        if (ch == '\r' && pos < cps.length && cps[pos] == '\n') {
          advance();
        }
        boolean hidden = pendingDent;
        pendingDent = true;
        indentCount = 0;
        firstOfLine = null;
        out.add(new Token(Kind.NEWLINE, text(start, pos), startLine, startColumn, hidden));
      } else if (isWordChar(ch)) {
        int start = pos;
        while (pos < cps.length && isWordChar(cps[pos])) {
          advance();
        }
        String word = text(start, pos);
        emit(new Token(wordKind(word), word, startLine, startColumn, false));
      } else {
        Kind punctuation = switch (ch) {
          case ':' -> Kind.COLON;
          case ',' -> Kind.COMMA;
          case '(' -> Kind.LPAREN;
          case ')' -> Kind.RPAREN;
          case '+' -> Kind.PLUS;
          case '!' -> Kind.BANG;
          default -> null;
        };
        advance();
        if (punctuation != null) {
          emit(new Token(punctuation, Character.toString(ch), startLine, startColumn, false));
        }
        // else: a character no lexer rule matches; FOLIO's lexer skips it.
      }
    }
    emit(new Token(Kind.EOF, "<EOF>", line, column, false));
  }

  /** FOLIO's nextToken(): before the first visible token of a line, queue its INDENT or DEDENT tokens. */
  private void emit(Token token) {
    if (pendingDent && firstOfLine == null) {
      firstOfLine = token;
    }
    if (token.hidden()) {
      out.add(token);
      return;
    }
    if (token.kind() == Kind.EOF) {
      indentCount = 0;
      if (!pendingDent) {
        firstOfLine = token;
        out.add(synthetic(Kind.NEWLINE, "NEWLINE"));
      }
    }
    while (indentCount != savedIndent()) {
      if (indentCount > savedIndent()) {
        indents.push(indentCount);
        out.add(synthetic(Kind.INDENT, "INDENT" + indentCount));
      } else {
        indents.pop();
        out.add(synthetic(Kind.DEDENT, "DEDENT" + savedIndent()));
      }
    }
    pendingDent = false;
    out.add(token);
  }

  private int savedIndent() {
    return indents.isEmpty() ? 0 : indents.peek();
  }

  /** INDENT, DEDENT and the final NEWLINE sit where the line's first token (maybe a space) starts. */
  private Token synthetic(Kind kind, String text) {
    return new Token(kind, text, firstOfLine.line(), firstOfLine.column(), false);
  }

  private void advance() {
    if (cps[pos] == '\n') {
      line++;
      column = 0;
    } else {
      column++;
    }
    pos++;
  }

  private String text(int from, int to) {
    return new String(cps, from, to - from);
  }

  private static boolean isWordChar(int ch) {
    return ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch == '-';
  }

  private static Kind wordKind(String word) {
    return switch (word) {
      case "priority" -> Kind.PRIORITY;
      case "first-line" -> Kind.FIRST_LINE;
      case "last-line" -> Kind.LAST_LINE;
      case "criterium" -> Kind.CRITERIUM;
      case "number-of-criteria" -> Kind.NUMBER_OF_CRITERIA;
      case "all" -> Kind.ALL;
      case "fallback-policy" -> Kind.FALLBACK_POLICY;
      case "t", "a", "b", "c", "s", "m", "g" -> Kind.CRITERIUM_LETTER;
      case "l", "r", "n", "o", "i" -> Kind.POLICY_TYPE;
      default -> Kind.NAME;
    };
  }
}
