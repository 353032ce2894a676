package org.quire.search;

import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link LuceneDocuments#utf8} gives the bytes Lucene gives a String: a query's term must match the indexed one. */
class Utf8TermsTest {
    @Test
    void theSameBytesAsLucene_forEveryKindOfString() {
        for (String s : List.of("", "plain ascii", "what?", "Métaphore", "Ærø", "東京大学", "emoji \uD83D\uDE00 pair",
                "lone high \uD800 end", "lone low \uDC00", "\uD800", "?\uDBFF", "trailing high \uD83D", "\u0000\u007f")) {
            assertEquals(new BytesRef(s), LuceneDocuments.utf8(s), s);
        }
    }
}
