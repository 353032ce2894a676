package org.quire.platform.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.quire.platform.cql.CqlLexer.Kind;
import org.quire.platform.cql.CqlLexer.Token;

/**
 * Recursive-descent parser for CQL 1.2:
 *
 * <pre>
 * cqlQuery     ::= scopedClause [ 'sortBy' sortKey+ ]
 * scopedClause ::= searchClause ( boolean [modifiers] searchClause )*   -- left-assoc, equal precedence
 * searchClause ::= '(' scopedClause ')' | index relation term | term
 * term         ::= ( quoted | word ) word*                     -- words joined by one space, as cql-java
 * relation     ::= ( = | == | &lt;&gt; | &lt; | &gt; | &lt;= | &gt;= | named ) [modifiers]
 * modifiers    ::= ( '/' name [ symbol value ] )+
 * </pre>
 *
 * Prefix assignments ({@code >dc="uri"}) are rejected: no Quire resource uses context sets.
 */
public final class CqlParser {

    private static final Set<String> BOOLEANS = Set.of("and", "or", "not", "prox");
    private static final Set<String> NAMED_RELATIONS =
            Set.of("all", "any", "adj", "exact", "within", "encloses");

    /**
     * The modifiers FOLIO's RMB honours (CqlModifiers.readModifiers: ignoreCase, respectCase, ignoreAccents,
     * respectAccents, string, number, masked, sort.ascending, sort.descending; anything else is its
     * "CQL: Unsupported modifier"), plus Quire's lenient sort spellings ascending, descending and sort.ignoreCase
     * (text already sorts case-insensitively). Lower case; a modifier is compared by its name, any value ignored.
     * Any other modifier is refused: silently ignoring it would answer a different question than the one asked.
     */
    private static final Set<String> MODIFIERS =
            Set.of(
                    "ignorecase", "respectcase", "ignoreaccents", "respectaccents", "string", "number", "masked",
                    "sort.ascending", "sort.descending", "ascending", "descending", "sort.ignorecase");

    /**
     * FOLIO's UI and JMeter scripts sometimes send the parameter value {@code query=(userId==U)}, i.e.
     * the parameter name repeated inside the value. {@code query=(} can never start valid CQL (a term cannot begin
     * with '('), so stripping the prefix is unambiguous.
     */
    private static final Pattern QUERY_PARAM_PREFIX =
            Pattern.compile("^\\s*query=(?=\\s*\\()", Pattern.CASE_INSENSITIVE);

    /**
     * The most search clauses a query may hold. FOLIO's clients send lists of ids as {@code id==(a or b or …)}, which
     * a GET's URL keeps to about a hundred; request bodies (SRU, quick export, search jobs) could hold any number, and
     * every walker of the tree recurses once per clause of a chain, so a query of tens of thousands overflowed the
     * stack (a 500) and one of a few thousand kept a core busy for seconds.
     */
    static final int MAX_CLAUSES = 1_000;
    /** The deepest nesting of parentheses: the parser recurses twice per level. */
    static final int MAX_NESTING = 64;

    private final String query;
    private final List<Token> tokens;
    private int next;
    private int clauses;
    private int nesting;

    private CqlParser(String query, int start) {
        this.query = query;
        this.tokens = CqlLexer.tokenize(query, start);
    }

    public static CqlQuery parse(String cql) {
        if (cql == null || cql.isBlank()) {
            throw new CqlException("Invalid CQL: empty query");
        }
        Matcher prefix = QUERY_PARAM_PREFIX.matcher(cql);
        int start = prefix.find() ? prefix.end() : 0;
        return new CqlParser(cql, start).parseQuery();
    }

    private CqlQuery parseQuery() {
        CqlNode root = parseScopedClause();
        List<SortKey> sortKeys = peek().isWord("sortby") ? parseSortSpec() : List.of();
        Token token = peek();
        if (token.kind() == Kind.RPAREN) {
            throw CqlException.syntax("unexpected ')'", token.pos(), query);
        }
        if (token.kind() != Kind.EOF) {
            throw expected("a boolean operator (and, or, not, prox), sortBy or end of query", token);
        }
        return new CqlQuery(root, sortKeys);
    }

