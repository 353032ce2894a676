package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.List;

/** Splits a CQL query into tokens, remembering each token's offset for error messages. */
final class CqlLexer {

    enum Kind {
        LPAREN,
        RPAREN,
        SLASH,
        /** A comparitor symbol: = == <> < > <= >= */
        SYMBOL,
        /** An unquoted string: an index, a bare term, a keyword such as and/sortBy, a named relation. */
        WORD,
        /** A quoted string; text holds the content without quotes, escapes kept. */
        QUOTED,
        EOF
    }

    record Token(Kind kind, String text, int pos) {
        /** How the token is shown in error messages. */
        String describe() {
            return switch (kind) {
                case EOF -> "end of query";
                case QUOTED -> "\"" + text + "\"";
                default -> "'" + text + "'";
            };
        }

        boolean isWord(String word) {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }
    }

    private CqlLexer() {}

    /** Tokenizes {@code query} from offset {@code start}; the list always ends with an EOF token. */
    static List<Token> tokenize(String query, int start) {
        List<Token> tokens = new ArrayList<>();
        int i = start;
        int n = query.length();
        while (i < n) {
            char c = query.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(') {
                tokens.add(new Token(Kind.LPAREN, "(", i++));
            } else if (c == ')') {
                tokens.add(new Token(Kind.RPAREN, ")", i++));
            } else if (c == '/') {
                tokens.add(new Token(Kind.SLASH, "/", i++));
            } else if (c == '=' || c == '<' || c == '>') {
                String symbol = symbolAt(query, i);
                tokens.add(new Token(Kind.SYMBOL, symbol, i));
                i += symbol.length();
            } else if (c == '"') {
                int end = closingQuote(query, i);
                tokens.add(new Token(Kind.QUOTED, query.substring(i + 1, end), i));
                i = end + 1;
            } else {
                int end = wordEnd(query, i);
                tokens.add(new Token(Kind.WORD, query.substring(i, end), i));
                i = end;
            }
        }
        tokens.add(new Token(Kind.EOF, "", n));
        return tokens;
    }

    private static String symbolAt(String query, int i) {
        char c = query.charAt(i);
        char next = i + 1 < query.length() ? query.charAt(i + 1) : ' ';
        if (c == '=' && next == '=') {
            return "==";
        }
        if (c == '<' && (next == '>' || next == '=')) {
            return "<" + next;
        }
        if (c == '>' && next == '=') {
            return ">=";
        }
        return String.valueOf(c);
    }

    /** Index of the quote closing the string opened at {@code open}; a backslash escapes any char. */
    private static int closingQuote(String query, int open) {
        int i = open + 1;
        while (i < query.length()) {
            char c = query.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '"') {
                return i;
            } else {
                i++;
            }
        }
        throw CqlException.syntax("unterminated quoted string starting", open, query);
    }

    private static int wordEnd(String query, int i) {
        while (i < query.length()) {
            char c = query.charAt(i);
            if (c == '\\') {
                // keep the escape and the escaped char together, e.g. abc\* or a\(b
                i = Math.min(i + 2, query.length());
            } else if (Character.isWhitespace(c) || "()/=<>\"".indexOf(c) >= 0) {
                return i;
            } else {
                i++;
            }
        }
        return i;
    }
}
