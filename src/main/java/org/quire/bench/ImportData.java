package org.quire.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The file {@code quire bench import} imports: the first N records of a {@code --marc} file (ISO 2709; a MARCXML file
 * is taken whole), or else the first N real LC "Books All 2016" records extracted by the project's
 * {@code shared/data/fetch-lc-books.sh}, kept in {@code $XDG_CACHE_HOME/quire-bench/} (default {@code ~/.cache}) so
 * that the next run starts at once.
 */
final class ImportData {
    /** Where the extraction script is looked for, from the working directory (a clone beside shared/, or in it). */
    private static final List<String> SCRIPTS = List.of("../shared/data/fetch-lc-books.sh", "shared/data/fetch-lc-books.sh");
    static final int MAX_LC_RECORDS = 200_000;

    private ImportData() {
    }

    static Path prepare(List<Path> marc, int records, Path out, Progress progress)
            throws IOException, InterruptedException {
        if (!marc.isEmpty()) {
            Path source = marc.getFirst();
            if (marc.size() > 1) throw new IllegalArgumentException("import: give one --marc file");
            if (looksLikeXml(source)) return source;
            Path file = out.resolve("import-" + records + ".mrc");
            long n = firstRecords(source, records, file);
            progress.step(String.format("Data: the first %,d records of %s", n, source));
            return file;
        }
        if (records > MAX_LC_RECORDS) throw new IllegalArgumentException("--records: fetch-lc-books.sh gives at most "
                + MAX_LC_RECORDS + " LC records; give more with --marc FILE");
        String base = System.getenv("XDG_CACHE_HOME");
        Path cache = (base == null || base.isBlank() ? Path.of(System.getProperty("user.home"), ".cache")
                : Path.of(base)).resolve("quire-bench");
        Path file = cache.resolve("lc-books-" + records + ".mrc");
        if (Files.isRegularFile(file) && Files.size(file) > 0) {
            progress.step(String.format("Data: %,d LC records from the cache, %s", records, file));
            return file;
        }
        Path script = SCRIPTS.stream().map(Path::of).filter(Files::isRegularFile).findFirst().orElseThrow(() ->
                new IllegalArgumentException("Cannot find fetch-lc-books.sh (looked for " + String.join(", ", SCRIPTS)
                        + " from " + Path.of("").toAbsolutePath() + "): give the records with --marc FILE"));
        Files.createDirectories(cache);
        Path partial = cache.resolve(file.getFileName() + ".part");
        progress.step(String.format("Data: extracting %,d LC records with %s (its first run on a machine downloads "
                + "pymarc's source distribution, about 76 MB)", records, script));
        Process p = new ProcessBuilder("bash", script.toString(), String.valueOf(records), partial.toString())
                .redirectErrorStream(true).redirectOutput(out.resolve("fetch-lc-books.log").toFile()).start();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("fetch-lc-books.sh failed; see " + out.resolve("fetch-lc-books.log"));
        }
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    /** Copies the first {@code n} ISO 2709 records (each ends with 0x1D) of {@code source}; returns how many. */
    static long firstRecords(Path source, long n, Path target) throws IOException {
        long written = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(source), 1 << 16);
             OutputStream os = new BufferedOutputStream(Files.newOutputStream(target), 1 << 16)) {
            int b;
            while (written < n && (b = in.read()) != -1) {
                os.write(b);
                if (b == 0x1D) written++;
            }
        }
        return written;
    }

    private static boolean looksLikeXml(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            int b;
            while ((b = in.read()) != -1) {
                if (b == 0xEF || b == 0xBB || b == 0xBF || Character.isWhitespace(b)) continue;
                return b == '<';
            }
            return false;
        }
    }
}