    private CqlNode parseScopedClause() {
        CqlNode node = parseSearchClause();
        while (isBoolean(peek())) {
            String op = take().text().toLowerCase(Locale.ROOT);
            parseModifiers(); // none changes and/or/not; an unknown one (prox/distance=1) is refused
            node = new CqlBoolean(op, node, parseSearchClause());
        }
        return node;
    }

    private CqlNode parseSearchClause() {
        Token token = peek();
        if (token.kind() == Kind.LPAREN) {
            take();
            if (++nesting > MAX_NESTING) {
                throw CqlException.syntax("more than " + MAX_NESTING + " nested parentheses", token.pos(), query);
            }
            CqlNode inner = parseScopedClause();
            expectClosing(token);
            nesting--;
            return inner;
        }
        if (++clauses > MAX_CLAUSES) {
            throw CqlException.syntax("more than " + MAX_CLAUSES + " search clauses", token.pos(), query);
        }
        if (token.kind() == Kind.SYMBOL && token.text().equals(">")) {
            throw CqlException.syntax(
                    "prefix assignments (>prefix=\"uri\") are not supported", token.pos(), query);
        }
        if (!isTerm(token)) {
            throw expected("a search term or '('", token);
        }
        String words = takeTerm();
        if (startsRelation(0)) {
            if (token.kind() == Kind.QUOTED) {
                throw CqlException.syntax("an index name must not be quoted", token.pos(), query);
            }
            return parseRelationAndTerm(words);
        }
        return new CqlClause(null, "=", List.of(), words);
    }

    /**
     * Takes a term: the current token and the unquoted words after it, joined by one space, up to a boolean,
     * sortBy, a relation, a parenthesis or a quoted string. cql-java (FOLIO's parser) reads
     * {@code feeFineType==Lost item processing fee} as one term, and FOLIO's clients send such queries.
     */
    private String takeTerm() {
        StringBuilder words = new StringBuilder(take().text());
        while (peek().kind() == Kind.WORD && isTerm(peek()) && !startsRelation(0)) {
            words.append(' ').append(take().text());
        }
        return words.toString();
    }

    /** True if the token at {@code offset} from the current one starts a relation. */
    private boolean startsRelation(int offset) {
        Token token = peek(offset);
        if (token.kind() == Kind.SYMBOL) {
            return true;
        }
        if (token.kind() != Kind.WORD || !NAMED_RELATIONS.contains(lower(token))) {
            return false;
        }
        // "title any fish" vs. a bare term followed by a stray word: only a relation if a
        // modifier, a term or a term group follows
        Token after = peek(offset + 1);
        return after.kind() == Kind.SLASH || after.kind() == Kind.LPAREN || isTerm(after);
    }

    private CqlNode parseRelationAndTerm(String index) {
        Token relationToken = take();
        String relation = lower(relationToken);
        List<String> modifiers = parseModifiers();
        Token token = peek();
        if (token.kind() == Kind.LPAREN) {
            take();
            CqlNode group = parseTermGroup(index, relation, modifiers);
            expectClosing(token);
            return group;
        }
        if (!isTerm(token)) {
            throw expected("a term after '" + relationToken.text() + "'", token);
        }
        return new CqlClause(index, relation, modifiers, takeTerm());
    }

    /**
     * FOLIO leniency: {@code status.name==("Open" or "Closed")} is not CQL, but FOLIO's UI sends it.
     * It is read as {@code (status.name=="Open" or status.name=="Closed")}; groups may nest.
     */
    private CqlNode parseTermGroup(String index, String relation, List<String> modifiers) {
        CqlNode node = parseGroupOperand(index, relation, modifiers);
        while (isBoolean(peek())) {
            String op = take().text().toLowerCase(Locale.ROOT);
            parseModifiers();
            node = new CqlBoolean(op, node, parseGroupOperand(index, relation, modifiers));
        }
        return node;
    }

