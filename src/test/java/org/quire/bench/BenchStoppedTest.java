package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bench stopped by a signal (Ctrl-C, SIGTERM) before its end stops the server process it started and removes its
 * private database's directory (BenchTarget's exit hook). Before, the server ran on, orphaned, and the directory
 * stayed. The bench runs in a JVM of its own, stopped as soon as its server process exists.
 */
class BenchStoppedTest {

    @Test
    void aBenchStoppedBySigterm_leavesNoServerAndNoDatabaseDirectory(@TempDir Path out) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process bench = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                "org.quire.Quire", "bench", "import", "--records", "5",
                "--marc", Path.of("../shared/data/marc/bib/folio-data-import-100.mrc").toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(out.resolve("bench.log").toFile()).start();
        ProcessHandle[] started = new ProcessHandle[1]; // killed below if the test fails: it is no child of ours
        try {
            ProcessHandle server = started[0] = awaitServer(bench, out);
            Path benchDir = benchDirectory(out);
            assertThat(benchDir).isDirectory();

            bench.destroy(); // SIGTERM
            assertThat(bench.waitFor(90, TimeUnit.SECONDS)).as("the bench exited").isTrue();
            server.onExit().get(60, TimeUnit.SECONDS);
            assertThat(server.isAlive()).as("its server process").isFalse();
            assertThat(benchDir).as("its private database and server directory; the bench's log:%n%s", log(out))
                    .doesNotExist();
        } finally {
            bench.descendants().forEach(ProcessHandle::destroyForcibly);
            bench.destroyForcibly();
            if (started[0] != null) started[0].destroyForcibly();
        }
    }

    /**
     * The bench's server process once it serves (the bench prepares its tenant): its only Java child. (Its arguments cannot tell it: Linux's JDK reads
     * only the start of a command line, and the test's class path fills that.)
     */
    private static ProcessHandle awaitServer(Process bench, Path out) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            if (!bench.isAlive()) throw new AssertionError("the bench ended before its server was seen:\n" + log(out));
            Optional<ProcessHandle> server = bench.children()
                    .filter(p -> p.info().command().orElse("").endsWith("/java")).findFirst();
            // stopped once it runs (as Ctrl-C mid-run), not during the server's start-up
            if (server.isPresent() && log(out).contains("Preparing tenant")) return server.get();
            Thread.sleep(200);
        }
        throw new AssertionError("the bench started no server within 3 minutes:\n" + log(out));
    }

    /** The bench's private directory, as its log names it when it starts PostgreSQL there. */
    private static Path benchDirectory(Path out) {
        Matcher m = Pattern.compile("PostgreSQL in (\\S+)/postgres ").matcher(log(out));
        assertThat(m.find()).as("the bench's log names its database directory:%n%s", log(out)).isTrue();
        return Path.of(m.group(1));
    }

    private static String log(Path out) {
        try {
            return Files.readString(out.resolve("bench.log"));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
