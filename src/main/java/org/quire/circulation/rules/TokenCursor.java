package org.quire.circulation.rules;

import java.util.List;

import org.quire.circulation.rules.RulesLexer.SourceLine;
import org.quire.circulation.rules.RulesLexer.Token;

/** Walks the tokens of one line. */
final class TokenCursor {
  private final List<Token> tokens;
  private int position;

  TokenCursor(SourceLine line) {
    this.tokens = line.tokens();
  }

  Token peek() {
    return position < tokens.size() ? tokens.get(position) : null;
  }

  Token peekAhead() {
    return position + 1 < tokens.size() ? tokens.get(position + 1) : null;
  }

  /** The last token of the line, where "something missing at the end" errors point. */
  Token last() {
    return tokens.get(tokens.size() - 1);
  }

  /** Callers pass a null message only after checking that a token is there. */
  Token next(String messageIfMissing) {
    if (position >= tokens.size()) {
      throw error(messageIfMissing, last());
    }
    return tokens.get(position++);
  }

  Token expect(String text, String message) {
    Token token = peek();
    if (token == null || !token.is(text)) {
      throw error(message, token == null ? last() : token);
    }
    position++;
    return token;
  }

  void expectEnd() {
    Token token = peek();
    if (token != null) {
      throw error("Unexpected '" + token.text() + "' at end of line", token);
    }
  }

  static RulesSyntaxException error(String message, Token token) {
    return new RulesSyntaxException(message, token.line(), token.column());
  }

  /** @return the criterium type if the token is a single criterium letter, else null */
  static CriteriumType criteriumType(Token token) {
    return token.text().length() == 1 ? CriteriumType.ofLetter(token.text().charAt(0)) : null;
  }
}
