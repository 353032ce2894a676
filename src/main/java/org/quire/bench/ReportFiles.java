package org.quire.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.quire.platform.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A run's directory: report.json (the figures, read back by {@code quire bench compare}), report.md, report.html. */
public final class ReportFiles {
    public static final String JSON = "report.json";
    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";

    private ReportFiles() {
    }

    /** Where a run writes its report: {@code --out}, else bench-reports/<timestamp>-<workflow>. */
    static Path directory(BenchOptions o) {
        if (o.out() != null) return o.out();
        String stamp = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Path.of("bench-reports", stamp + "-" + o.workflow());
    }

    public static void write(BenchReport r, Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(JSON), Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(r)
                    + "\n");
            Files.writeString(dir.resolve(MARKDOWN), MarkdownReport.render(r));
            Files.writeString(dir.resolve(HTML), HtmlReport.render(r));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the report to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param dirOrJsonFile a run's directory or its report.json
     * @throws IllegalArgumentException when there is no such file or it is not a report, so the command line can say
     *                                  so in one line
     */
    public static BenchReport read(Path dirOrJsonFile) {
        Path file = Files.isDirectory(dirOrJsonFile) ? dirOrJsonFile.resolve(JSON) : dirOrJsonFile;
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("No bench report at " + file);
        try {
            BenchReport r = Json.MAPPER.readValue(file.toFile(), BenchReport.class);
            if (r == null) throw new IllegalArgumentException("Not a bench report: " + file);
            return r;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Not a bench report: " + file + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
