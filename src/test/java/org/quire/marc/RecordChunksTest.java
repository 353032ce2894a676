package org.quire.marc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordChunksTest {
    private static final char RT = 0x1D;

    private static List<String> chunks(InputStream in, int max) throws IOException {
        RecordChunks chunks = new RecordChunks(in, max);
        List<String> out = new ArrayList<>();
        for (byte[] c = chunks.next(); c != null; c = chunks.next()) out.add(new String(c, StandardCharsets.ISO_8859_1));
        return out;
    }

    private static InputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void cutsAfterEachTerminator_skippingWhatExportsPutBetweenRecords_andKeepsAnUnterminatedTail() throws IOException {
        String in = "\r\n  abc" + RT + "\n\0\u001Adef" + RT + "ghi" + RT + " \n tail";

        assertThat(chunks(bytes(in), 1_000)).containsExactly("abc" + RT, "def" + RT, "ghi" + RT, "tail");
    }

    @Test
    void onlySeparatorsOrNothingGiveNoChunk() throws IOException {
        assertThat(chunks(bytes(""), 1_000)).isEmpty();
        assertThat(chunks(bytes(" \r\n\0"), 1_000)).isEmpty();
    }

    /** Records longer than the read block, and a stream that answers a few bytes per read, are cut the same. */
    @Test
    void aRecordAcrossReadsAndBlocksComesWhole() throws IOException {
        String big = "x".repeat(150_000) + RT, small = "y" + RT;
        InputStream trickle = new java.io.FilterInputStream(bytes(small + big + small)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, 7));
            }
        };

        assertThat(chunks(trickle, 1_000_000)).containsExactly(small, big, small);
        assertThat(chunks(bytes(small + big + small), 1_000_000)).containsExactly(small, big, small);
    }

    @Test
    void withoutATerminatorAPieceEndsAtTheLimit() throws IOException {
        assertThat(chunks(bytes("a".repeat(100)), 40)).containsExactly("a".repeat(40), "a".repeat(40), "a".repeat(20));
        // a terminator that is the limit's last byte still ends the piece there
        assertThat(chunks(bytes("b".repeat(39) + RT + "c"), 40)).containsExactly("b".repeat(39) + RT, "c");
    }
}
