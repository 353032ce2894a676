package org.quire.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The wait for a quiet server between the data set-up and the first level, on a simulated clock. */
class ServerSettleTest {

    /** A server whose CPU time grows by {@code busy} seconds per second for its first {@code busySeconds}, then 0.05. */
    private static final class FakeServer implements ServerSettle.Clock {
        long nanos;
        double cpu;
        final int busySeconds;
        final double busy;

        FakeServer(int busySeconds, double busy) {
            this.busySeconds = busySeconds;
            this.busy = busy;
        }

        @Override
        public long nanos() {
            return nanos;
        }

        @Override
        public void sleep(Duration d) {
            nanos += d.toNanos();
            cpu += (nanos / 1_000_000_000L <= busySeconds ? busy : 0.05) * d.toNanos() / 1e9;
        }
    }

    private static final Progress QUIET = new Progress(new PrintStream(new ByteArrayOutputStream()));

    @Test
    void waitsUntilTheCpuStaysLowForEightSeconds() throws Exception {
        FakeServer server = new FakeServer(20, 1.4); // indexing on more than one core for 20 s
        String note = ServerSettle.await(() -> server.cpu, QUIET, server);
        assertThat(server.nanos / 1_000_000_000L).isEqualTo(28);
        assertThat(note).contains("settled, 28 s after the data set-up").contains("below 20% of a core for 8 s");
    }

    @Test
    void aServerBusyAtTheLimitIsMeasuredAnywayAndTheNoteSaysSo() throws Exception {
        FakeServer server = new FakeServer(Integer.MAX_VALUE, 0.5);
        String note = ServerSettle.await(() -> server.cpu, QUIET, server);
        assertThat(server.nanos).isGreaterThan(ServerSettle.LIMIT.toNanos());
        assertThat(note).contains("still busy 5 minutes after the data set-up");
    }

    @Test
    void waitsForTheEventsTooWhileTheCpuIsLow() throws Exception {
        FakeServer server = new FakeServer(0, 0); // quiet at once, but events wait for 15 s (a stuck indexer)
        String note = ServerSettle.await(() -> server.cpu, () -> server.nanos < 15_000_000_000L ? 2_000L : 0L, QUIET,
                server);
        assertThat(server.nanos / 1_000_000_000L).isEqualTo(22);
        assertThat(note).contains("settled, 22 s after the data set-up");
    }

    @Test
    void anUnknownCpuTimeDoesNotWait() throws Exception {
        FakeServer server = new FakeServer(100, 1);
        String note = ServerSettle.await(() -> null, QUIET, server);
        assertThat(server.nanos).isZero();
        assertThat(note).contains("CPU time is unknown");
    }
}
