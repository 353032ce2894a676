package org.quire.oaipmh;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** The OAI-PMH answer's byte buffer: text escaped as it is added, slices, and buffers kept for the next page. */
class Utf8BufferTest {
    @Test
    void anAnswerCopiedOutOfAKeptBufferIsNotChangedByTheBuffersNextUse() {
        Utf8Buffer.Pool pool = new Utf8Buffer.Pool(1, 16);
        Utf8Buffer first = pool.take();
        first.add("<a>").text("x & y").add("</a>");
        byte[] answer = first.toByteArray();
        pool.give(first);

        Utf8Buffer again = pool.take();
        assertThat(again).isSameAs(first);
        assertThat(again.length()).isZero();
        again.add("<b>changed</b>");
        assertThat(new String(answer, StandardCharsets.UTF_8)).isEqualTo("<a>x &amp; y</a>");
    }

    @Test
    void aBufferThatGrewFarBeyondItsSizeIsNotKept_andAnEmptyPoolMakesNewOnes() {
        Utf8Buffer.Pool pool = new Utf8Buffer.Pool(2, 4);
        Utf8Buffer grown = pool.take();
        grown.add("a".repeat(100));
        pool.give(grown);
        assertThat(pool.take()).isNotSameAs(grown);
    }

    @Test
    void aSliceOfAnotherBuffer() {
        Utf8Buffer from = new Utf8Buffer(8).add("<r>1</r><r>2</r>");
        Utf8Buffer to = new Utf8Buffer(4);
        to.add(from, 8, 16);
        assertThat(to.toString()).isEqualTo("<r>2</r>");
    }
}
