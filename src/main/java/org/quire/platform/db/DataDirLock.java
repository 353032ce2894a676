package org.quire.platform.db;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Quire's claim on a data directory: an OS file lock on {@code quire.lock}, held while the embedded PostgreSQL runs.
 * The kernel drops the lock when the process dies however it dies (even {@code kill -9}), so a held lock always means
 * a live Quire, and a free lock next to a running postmaster means that postmaster is an orphan of a dead Quire: it
 * is stopped so that this start can proceed instead of failing until someone cleans up by hand.
 */
final class DataDirLock implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DataDirLock.class);

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Locks {@code dataDir}, or throws when a live Quire holds it. */
    static DataDirLock acquire(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        FileChannel channel = FileChannel.open(dataDir.resolve("quire.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by this very process (a second server in one JVM)
        }
        if (lock == null) {
            channel.close();
            throw new IllegalStateException("Another Quire is using the data directory " + dataDir
                    + " (it holds " + dataDir.resolve("quire.lock") + ")");
        }
        channel.truncate(0).write(java.nio.ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes()));
        return new DataDirLock(channel, lock);
    }

    /**
     * Stops a postmaster left running in {@code pgData} by a Quire that died (only call with the lock held): fast
     * shutdown (SIGINT: its clients are gone with the dead Quire), SIGKILL if it does not stop in 30 s. A
     * {@code postmaster.pid} naming a live process that is not PostgreSQL (the pid was reused) is removed, since
     * PostgreSQL would refuse to start on it.
     */
    static void stopOrphanedPostmaster(Path pgData) throws IOException, InterruptedException {
        Optional<ProcessHandle> postmaster = postmaster(pgData);
        if (postmaster.isEmpty()) return;
        ProcessHandle p = postmaster.get();
        boolean postgres = p.info().command().map(c -> c.contains("postgres")).orElse(false);
        if (!postgres) {
            log.warn("Removing {}: its pid {} is not PostgreSQL", pgData.resolve("postmaster.pid"), p.pid());
            Files.deleteIfExists(pgData.resolve("postmaster.pid"));
            return;
        }
        log.warn("Stopping PostgreSQL (pid {}) left running in {} by a Quire that stopped without shutting it down",
                p.pid(), pgData);
        // ProcessHandle.destroy() sends SIGTERM, PostgreSQL's "smart" shutdown; "fast" is SIGINT.
        new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).inheritIO().start().waitFor();
        if (!awaitExit(p, Duration.ofSeconds(30))) {
            log.warn("PostgreSQL (pid {}) did not stop in 30 s; killing it", p.pid());
            p.destroyForcibly();
            awaitExit(p, Duration.ofSeconds(10));
        }
    }

    /** The live process named in {@code postmaster.pid}, if any. */
    static Optional<ProcessHandle> postmaster(Path pgData) throws IOException {
        Path pidFile = pgData.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) return Optional.empty();
        List<String> lines = Files.readAllLines(pidFile);
        if (lines.isEmpty()) return Optional.empty();
        try {
            return ProcessHandle.of(Long.parseLong(lines.get(0).trim())).filter(ProcessHandle::isAlive);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean awaitExit(ProcessHandle p, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (p.isAlive() && System.nanoTime() < deadline) Thread.sleep(100);
        return !p.isAlive();
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            log.warn("Could not release the data directory lock: {}", e.getMessage());
        }
    }
}
