package org.quire.circulation.rules;

import static org.quire.circulation.rules.RulesLexer.Kind.ALL;
import static org.quire.circulation.rules.RulesLexer.Kind.BANG;
import static org.quire.circulation.rules.RulesLexer.Kind.COLON;
import static org.quire.circulation.rules.RulesLexer.Kind.COMMA;
import static org.quire.circulation.rules.RulesLexer.Kind.CRITERIUM;
import static org.quire.circulation.rules.RulesLexer.Kind.CRITERIUM_LETTER;
import static org.quire.circulation.rules.RulesLexer.Kind.DEDENT;
import static org.quire.circulation.rules.RulesLexer.Kind.EOF;
import static org.quire.circulation.rules.RulesLexer.Kind.FALLBACK_POLICY;
import static org.quire.circulation.rules.RulesLexer.Kind.FIRST_LINE;
import static org.quire.circulation.rules.RulesLexer.Kind.INDENT;
import static org.quire.circulation.rules.RulesLexer.Kind.LAST_LINE;
import static org.quire.circulation.rules.RulesLexer.Kind.LPAREN;
import static org.quire.circulation.rules.RulesLexer.Kind.NAME;
import static org.quire.circulation.rules.RulesLexer.Kind.NEWLINE;
import static org.quire.circulation.rules.RulesLexer.Kind.NUMBER_OF_CRITERIA;
import static org.quire.circulation.rules.RulesLexer.Kind.PLUS;
import static org.quire.circulation.rules.RulesLexer.Kind.POLICY_TYPE;
import static org.quire.circulation.rules.RulesLexer.Kind.PRIORITY;
import static org.quire.circulation.rules.RulesLexer.Kind.RPAREN;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

import org.quire.circulation.rules.Criterium.Selection;
import org.quire.circulation.rules.RulesLexer.Kind;
import org.quire.circulation.rules.RulesLexer.Token;
import org.quire.circulation.rules.RulesTree.CriteriumPriority;
import org.quire.circulation.rules.RulesTree.Crit;
import org.quire.circulation.rules.RulesTree.Fallback;
import org.quire.circulation.rules.RulesTree.Policies;
import org.quire.circulation.rules.RulesTree.PolicyEntry;
import org.quire.circulation.rules.RulesTree.PriorityLine;
import org.quire.circulation.rules.RulesTree.Statement;

/**
 * Recursive-descent parser for FOLIO's circulation rules grammar (mod-circulation CirculationRules.g4), written
 * from the grammar, not generated. It accepts exactly the token sequences the grammar accepts and stops at the
 * first error, as FOLIO's ErrorListener does, with the message and position FOLIO gives:
 * <ul>
 *   <li>the grammar's own messages ("Name missing.", "Policy missing after ':'", "A '!' must precede each name or
 *       no name.", "Policy missing", "For 'priority: first-line' …") at the token ANTLR is looking at then;
 *   <li>otherwise ANTLR's default-strategy messages: "extraneous input …", "mismatched input …", "missing …" and
 *       "no viable alternative at input …", at the places ANTLR's generated parser checks (before loops and
 *       alternatives, on matching a token, and when predicting a rule line, which ANTLR does by reading the
 *       whole line, so any error inside a rule line is a "no viable alternative" quoting the line so far).
 * </ul>
 * The checks FOLIO makes after parsing (seven letters, one policy of each type, existing policies …) are
 * {@link RulesChecker}'s.
 */
final class RulesParser {

    private static final EnumSet<Kind> PRIORITY_STARTS =
            EnumSet.of(Kind.LAST_LINE, CRITERIUM, NUMBER_OF_CRITERIA, CRITERIUM_LETTER);

    private final List<Token> all;
    /** Positions in {@link #all} of the tokens the parser sees. */
    private final int[] visible;
    private int p;

    private RulesParser(List<Token> all) {
        this.all = all;
        this.visible = java.util.stream.IntStream.range(0, all.size()).filter(i -> !all.get(i).hidden()).toArray();
    }

    static RulesTree.File parse(String text) {
        return new RulesParser(RulesLexer.lex(text)).file();
    }

    // ---------------------------------------------------------------- circulationRulesFile

    private RulesTree.File file() {
        syncEntry(EnumSet.of(NEWLINE, PRIORITY));
        // ANTLR predicts the alternative by reading NEWLINE* 'priority' ':' and the word after it.
        int q = p;
        while (kind(q) == NEWLINE) {
            q++;
        }
        if (kind(q) != PRIORITY) {
            throw noViable(p, q);
        }
        if (kind(q + 1) != COLON) {
            throw noViable(p, q + 1);
        }
        boolean firstLineForm = kind(q + 2) == FIRST_LINE;
        if (!firstLineForm && !PRIORITY_STARTS.contains(kind(q + 2))) {
            throw noViable(p, q + 2);
        }
        p = q + 2;
        return firstLineForm ? firstLineFile() : fallbackFirstFile();
    }

