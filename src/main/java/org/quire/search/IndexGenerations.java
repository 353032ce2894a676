package org.quire.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The generations of one index of a tenant ({@code kind} "instance" or "authority") under
 * {@code <data dir>/search/<tenant>/}: generation 0 is the directory {@code <kind>/}, generation N the directory
 * {@code <kind>-N/}. The pointer file {@code <kind>.live} names the live one (absent: generation 0), and is replaced
 * atomically (write a temporary file, then an atomic move) when a live reindex swaps, so a restart opens the new one.
 * A directory of a higher generation than the live one is a build a crash interrupted.
 */
record IndexGenerations(Path tenantDir, String kind) {

    Path dir(int generation) {
        return tenantDir.resolve(generation == 0 ? kind : kind + "-" + generation);
    }

    int live() {
        Path pointer = pointer();
        if (!Files.exists(pointer)) return 0;
        try {
            return Integer.parseInt(Files.readString(pointer).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("Unreadable index pointer " + pointer + ": " + e.getMessage());
        }
    }

    /** Makes {@code generation} the live one, atomically and durably. */
    void makeLive(int generation) {
        try {
            Path tmp = tenantDir.resolve(kind + ".live.tmp");
            Files.writeString(tmp, Integer.toString(generation));
            try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(tmp, pointer(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The highest generation with a directory above the live one (an interrupted build), or -1. */
    int interruptedBuild() {
        int live = live();
        int found = -1;
        try (Stream<Path> dirs = Files.list(tenantDir)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                int g = generationOf(d.getFileName().toString());
                if (g > live && g > found) found = g;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    /** Removes every generation's directory except {@code keep} and {@code alsoKeep} (-1: none). */
    void deleteAllBut(int keep, int alsoKeep) {
        try (Stream<Path> dirs = Files.list(tenantDir)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                int g = generationOf(d.getFileName().toString());
                if (g >= 0 && g != keep && g != alsoKeep) delete(d);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void delete(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private int generationOf(String name) {
        if (name.equals(kind)) return 0;
        if (!name.startsWith(kind + "-")) return -1;
        try {
            return Integer.parseInt(name.substring(kind.length() + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private Path pointer() {
        return tenantDir.resolve(kind + ".live");
    }
}
