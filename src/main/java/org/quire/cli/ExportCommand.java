package org.quire.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code quire export}: exports instances of a running Quire as MARC through FOLIO's data-export flow
 * ({@link ExportClient}) — by a file of instance ids or a CQL query — with a progress bar, then the file downloaded
 * and the job's first failed records. The twin of {@code quire import}: exit 0 when every record was exported, 1 when
 * some failed (or the job ended in FAIL), 2 for bad usage, an unreadable file, an unreachable server or a refused
 * login or query — told in one line.
 */
@Command(name = "export", description = {
        "Export instances from a running Quire as MARC with FOLIO's data-export flow (file definition, default "
                + "instance job profile, job log): the jobs show in FOLIO's Data export app.",
        "Exit code 0: every record exported; 1: some records failed; 2: bad usage, server unreachable, bad query."})
public final class ExportCommand implements Callable<Integer> {
    @Option(names = "--cql", description = "A CQL query over instances, e.g. 'title=\"tolkien\"' or "
            + "'cql.allRecords=1'")
    String cql;

    @Option(names = "--ids", description = "A file of instance UUIDs, one a line (FOLIO's .csv)")
    Path ids;

    @Option(names = "--format", defaultValue = "marc", description = "marc (ISO 2709, UTF-8) or marcxml. Default: "
            + "${DEFAULT-VALUE}")
    String format;

    @Option(names = "--out", description = "Where to write the records. Default: the job's file name (.mrc, or .xml "
            + "for marcxml) in the current directory")
    Path out;

    @CommandLine.Mixin
    ServerOptions server = new ServerOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if ((cql == null) == (ids == null)) throw new ImportClient.Failure("give either --cql QUERY or --ids FILE");
            if (!format.equals("marc") && !format.equals("marcxml")) {
                throw new ImportClient.Failure("--format: '" + format + "' is not one of marc, marcxml");
            }
            if (ids != null && (!Files.isRegularFile(ids) || !Files.isReadable(ids))) {
                throw new ImportClient.Failure("cannot read " + ids + (Files.exists(ids) ? "" : ": no such file"));
            }
            ExportClient client = ExportClient.login(server.url, server.tenant, server.user, server.password);
            ProgressBar bar = new ProgressBar(ids != null ? ids.getFileName().toString() : "query", "records", stdout);
            String jobId = client.start(ids, cql);
            ExportClient.JobState end = client.await(jobId, Duration.ofMillis(250), bar::update);
            double seconds = bar.elapsedSeconds();
            bar.done(String.format(Locale.ROOT, "%s: %,d exported, %,d failed of %,d in %.1f s, job %s", end.status(),
                    end.exported(), end.failed(), end.total(), seconds, jobId));
            if (end.exported() > 0) {
                String name = end.job().path("exportedFiles").path(0).path("fileName").asText("export.mrc");
                if (format.equals("marcxml")) name = name.replaceFirst("\\.mrc$", ".xml");
                Path target = out != null ? out : Path.of(name);
                client.download(end, format.equals("marcxml"), target);
                stdout.printf(Locale.ROOT, "  written to %s (%,d bytes)%n", target, Files.size(target));
            }
            if (end.failed() > 0) {
                List<String> errors = client.errors(jobId, ImportCommand.ERRORS_SHOWN);
                stdout.printf(Locale.ROOT, "  %s:%n", end.failed() > errors.size() ? "the first " + errors.size()
                        + " of " + end.failed() + " failed records" : "failed records");
                for (String e : errors) stdout.println("    " + e);
            }
            stdout.flush();
            return end.status().equals("COMPLETED") ? 0 : 1;
        } catch (ImportClient.Failure e) {
            err.println("quire export: " + e.getMessage());
            err.flush();
            return 2;
        }
    }
}