    /** {@code priority: first-line}, rules, then the fallback-policy line and nothing after it. */
    private RulesTree.File firstLineFile() {
        p++; // first-line
        List<Statement> statements = new ArrayList<>();
        EnumSet<Kind> loop = EnumSet.of(NEWLINE, CRITERIUM_LETTER, FALLBACK_POLICY);
        syncEntry(loop);
        while (la().is(NEWLINE) || la().is(CRITERIUM_LETTER)) {
            if (la().is(NEWLINE)) {
                p++;
            } else {
                statements.add(statement());
            }
            syncLoopBack(loop);
        }
        newlines();
        Fallback fallback = fallbackPolicy(EnumSet.of(CRITERIUM_LETTER, EOF));
        if (la().is(CRITERIUM_LETTER)) {
            throw at(la(), "For 'priority: first-line' the fallback-policy must be after the last rule.");
        }
        match(EOF, EnumSet.noneOf(Kind.class));
        return new RulesTree.File(new PriorityLine(List.of(), false, null), fallback, statements, true);
    }

    /** Any other priority, then the fallback-policy line, then the rules. */
    private RulesTree.File fallbackFirstFile() {
        PriorityLine priority = priority();
        newlines();
        Fallback fallback = fallbackPolicy(EnumSet.of(NEWLINE, CRITERIUM_LETTER, EOF));
        List<Statement> statements = new ArrayList<>();
        EnumSet<Kind> loop = EnumSet.of(NEWLINE, CRITERIUM_LETTER, EOF);
        syncEntry(loop);
        while (la().is(NEWLINE) || la().is(CRITERIUM_LETTER)) {
            if (la().is(NEWLINE)) {
                p++;
            } else {
                statements.add(statement());
            }
            syncLoopBack(loop);
        }
        match(EOF, EnumSet.noneOf(Kind.class));
        return new RulesTree.File(priority, fallback, statements, false);
    }

    /** {@code NEWLINE*} before the fallback-policy line. */
    private void newlines() {
        EnumSet<Kind> loop = EnumSet.of(NEWLINE, FALLBACK_POLICY);
        syncEntry(loop);
        while (la().is(NEWLINE)) {
            p++;
            syncLoopBack(loop);
        }
    }

    // ---------------------------------------------------------------- priority

    private PriorityLine priority() {
        Token first = la();
        if (first.is(LAST_LINE)) {
            p++;
            return new PriorityLine(List.of(), true, null);
        }
        if (first.is(CRITERIUM_LETTER)) {
            return new PriorityLine(List.of(), true, sevenLetters());
        }
        // criterium(…) or number-of-criteria: ANTLR reads up to the word after the first comma to tell
        // "regulation, line" from "regulation, regulation, line".
        int q = scanCriteriumPriority(p);
        if (kind(q) != COMMA) {
            throw noViable(p, q);
        }
        boolean three = kind(q + 1) == CRITERIUM || kind(q + 1) == NUMBER_OF_CRITERIA;
        if (!three && kind(q + 1) != FIRST_LINE && kind(q + 1) != LAST_LINE) {
            throw noViable(p, q + 1);
        }
        List<CriteriumPriority> regulations = new ArrayList<>();
        regulations.add(criteriumPriority());
        p++; // ','
        if (three) {
            regulations.add(criteriumPriority());
            match(COMMA, EnumSet.of(FIRST_LINE, LAST_LINE));
        }
        syncEntry(EnumSet.of(FIRST_LINE, LAST_LINE));
        boolean lastLine = next().kind() == LAST_LINE;
        return new PriorityLine(regulations, lastLine, null);
    }

    private CriteriumPriority criteriumPriority() {
        syncEntry(EnumSet.of(CRITERIUM, NUMBER_OF_CRITERIA));
        Token start = next();
        if (start.kind() == NUMBER_OF_CRITERIA) {
            return new CriteriumPriority(start, null);
        }
        match(LPAREN, EnumSet.of(CRITERIUM_LETTER));
        List<Token> letters = sevenLetters();
        match(RPAREN, EnumSet.of(COMMA));
        return new CriteriumPriority(start, letters);
    }

