package org.quire.bench;

import org.quire.bench.BenchReport.LevelResult;

import static org.quire.bench.BenchTables.orEmpty;
import static org.quire.bench.HtmlText.escape;

/**
 * report.html: the Markdown report's tables and three charts in one file that opens offline (no scripts, no fetched
 * styles or fonts). Every element is closed so the file also parses as XML, which the tests rely on.
 */
public final class HtmlReport {
    private static final String STYLE = """
            body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }
            table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
            th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
            th { background: #f3f3f3; }
            .num { text-align: right; font-variant-numeric: tabular-nums; }
            figure { margin: 1em 0 2em; }
            svg { max-width: 100%; height: auto; }
            """;

    private HtmlReport() {
    }

    public static String render(BenchReport r) {
        String title = "Quire bench: " + r.workflow() + ", started " + r.startedAt();
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(escape(title)).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        html.append("<h1>").append(escape(title)).append("</h1>\n");
        if (r.finishedAt() != null) html.append("<p>Finished ").append(escape(r.finishedAt())).append(".</p>\n");
        if (r.importRun() != null) {
            section(html, "h2", "Import", BenchTables.importRun(r.importRun()));
            if (r.importRun().update() != null) {
                section(html, "h2", "Update", BenchTables.importUpdate(r.importRun()));
            }
            section(html, "h2", "Targets", BenchTables.importTargets(r.importRun()));
            section(html, "h2", "Machine", BenchTables.machine(r.machine()));
        } else if (r.multiImport() != null) {
            BenchReport.MultiImport m = r.multiImport();
            section(html, "h2", "Multi-tenant import", BenchTables.multiImport(m));
            section(html, "h2", "Targets", BenchTables.targets(m.targets()));
            section(html, "h2", "Check-in/check-out baseline (ms)", BenchTables.requests(m.baseline()));
            section(html, "h2", "Check-in/check-out during the imports (ms)", BenchTables.requests(m.loaded()));
            section(html, "h2", "Import jobs", BenchTables.multiImportJobs(m));
            section(html, "h2", "Machine", BenchTables.machine(r.machine()));
        } else if (r.exportRun() != null || r.oaiRun() != null) {
            exportOai(html, r);
        } else {
            section(html, "h2", "Settings", BenchTables.settings(r.settings()));
            section(html, "h2", "Machine", BenchTables.machine(r.machine()));
            section(html, "h2", "Data set", BenchTables.data(r.data()));
            if (r.sip2() == null) charts(html, r);
        }
        for (LevelResult level : orEmpty(r.levels())) level(html, level);
        if (!orEmpty(r.windows()).isEmpty()) {
            html.append("<h2>Longevity windows</h2>\n<p>Times in milliseconds.</p>\n")
                    .append(BenchTables.windows(r.windows()).html());
        }
        if (!orEmpty(r.drift()).isEmpty()) {
            html.append("<h2>Drift</h2>\n<p>p95 of the last window ÷ p95 of the first: above 1 means the request got "
                    + "slower.</p>\n").append(BenchTables.drift(r.drift()).html());
        }
        sip2(html, r.sip2());
        section(html, "h2", "Resources", BenchTables.resources(r.resources()));
        profile(html, r.profile());
        notes(html, r);
        return html.append("</body>\n</html>\n").toString();
    }

    private static void charts(StringBuilder html, BenchReport r) {
        html.append("<h2>Charts</h2>\n");
        for (String svg : new String[]{BenchCharts.percentilesByLevel(r), BenchCharts.latencyOverTime(r),
                BenchCharts.throughputOverTime(r)}) {
            html.append("<figure>\n").append(svg).append("</figure>\n");
        }
    }

    private static void level(StringBuilder html, LevelResult level) {
        html.append("<h2>").append(escape(BenchTables.levelHeading(level))).append("</h2>\n");
        html.append("<p>Measured for ").append(escape(Formats.seconds(level.durationSeconds())))
                .append("; times in milliseconds.</p>\n");
        section(html, "h3", "Quire", BenchTables.requests(level.quire()));
        section(html, "h3", "Floor", BenchTables.requests(level.floor()));
        section(html, "h3", "Quire ÷ floor (p95)", BenchTables.ratios(level.ratios()));
    }

    private static void sip2(StringBuilder html, BenchReport.Sip2Run run) {
        if (run == null) return;
        for (var t : BenchTables.sip2Tables(run)) section(html, "h2", t.getKey(), t.getValue());
    }

    private static void profile(StringBuilder html, BenchReport.Profile profile) {
        if (profile == null) return;
        html.append("<h2>Server profile</h2>\n<p>").append(escape(profile.note())).append("</p>\n");
        for (BenchReport.LevelProfile level : orEmpty(profile.levels())) {
            html.append("<h3>").append(escape(BenchTables.profileHeading(level))).append("</h3>\n");
            for (var t : BenchTables.profileTables(level)) section(html, "h4", t.getKey(), t.getValue());
        }
    }

    private static void notes(StringBuilder html, BenchReport r) {
        if (orEmpty(r.notes()).isEmpty()) return;
        html.append("<h2>Notes</h2>\n<ul>\n");
        for (String note : r.notes()) html.append("<li>").append(escape(note)).append("</li>\n");
        html.append("</ul>\n");
    }

    /** quire bench export and oai: their sections (ExportOaiTables), then the machine. */
    private static void exportOai(StringBuilder html, BenchReport r) {
        for (var t : ExportOaiTables.sections(r)) section(html, "h2", t.getKey(), t.getValue());
        section(html, "h2", "Machine", BenchTables.machine(r.machine()));
    }

    private static void section(StringBuilder html, String tag, String heading, ReportTable table) {
        html.append('<').append(tag).append('>').append(escape(heading)).append("</").append(tag).append(">\n");
        html.append(table.isEmpty() ? "<p>Not recorded.</p>\n" : table.html());
    }
}
