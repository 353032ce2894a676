package org.quire.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code quire import FILE…}: imports MARC files into a running Quire through FOLIO's data-import flow
 * ({@link ImportClient}), one job per file in turn, each with a progress bar, then the job's summary and its first
 * failed records. Exit 0 when every record was imported, 1 when some failed (or a job ended in ERROR), 2 for bad
 * usage, an unreadable file, an unreachable server, a refused login or an unknown profile — told in one line.
 */
@Command(name = "import", description = {
        "Import MARC files into a running Quire with FOLIO's data-import flow (upload, job profile, job log): the "
                + "jobs show in FOLIO's Data import app.",
        "Exit code 0: every record imported; 1: some records failed; 2: bad usage, server unreachable, unknown profile."})
public final class ImportCommand implements Callable<Integer> {
    /** How many failed records the summary quotes. */
    static final int ERRORS_SHOWN = 5;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "MARC files: ISO 2709 (UTF-8 or MARC-8), MARCXML "
            + "or MARC-in-JSON")
    List<Path> files;

    @Option(names = "--profile", defaultValue = ImportClient.DEFAULT_PROFILE, description = "Job profile: its id or "
            + "exact name. Default: FOLIO's \"Default - Create instance and SRS MARC Bib\" (${DEFAULT-VALUE})")
    String profile;

    @Option(names = "--format", defaultValue = "auto", description = "auto, marc, marcxml or json. Default: "
            + "${DEFAULT-VALUE} (told by the file's first byte)")
    String format;

    @CommandLine.Mixin
    ServerOptions server = new ServerOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private record Planned(Path file, ImportFormat format) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<Planned> planned = plan();
            ImportClient client = ImportClient.login(server.url, server.tenant, server.user, server.password);
            ImportClient.Profile p = client.profile(profile);
            out.printf("Importing %d file%s into tenant %s with the job profile \"%s\"%n", planned.size(),
                    planned.size() == 1 ? "" : "s", server.tenant, p.name());
            out.flush();
            boolean allImported = true;
            for (Planned f : planned) {
                String name = f.file().getFileName().toString();
                Path upload = f.file();
                ProgressBar bar = new ProgressBar(name, "records", out);
                String jobId = client.start(upload, name, p);
                ImportClient.JobState end = client.await(jobId, Duration.ofMillis(250), bar::update);
                double seconds = bar.elapsedSeconds();
                ImportClient.Summary summary = client.summary(jobId);
                bar.done(String.format(Locale.ROOT, "%s: %s, %,d records in %.1f s (%,.0f records/s), job %s", name,
                        end.status(), end.total(), seconds, end.total() / Math.max(seconds, 0.001), jobId));
                printSummary(out, summary);
                if (summary.totalErrors() > 0) printErrors(out, summary.totalErrors(),
                        client.errors(jobId, ERRORS_SHOWN));
                if (!end.status().equals("COMMITTED")) {
                    out.println("  the job ended in " + end.status() + ": not every record was imported (see the "
                            + "server's log)");
                }
                out.flush();
                allImported &= end.status().equals("COMMITTED") && summary.totalErrors() == 0;
            }
            return allImported ? 0 : 1;
        } catch (ImportClient.Failure e) {
            err.println("quire import: " + e.getMessage());
            err.flush();
            return 2;
        }
    }

    /** Every file readable and in the format asked for, before anything is sent. */
    private List<Planned> plan() throws IOException {
        ImportFormat wanted = ImportFormat.option(format);
        List<Planned> out = new ArrayList<>();
        for (Path f : files) {
            if (!Files.isRegularFile(f) || !Files.isReadable(f)) throw new ImportClient.Failure("cannot read " + f
                    + (Files.exists(f) ? "" : ": no such file"));
            ImportFormat found = ImportFormat.detect(f);
            if (wanted != null && wanted != found) {
                throw new ImportClient.Failure(f + " looks like " + found.description() + ", not "
                        + wanted.description() + " (--format " + format + ")");
            }
            out.add(new Planned(f, found));
        }
        return out;
    }

    private static void printSummary(PrintWriter out, ImportClient.Summary s) {
        line(out, "MARC records", s.srs());
        line(out, "instances", s.instances());
        line(out, "holdings", s.holdings());
        line(out, "items", s.items());
        out.printf(Locale.ROOT, "  errors: %,d%n", s.totalErrors());
    }

    private static void line(PrintWriter out, String kind, ImportClient.Counts c) {
        if (c.created() + c.updated() + c.discarded() + c.errors() == 0) return;
        out.printf(Locale.ROOT, "  %-13s created %,d, updated %,d, discarded %,d%n", kind + ":", c.created(),
                c.updated(), c.discarded());
    }

    private static void printErrors(PrintWriter out, long total, List<ImportClient.RecordError> errors) {
        out.printf(Locale.ROOT, "  %s:%n", total > errors.size() ? "the first " + errors.size() + " of " + total
                + " failed records" : "failed records");
        for (ImportClient.RecordError e : errors) {
            out.printf(Locale.ROOT, "    record %,d%s: %s%n", e.record(),
                    e.title().isBlank() ? "" : " (" + abbreviate(e.title(), 60) + ")", e.error());
        }
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