    /** {@code CRITERIUM_LETTER (','? CRITERIUM_LETTER)*}: any number of letters here, seven are checked later. */
    private List<Token> sevenLetters() {
        List<Token> letters = new ArrayList<>();
        letters.add(match(CRITERIUM_LETTER, EnumSet.of(COMMA, CRITERIUM_LETTER, RPAREN)));
        while (true) {
            if (la().is(COMMA)) {
                // A comma can only continue the list: what follows the list never starts with one.
                if (kind(p + 1) != CRITERIUM_LETTER) {
                    throw noViable(p, p + 1);
                }
                p++;
                letters.add(next());
            } else if (la().is(CRITERIUM_LETTER)) {
                letters.add(next());
            } else {
                return letters;
            }
        }
    }

    /** Where a criterium(…) or number-of-criteria starting at q ends; throws at the first token that cannot follow. */
    private int scanCriteriumPriority(int q) {
        if (kind(q) == NUMBER_OF_CRITERIA) {
            return q + 1;
        }
        if (kind(q + 1) != LPAREN) {
            throw noViable(p, q + 1);
        }
        q += 2;
        if (kind(q) != CRITERIUM_LETTER) {
            throw noViable(p, q);
        }
        q++;
        while (true) {
            if (kind(q) == COMMA) {
                if (kind(q + 1) != CRITERIUM_LETTER) {
                    throw noViable(p, q + 1);
                }
                q += 2;
            } else if (kind(q) == CRITERIUM_LETTER) {
                q++;
            } else {
                break;
            }
        }
        if (kind(q) != RPAREN) {
            throw noViable(p, q);
        }
        return q + 1;
    }

    // ---------------------------------------------------------------- fallback-policy

    /** @param afterLine the tokens that may follow the line, for ANTLR's "missing NEWLINE" repair check */
    private Fallback fallbackPolicy(EnumSet<Kind> afterLine) {
        Token keyword = next();
        syncEntry(EnumSet.of(COLON, NEWLINE));
        if (la().is(NEWLINE)) {
            p++;
            throw at(la(), "Policy missing");
        }
        Policies policies = policies();
        match(NEWLINE, afterLine);
        return new Fallback(keyword, policies);
    }

    private Policies policies() {
        Token colon = next();
        if (!la().is(POLICY_TYPE)) {
            throw at(la(), "Policy missing after ':'");
        }
        List<PolicyEntry> entries = new ArrayList<>();
        while (la().is(POLICY_TYPE)) {
            Token type = next();
            if (!la().is(NAME)) {
                throw at(la(), "Name missing.");
            }
            entries.add(new PolicyEntry(type, next().text()));
        }
        return new Policies(colon, entries);
    }

    // ---------------------------------------------------------------- rule lines

    /** {@code expr NEWLINE} or {@code expr NEWLINE INDENT statement+ DEDENT}. */
    private Statement statement() {
        int start = p;
        scanRuleLine(start);
        Token first = la();
        List<Crit> criteria = new ArrayList<>();
        criteria.add(criterium());
        while (la().is(PLUS)) {
            p++;
            criteria.add(criterium());
        }
        Policies policies = la().is(COLON) ? policies() : null;
        p++; // NEWLINE, checked by the scan
        List<Statement> children = new ArrayList<>();
        if (la().is(INDENT)) {
            p++;
            syncEntry(EnumSet.of(CRITERIUM_LETTER));
            EnumSet<Kind> loop = EnumSet.of(CRITERIUM_LETTER, DEDENT);
            do {
                children.add(statement());
                syncLoopBack(loop);
            } while (la().is(CRITERIUM_LETTER));
            p++; // DEDENT
        }
        return new Statement(first, criteria, policies, children);
    }

    private Crit criterium() {
        Token letter = next();
        if (la().is(ALL)) {
            p++;
            return new Crit(letter, Selection.ALL, List.of());
        }
        List<String> names = new ArrayList<>();
        if (la().is(NAME)) {
            while (la().is(NAME)) {
                names.add(next().text());
            }
            if (la().is(BANG)) {
                p++;
                throw at(la(), "A '!' must precede each name or no name.");
            }
            return new Crit(letter, Selection.ANY_OF, names);
        }
        if (la().is(BANG)) {
            while (la().is(BANG)) {
                p++;
                names.add(next().text());
            }
            if (la().is(NAME)) {
                p++;
                throw at(la(), "A '!' must precede each name or no name.");
            }
            return new Crit(letter, Selection.NONE_OF, names);
        }
        throw at(la(), "Name missing.");
    }

