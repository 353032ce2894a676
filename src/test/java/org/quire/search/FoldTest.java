package org.quire.search;

import org.apache.lucene.analysis.icu.ICUFoldingFilter;
import org.junit.jupiter.api.Test;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Subfield;

import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ASCII fast path of {@link LuceneAnalyzers#fold} gives exactly what ICU's folding gives. */
class FoldTest {
    private static String icu(String v) {
        return ICUFoldingFilter.NORMALIZER.normalize(v);
    }

    @Test
    void everyAsciiCharacter_foldsAsIcuFoldsIt() {
        for (char c = 0; c < 0x80; c++) {
            String s = "a" + c + "B" + c;
            assertEquals(icu(s), LuceneAnalyzers.foldAscii(s), "character " + (int) c);
        }
    }

    @Test
    void randomAsciiStrings_foldAsIcuFoldsThem() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            char[] chars = new char[random.nextInt(0, 40)];
            for (int j = 0; j < chars.length; j++) chars[j] = (char) random.nextInt(0, 0x80);
            String s = new String(chars);
            assertEquals(icu(s), LuceneAnalyzers.foldAscii(s), s);
        }
    }

    @Test
    void realSubfields_foldAsIcuFoldsThem_andNonAsciiGoesToIcu() throws Exception {
        Path file = Path.of("../shared/data/marc/bib/lc-booksall-2016-part01.recs000001-020000.mrc");
        AtomicInteger ascii = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        try (Stream<MarcRecordOrError> records = MarcFiles.read(file)) {
            records.limit(3_000).filter(r -> r.record() != null).forEach(r -> {
                for (DataField f : r.record().getDataFields()) {
                    for (Subfield sf : f.getSubfields()) {
                        String v = sf.getData().trim();
                        String fast = LuceneAnalyzers.foldAscii(v);
                        if (fast == null) {
                            other.incrementAndGet();
                            assertTrue(v.chars().anyMatch(c -> c >= 0x80), v);
                        } else {
                            ascii.incrementAndGet();
                            assertEquals(icu(v), fast, v);
                        }
                        String folded = icu(v); // fold keeps the first PLAIN_MAX characters
                        assertEquals(folded.substring(0, Math.min(folded.length(), LuceneAnalyzers.PLAIN_MAX)),
                                LuceneAnalyzers.fold(v), v);
                    }
                }
            });
        }
        assertTrue(ascii.get() > 10_000 && other.get() > 100, ascii + " ASCII values, " + other + " others");
        assertNull(LuceneAnalyzers.foldAscii("Métaphore"));
    }
}
