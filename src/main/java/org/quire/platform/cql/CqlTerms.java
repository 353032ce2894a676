package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.List;

/**
 * Helpers for CQL terms, which keep their backslash escapes: {@code *} and {@code ?} are masking
 * characters (any string / any one char) unless escaped, and {@code \x} always means a literal x.
 */
final class CqlTerms {

    private CqlTerms() {}

    /** True if the term has an unescaped {@code *} or {@code ?}. */
    static boolean hasWildcards(String term) {
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '*' || c == '?') {
                return true;
            }
        }
        return false;
    }

    /** True for "*", "**", ...: the client asks for any value, which we serve as IS NOT NULL. */
    static boolean isMatchAll(String term) {
        return !term.isEmpty() && term.chars().allMatch(c -> c == '*');
    }

    /** The literal value: escapes removed, masking characters kept as they are. */
    static String unescape(String term) {
        StringBuilder out = new StringBuilder(term.length());
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (c == '\\' && i + 1 < term.length()) {
                c = term.charAt(++i);
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * A LIKE pattern using PostgreSQL's default escape character, backslash: {@code *} becomes %,
     * {@code ?} becomes _, and literal %, _ and \ (which LIKE would otherwise interpret) are escaped.
     */
    static String toLikePattern(String term) {
        StringBuilder out = new StringBuilder(term.length() + 8);
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (c == '*') {
                out.append('%');
            } else if (c == '?') {
                out.append('_');
            } else {
                if (c == '\\' && i + 1 < term.length()) {
                    c = term.charAt(++i);
                }
                if (c == '%' || c == '_' || c == '\\') {
                    out.append('\\');
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The term split on unescaped whitespace; escapes are kept in each word. */
    static List<String> words(String term) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (c == '\\' && i + 1 < term.length()) {
                word.append(c).append(term.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                addWord(words, word);
            } else {
                word.append(c);
            }
        }
        addWord(words, word);
        return words;
    }

    private static void addWord(List<String> words, StringBuilder word) {
        if (!word.isEmpty()) {
            words.add(word.toString());
            word.setLength(0);
        }
    }
}