    /**
     * ANTLR chooses between a single rule line and one with indented lines by reading the whole line, the paths
     * that end in the grammar's own error messages included; this is that reading. Throws "no viable
     * alternative" at the first token no path accepts.
     */
    private void scanRuleLine(int q) {
        q = scanCriterium(q);
        while (kind(q) == PLUS) {
            q = scanCriterium(q + 1);
        }
        if (kind(q) == COLON) {
            q++;
            while (kind(q) == POLICY_TYPE) {
                q += kind(q + 1) == NAME ? 2 : 1;
            }
        }
        if (kind(q) != NEWLINE) {
            throw noViable(p, q);
        }
    }

    private int scanCriterium(int q) {
        if (kind(q) != CRITERIUM_LETTER) {
            throw noViable(p, q);
        }
        q++;
        Kind k = kind(q);
        if (k == ALL) {
            return q + 1;
        }
        if (k == NAME || k == BANG) {
            if (k == NAME) {
                while (kind(q) == NAME) {
                    q++;
                }
                if (kind(q) != BANG) {
                    return q;
                }
                q++;
            } else {
                while (kind(q) == BANG) {
                    if (kind(q + 1) != NAME) {
                        throw noViable(p, q + 1);
                    }
                    q += 2;
                }
                if (kind(q) != NAME) {
                    return q;
                }
                q++;
            }
            while (kind(q) == NAME || kind(q) == BANG) {
                q++;
            }
            return q;
        }
        if (k == PLUS || k == COLON || k == NEWLINE) {
            return q; // no name: the "Name missing." path
        }
        throw noViable(p, q);
    }

    // ---------------------------------------------------------------- tokens and ANTLR's error strategy

    private Token la() {
        return token(p);
    }

    private Token next() {
        return token(p++);
    }

    private Kind kind(int q) {
        return token(q).kind();
    }

    /** The q-th visible token; reaching a tab is FOLIO's lexer throwing when the parser asks for that token. */
    private Token token(int q) {
        Token t = all.get(visible[Math.min(q, visible.length - 1)]);
        if (t.kind() == Kind.TAB) {
            throw new RulesSyntaxException(t.text(), t.line(), t.column());
        }
        return t;
    }

    /** ANTLR's sync before a loop or a set of alternatives: one stray token is "extraneous", else "mismatched". */
    private void syncEntry(EnumSet<Kind> expected) {
        if (expected.contains(la().kind())) {
            return;
        }
        if (expected.contains(kind(p + 1))) {
            throw at(la(), "extraneous input " + display(la()) + " expecting " + display(expected));
        }
        throw at(la(), "mismatched input " + display(la()) + " expecting " + display(expected));
    }

    /** ANTLR's sync after a loop iteration reports any unexpected token as extraneous. */
    private void syncLoopBack(EnumSet<Kind> expected) {
        if (!expected.contains(la().kind())) {
            throw at(la(), "extraneous input " + display(la()) + " expecting " + display(expected));
        }
    }

    /**
     * ANTLR's match with its single-token repairs: a stray token before the expected one is "extraneous", an
     * expected token that is simply absent is "missing", anything else "mismatched".
     *
     * @param follow the tokens that can come right after the expected one here
     */
    private Token match(Kind expected, EnumSet<Kind> follow) {
        if (la().is(expected)) {
            return next();
        }
        EnumSet<Kind> set = EnumSet.of(expected);
        if (kind(p + 1) == expected) {
            throw at(la(), "extraneous input " + display(la()) + " expecting " + display(set));
        }
        if (follow.contains(la().kind())) {
            throw at(la(), "missing " + display(set) + " at " + display(la()));
        }
        throw at(la(), "mismatched input " + display(la()) + " expecting " + display(set));
    }

    /** The source from the token where ANTLR started predicting up to the one it could not fit, hidden ones included. */
    private RulesSyntaxException noViable(int from, int offending) {
        Token bad = token(offending);
        StringBuilder text = new StringBuilder();
        int end = visible[Math.min(offending, visible.length - 1)];
        for (int i = visible[Math.min(from, visible.length - 1)]; i <= end; i++) {
            if (all.get(i).kind() == EOF) {
                break;
            }
            text.append(all.get(i).text());
        }
        return at(bad, "no viable alternative at input " + quote(text.toString()));
    }

    /** FOLIO's ErrorListener: line, and column = charPositionInLine + 1. */
    private static RulesSyntaxException at(Token token, String message) {
        return new RulesSyntaxException(message, token.line(), token.column() + 1);
    }

    private static String display(Token token) {
        return quote(token.text());
    }

    private static String display(EnumSet<Kind> kinds) {
        String names = kinds.stream().map(k -> k.display).collect(Collectors.joining(", "));
        return kinds.size() == 1 ? names : "{" + names + "}";
    }

    private static String quote(String s) {
        return "'" + s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") + "'";
    }
}