    private CqlNode parseGroupOperand(String index, String relation, List<String> modifiers) {
        Token token = peek();
        if (token.kind() == Kind.LPAREN) {
            take();
            CqlNode inner = parseTermGroup(index, relation, modifiers);
            expectClosing(token);
            return inner;
        }
        if (!isTerm(token)) {
            throw expected("a term", token);
        }
        return new CqlClause(index, relation, modifiers, takeTerm());
    }

    /** Zero or more {@code /name} or {@code /name=value}; returned as "name" or "name=value". */
    private List<String> parseModifiers() {
        List<String> modifiers = new ArrayList<>();
        while (peek().kind() == Kind.SLASH) {
            take();
            Token name = peek();
            if (name.kind() != Kind.WORD) {
                throw expected("a modifier name after '/'", name);
            }
            take();
            String modifier = name.text();
            if (peek().kind() == Kind.SYMBOL) {
                Token symbol = take();
                Token value = peek();
                if (!isTerm(value)) {
                    throw expected("a modifier value after '" + symbol.text() + "'", value);
                }
                take();
                modifier += symbol.text() + value.text();
            }
            if (!MODIFIERS.contains(lower(name))) {
                throw CqlException.syntax(
                        "unsupported modifier '/" + modifier + "' (supported: /string, /number, /respectCase, "
                                + "/ignoreCase, /respectAccents, /ignoreAccents, /masked, /sort.ascending, "
                                + "/sort.descending)",
                        name.pos(),
                        query);
            }
            modifiers.add(modifier);
        }
        return modifiers;
    }

    private List<SortKey> parseSortSpec() {
        Token sortBy = take();
        List<SortKey> keys = new ArrayList<>();
        while (peek().kind() == Kind.WORD) {
            String index = take().text();
            boolean descending = false;
            boolean numeric = false;
            for (String modifier : parseModifiers()) {
                String name = modifier.toLowerCase(Locale.ROOT);
                if (name.equals("sort.descending") || name.equals("descending")) {
                    descending = true;
                } else if (name.equals("sort.ascending") || name.equals("ascending")) {
                    descending = false;
                } else if (name.equals("number")) {
                    numeric = true;
                } // the other accepted modifiers (sort.ignoreCase ...) do not change the order we produce
            }
            keys.add(new SortKey(index, descending, numeric));
        }
        if (keys.isEmpty()) {
            throw expected("an index after '" + sortBy.text() + "'", peek());
        }
        return keys;
    }

    private void expectClosing(Token open) {
        Token token = peek();
        if (token.kind() != Kind.RPAREN) {
            throw CqlException.syntax(
                    "the '(' at position " + open.pos() + " is not closed, found " + token.describe(),
                    token.pos(),
                    query);
        }
        take();
    }

    /** A term is a quoted string or a word that is not a reserved keyword. */
    private static boolean isTerm(Token token) {
        return token.kind() == Kind.QUOTED
                || (token.kind() == Kind.WORD && !isBoolean(token) && !token.isWord("sortby"));
    }

    private static boolean isBoolean(Token token) {
        return token.kind() == Kind.WORD && BOOLEANS.contains(lower(token));
    }

    private static String lower(Token token) {
        return token.text().toLowerCase(Locale.ROOT);
    }

    private CqlException expected(String what, Token found) {
        String problem =
                found.kind() == Kind.EOF
                        ? "expected " + what
                        : "expected " + what + " but found " + found.describe();
        return CqlException.syntax(problem, found.pos(), query);
    }

    private Token peek() {
        return peek(0);
    }

    private Token peek(int offset) {
        return tokens.get(Math.min(next + offset, tokens.size() - 1));
    }

    private Token take() {
        Token token = peek();
        if (next < tokens.size() - 1) {
            next++;
        }
        return token;
    }
}
