package org.quire.bench;

import org.quire.bench.BenchReport.LevelResult;

import static org.quire.bench.BenchTables.orEmpty;

/** report.md: the run's tables in Markdown whose columns are padded, so it reads as well in a terminal. */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    public static String render(BenchReport r) {
        StringBuilder md = new StringBuilder();
        md.append("# Quire bench: ").append(r.workflow()).append(", started ").append(r.startedAt()).append("\n\n");
        if (r.finishedAt() != null) md.append("Finished ").append(r.finishedAt()).append(".\n\n");
        if (r.importRun() != null) {
            section(md, "## Import", BenchTables.importRun(r.importRun()));
            if (r.importRun().update() != null) section(md, "## Update", BenchTables.importUpdate(r.importRun()));
            section(md, "## Targets", BenchTables.importTargets(r.importRun()));
        } else if (r.multiImport() != null) {
            BenchReport.MultiImport m = r.multiImport();
            section(md, "## Multi-tenant import", BenchTables.multiImport(m));
            section(md, "## Targets", BenchTables.targets(m.targets()));
            section(md, "## Check-in/check-out baseline\n\nTimes in milliseconds.", BenchTables.requests(m.baseline()));
            section(md, "## Check-in/check-out during the imports\n\nTimes in milliseconds.",
                    BenchTables.requests(m.loaded()));
            section(md, "## Import jobs", BenchTables.multiImportJobs(m));
        } else if (r.exportRun() != null || r.oaiRun() != null) {
            exportOai(md, r);
        } else {
            section(md, "## Settings", BenchTables.settings(r.settings()));
        }
        section(md, "## Machine", BenchTables.machine(r.machine()));
        if (r.importRun() == null && r.multiImport() == null && r.exportRun() == null && r.oaiRun() == null) {
            section(md, "## Data set", BenchTables.data(r.data()));
        }
        for (LevelResult level : orEmpty(r.levels())) level(md, level);
        if (!orEmpty(r.windows()).isEmpty()) {
            section(md, "## Longevity windows\n\nTimes in milliseconds.", BenchTables.windows(r.windows()));
        }
        if (!orEmpty(r.drift()).isEmpty()) {
            section(md, "## Drift\n\np95 of the last window ÷ p95 of the first: above 1 means the request got slower.",
                    BenchTables.drift(r.drift()));
        }
        sip2(md, r.sip2());
        section(md, "## Resources", BenchTables.resources(r.resources()));
        profile(md, r.profile());
        if (!orEmpty(r.notes()).isEmpty()) {
            md.append("## Notes\n\n");
            for (String note : r.notes()) md.append("- ").append(note).append('\n');
            md.append('\n');
        }
        return md.toString().stripTrailing() + "\n";
    }

    private static void level(StringBuilder md, LevelResult level) {
        md.append("## ").append(BenchTables.levelHeading(level)).append("\n\n");
        md.append("Measured for ").append(Formats.seconds(level.durationSeconds()))
                .append("; times in milliseconds.\n\n");
        section(md, "### Quire", BenchTables.requests(level.quire()));
        section(md, "### Floor", BenchTables.requests(level.floor()));
        section(md, "### Quire ÷ floor (p95)", BenchTables.ratios(level.ratios()));
    }

    private static void sip2(StringBuilder md, BenchReport.Sip2Run run) {
        if (run == null) return;
        for (var t : BenchTables.sip2Tables(run)) section(md, "## " + t.getKey(), t.getValue());
    }

    private static void profile(StringBuilder md, BenchReport.Profile profile) {
        if (profile == null) return;
        md.append("## Server profile\n\n").append(profile.note()).append("\n\n");
        for (BenchReport.LevelProfile level : orEmpty(profile.levels())) {
            md.append("### ").append(BenchTables.profileHeading(level)).append("\n\n");
            for (var t : BenchTables.profileTables(level)) section(md, "#### " + t.getKey(), t.getValue());
        }
    }

    /** quire bench export and oai: their sections (ExportOaiTables). */
    private static void exportOai(StringBuilder md, BenchReport r) {
        for (var t : ExportOaiTables.sections(r)) section(md, "## " + t.getKey(), t.getValue());
    }

    private static void section(StringBuilder md, String heading, ReportTable table) {
        md.append(heading).append("\n\n");
        md.append(table.isEmpty() ? "Not recorded.\n" : table.markdown()).append('\n');
    }
}
