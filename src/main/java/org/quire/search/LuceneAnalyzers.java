package org.quire.search;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.icu.ICUFoldingFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.ngram.NGramTokenizer;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The analysis of each field kind (mod-search's index-field-types): full text is tokenised (Unicode word breaks)
 * and ICU-folded (case, accents, compatibility forms — "métaphor", "Metaphör" and "metaphor" are one word);
 * keyword_icu values are ICU-folded whole; keyword_lowercase lowercased; keyword as is. The {@code .tri} copy of a
 * plain value is its character trigrams at consecutive positions, for contains-wildcards.
 */
final class LuceneAnalyzers {
    static final String TRIGRAMS = ".tri";
    static final String REVERSED = ".rev";
    /** Longest plain value kept (a Lucene term holds at most 32766 bytes). */
    static final int PLAIN_MAX = 2_000;

    private LuceneAnalyzers() {
    }

    /** Full text: words, folded. A gap between values keeps a phrase from spanning two of them. */
    static final Analyzer TEXT = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String field) {
            Tokenizer words = new StandardTokenizer();
            return new TokenStreamComponents(words, new ICUFoldingFilter(words));
        }

        @Override
        public int getPositionIncrementGap(String field) {
            return 100;
        }
    };

    /** Trigrams of an already folded plain value, one position each, so that a substring is a phrase of them. */
    static final Analyzer TRIGRAM = new Analyzer() {
        @Override
        protected TokenStreamComponents createComponents(String field) {
            return new TokenStreamComponents(new NGramTokenizer(3, 3));
        }

        @Override
        public int getPositionIncrementGap(String field) {
            return 100;
        }
    };

    /** The instance fields of the {@code title} option (SearchFields.ALIASES), which share one trigram copy. */
    static final List<String> TITLES = List.of("title", "alternativeTitles.alternativeTitle", "indexTitle",
            "series.value");

    /**
     * The full-text fields with length norms: those of the instance options staff and FOLIO's scripts search most
     * (keyword, title, contributors, subjects) and every authority heading. Norms are read for every posting a segment
     * flush or merge writes; the other instance fields
     * (notes, publishers, identifiers …) score without length normalisation.
     */
    static final java.util.Set<String> PRIMARY_TEXT_FIELDS = primaryTextFields();

    private static java.util.Set<String> primaryTextFields() {
        java.util.Set<String> fields = new java.util.HashSet<>(TITLES);
        fields.addAll(List.of("contributors.name", "subjects.value"));
        AuthorityFields.FIELDS.forEach((f, kind) -> {
            if (kind == FieldKind.FULLTEXT) fields.add(f);
        });
        return java.util.Set.copyOf(fields);
    }

    /**
     * Whether a full-text field has a reversed copy of its plain value ({@code .rev}: a leading wildcard becomes a
     * prefix query on it): the fields with norms and identifiers, which FOLIO's scripts and tests truncate on the
     * left. Notes, publishers and tags (long values, rarely searched so) answer {@code *abc} with an automaton over
     * their plain term dictionary instead: the same hits, slower.
     */
    static boolean reversed(String field) {
        return PRIMARY_TEXT_FIELDS.contains(field) || field.equals("identifiers.value");
    }

    /**
     * Full-text field → the trigram field its plain values are copied to, for contains-wildcards ({@code *abc*} as a
     * phrase of trigrams). Trigrams are most of a document's postings, so only the options FOLIO's scripts and staff
     * search by contains get them: the {@code title} option's fields share one copy (a contains-wildcard on
     * {@code title} or {@code keyword} asks whether any of them contains the literal, and the index title is
     * nearly always part of the title: {@link LuceneDocuments#addTrigrams} drops such repeats), contributors and
     * every authority heading have their own. The other fields — and one field of the four asked alone — answer
     * {@code *abc*} with an automaton over their plain term dictionary: the same hits, slower, for rarer queries.
     */
    static final Map<String, String> TRIGRAM_FIELDS = trigramFields();

    private static Map<String, String> trigramFields() {
        Map<String, String> map = new java.util.HashMap<>();
        for (String f : TITLES) map.put(f, plain("titles") + TRIGRAMS);
        map.put("contributors.name", plain("contributors.name") + TRIGRAMS);
        AuthorityFields.FIELDS.forEach((f, kind) -> {
            if (kind == FieldKind.FULLTEXT) map.put(f, plain(f) + TRIGRAMS);
        });
        return Map.copyOf(map);
    }

    static final Analyzer INDEXING = new PerFieldAnalyzerWrapper(TEXT, trigramAnalyzers());

    private static Map<String, Analyzer> trigramAnalyzers() {
        Map<String, Analyzer> map = new java.util.HashMap<>();
        for (String tri : TRIGRAM_FIELDS.values()) map.put(tri, TRIGRAM);
        return map;
    }

    /**
     * Full text without norms: a trigram copy (positions for phrases; a filter that never scores) and the fields
     * outside {@link #PRIMARY_TEXT_FIELDS}.
     */
    static final org.apache.lucene.document.FieldType TEXT_WITHOUT_NORMS = textWithoutNorms();

    private static org.apache.lucene.document.FieldType textWithoutNorms() {
        org.apache.lucene.document.FieldType t = new org.apache.lucene.document.FieldType(
                org.apache.lucene.document.TextField.TYPE_NOT_STORED);
        t.setOmitNorms(true);
        t.freeze();
        return t;
    }

    static String plain(String field) {
        return "plain_" + field;
    }

    /** keyword_icu: the whole value folded (ICU folding lowercases too). */
    static String fold(String value) {
        String v = value.trim();
        String folded = foldAscii(v);
        if (folded == null) folded = ICUFoldingFilter.NORMALIZER.normalize(v);
        return folded.length() > PLAIN_MAX ? folded.substring(0, PLAIN_MAX) : folded;
    }

    /**
     * ICU folding of a value of ASCII characters only, without ICU: each character on its own is lower-cased, and
     * the spacing accents {@code ^} and {@code `} are dropped as ICU's diacritic folding drops them; nothing else in
     * ASCII changes (a test compares every ASCII character and real titles with ICU). Null when the value holds any
     * other character. Most of a catalogue's values are ASCII, and ICU's normaliser was a tenth of building a
     * document.
     */
    static String foldAscii(String v) {
        int n = v.length();
        boolean same = true;
        for (int i = 0; i < n; i++) {
            char c = v.charAt(i);
            if (c >= 0x80) return null;
            if ((c >= 'A' && c <= 'Z') || c == '^' || c == '`') same = false;
        }
        if (same) return v;
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            char c = v.charAt(i);
            if (c >= 'A' && c <= 'Z') out.append((char) (c + ('a' - 'A')));
            else if (c != '^' && c != '`') out.append(c);
        }
        return out.toString();
    }

    /** The indexed form of a value of a term field (full text: its plain copy's form). */
    static String normalise(FieldKind kind, String value) {
        return switch (kind) {
            case KEYWORD -> value;
            case KEYWORD_LOWERCASE -> value.trim().toLowerCase(Locale.ROOT);
            case BOOL -> value.trim().toLowerCase(Locale.ROOT);
            case KEYWORD_ICU, FULLTEXT -> fold(value);
            case DATE -> value;
        };
    }

    /** The words of full text as indexed. */
    static List<String> words(String field, String text) {
        List<String> out = new ArrayList<>();
        try (TokenStream ts = TEXT.tokenStream(field, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) out.add(term.toString());
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static List<String> trigrams(String folded) {
        List<String> out = new ArrayList<>();
        int[] cps = folded.codePoints().toArray();
        for (int i = 0; i + 3 <= cps.length; i++) out.add(new String(cps, i, 3));
        return out;
    }

    static String reverse(String s) {
        return new StringBuilder(s).reverse().toString();
    }
}
