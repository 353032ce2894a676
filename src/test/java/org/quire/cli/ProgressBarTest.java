package org.quire.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** The bar of quire reindex and quire import: its line (count, rate, ETA) and how often it is written. */
class ProgressBarTest {

    @Test
    void line_showsCountRateAndEta() {
        ProgressBar bar = new ProgressBar("books.mrc", "records", new PrintWriter(new StringWriter()), false, 0);
        assertThat(bar.line(2_500, 10_000, 2.0))
                .isEqualTo("books.mrc [#####...............]  25% 2,500/10,000  1,250 records/s  ETA 0:06");
        assertThat(bar.line(10_000, 10_000, 4.0))
                .isEqualTo("books.mrc [####################] 100% 10,000/10,000  2,500 records/s");
        assertThat(bar.line(0, 0, 0.5)).isEqualTo("books.mrc 0");
        assertThat(ProgressBar.clock(3_723)).isEqualTo("1:02:03");
        assertThat(ProgressBar.clock(75)).isEqualTo("1:15");
    }

    @Test
    void inALog_oneLinePerTenth_andTheEnd() {
        StringWriter text = new StringWriter();
        ProgressBar bar = new ProgressBar("t", "instances", new PrintWriter(text), false, 0);
        bar.update(0, 0, 1_000_000_000L); // total not known yet: nothing
        for (int done = 0; done <= 1000; done += 50) bar.update(done, 1000, 1_000_000_000L + done * 1_000_000L);
        bar.done("t: 1,000 instances indexed");
        String[] lines = text.toString().split("\n");
        assertThat(lines).hasSize(12); // 0%, 10% … 100%, and the closing line
        assertThat(lines[0]).startsWith("t [....................]   0% 0/1,000");
        assertThat(lines[10]).startsWith("t [####################] 100% 1,000/1,000");
        assertThat(lines[11]).isEqualTo("t: 1,000 instances indexed");
    }

    @Test
    void onATerminal_redrawnInPlace_atMostFiveTimesASecond() {
        StringWriter text = new StringWriter();
        ProgressBar bar = new ProgressBar("t", "records", new PrintWriter(text), true, 0);
        for (int ms = 0; ms <= 1000; ms += 10) bar.update(ms, 2000, ms * 1_000_000L);
        bar.update(2000, 2000, 1_010_000_000L); // the end is always drawn
        bar.done("t: done");
        String out = text.toString();
        long draws = out.split("\r\033\\[K", -1).length - 1;
        assertThat(draws).isBetween(6L, 8L); // 0, 200, 400 … 1000 ms, the end, and the clearing before "done"
        assertThat(out).endsWith("\r\033[Kt: done\n").doesNotContain("\n\r");
    }
}
