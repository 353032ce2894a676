package org.quire.marc;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * An ISO 2709 stream cut into records at their terminators (0x1D), read in blocks: reading it a byte at a time (a
 * call and a lock per byte, and another per byte copied) was a seventh of an import thread's CPU (JFR, issue 14).
 * Line breaks, spaces and padding that some exports put between records are skipped.
 */
final class RecordChunks {
    private final InputStream in;
    private final int maxChunk;
    private final byte[] buf = new byte[64 * 1024];
    private int pos, end;

    /** {@code maxChunk}: a piece ends after this many bytes even without a terminator. */
    RecordChunks(InputStream in, int maxChunk) {
        this.in = in;
        this.maxChunk = maxChunk;
    }

    /**
     * Bytes up to and including the next terminator; fewer at the end of the stream, and {@code maxChunk} bytes when
     * no terminator came sooner; null at the end of the stream.
     */
    byte[] next() throws IOException {
        while (true) {
            if (pos == end && !fill()) return null;
            byte b = buf[pos];
            if (b != '\n' && b != '\r' && b != ' ' && b != 0 && b != 0x1A) break;
            pos++;
        }
        byte[] chunk = new byte[0];
        while (chunk.length < maxChunk && (pos < end || fill())) {
            int limit = Math.min(end, pos + maxChunk - chunk.length);
            int i = pos;
            while (i < limit && buf[i] != Iso2709Frame.RECORD_TERMINATOR) i++;
            boolean terminated = i < limit;
            int stop = terminated ? i + 1 : limit;
            int had = chunk.length;
            chunk = Arrays.copyOf(chunk, had + stop - pos);
            System.arraycopy(buf, pos, chunk, had, stop - pos);
            pos = stop;
            if (terminated) break;
        }
        return chunk;
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buf, 0, buf.length);
        } while (n == 0);
        pos = 0;
        end = Math.max(n, 0);
        return n > 0;
    }
}
