package org.quire.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.quire.bench.BenchTables.orEmpty;

/**
 * The sections of {@code quire bench export} and {@code quire bench oai} reports, headings with their tables, shared
 * by the Markdown and HTML reports so both show the same figures.
 */
final class ExportOaiTables {
    private ExportOaiTables() {
    }

    /** The report's export or OAI sections, in reading order; empty for the other workflows. */
    static List<Map.Entry<String, ReportTable>> sections(BenchReport r) {
        List<Map.Entry<String, ReportTable>> out = new ArrayList<>();
        if (r.exportRun() != null) {
            out.add(Map.entry("Export", export(r.exportRun())));
            out.add(Map.entry("Targets", targets(r.exportRun().targets())));
        }
        if (r.oaiRun() != null) {
            out.add(Map.entry("OAI-PMH harvest (times in milliseconds per page)", oaiLevels(r.oaiRun())));
            out.add(Map.entry("Harvests: each record exactly once", harvests(r.oaiRun())));
            out.add(Map.entry("Targets", targets(r.oaiRun().targets())));
            List<BenchReport.RequestStats> pages = new ArrayList<>();
            for (BenchReport.OaiLevel l : orEmpty(r.oaiRun().levels())) {
                pages.add(relabel(l.page(), l.harvesters(), l.page().label()));
                if (l.floorPage() != null) pages.add(relabel(l.floorPage(), l.harvesters(), l.floorPage().label()));
            }
            out.add(Map.entry("Pages in FOLIO's PTF columns (times in milliseconds)", BenchTables.requests(pages)));
        }
        return out;
    }

    static ReportTable export(BenchReport.ExportRun e) {
        return new ReportTable(2, "Export", "Value")
                .row("Instances", count(e.records()))
                .row("Job status", e.status())
                .row("Exported / failed (job progress)", count(e.exported()) + " / " + count(e.failed()))
                .row("Job (definition → finished)", Formats.fixed(e.jobSeconds(), 1) + " s")
                .row("Wall time (definition → last byte downloaded)", Formats.fixed(e.wallSeconds(), 1) + " s")
                .row("Records/s", Formats.rate(e.recordsPerSecond()))
                .row("File", count(e.fileRecords()) + " ISO 2709 records, " + Formats.mib(e.fileBytes()))
                .row("Floor: SRS rows over JDBC → file", Formats.fixed(e.floorSeconds(), 2) + " s ("
                        + count(e.floorRows()) + " rows, " + Formats.mib(e.floorBytes()) + ")")
                .row("Quire ÷ floor (wall time)", Formats.ratio(e.ratio()));
    }

    static ReportTable oaiLevels(BenchReport.OaiRun o) {
        ReportTable t = new ReportTable(1, "Harvesters", "Pages", "Wall (s)", "Pages/s", "Records/s", "p50", "p95",
                "p99", "Max", "Floor p95", "Quire ÷ floor (p95)", "FOLIO");
        for (BenchReport.OaiLevel l : orEmpty(o.levels())) {
            t.row(Integer.toString(l.harvesters()), count(l.pages()), Formats.fixed(l.wallSeconds(), 1),
                    Formats.rate(l.pagesPerSecond()), Formats.rate(l.recordsPerSecond()), Formats.ms(l.page().p50()),
                    Formats.ms(l.page().p95()), Formats.ms(l.page().p99()), Formats.ms(l.page().max()),
                    l.floorPage() == null ? Formats.NOT_MEASURED : Formats.ms(l.floorPage().p95()),
                    Formats.ratio(l.ratio()), OaiBench.FOLIO_FIGURE);
        }
        return t;
    }

    static ReportTable harvests(BenchReport.OaiRun o) {
        ReportTable t = new ReportTable(2, "Level", "Harvester", "Pages", "Records", "Distinct identifiers",
                "Errors", "Exactly once");
        for (BenchReport.OaiLevel l : orEmpty(o.levels())) {
            for (BenchReport.Harvest h : orEmpty(l.harvests())) {
                t.row(l.harvesters() + (l.harvesters() == 1 ? " harvester" : " harvesters"),
                        Integer.toString(h.harvester()), count(h.pages()), count(h.records()), count(h.distinct()),
                        count(h.errors()), h.exactlyOnce() ? "yes" : "no (expected " + count(o.records()) + ")");
            }
        }
        return t;
    }

    static ReportTable targets(List<BenchReport.Target> targets) {
        ReportTable t = new ReportTable(2, "Target (issue 15)", "Measured", "Met");
        for (BenchReport.Target target : orEmpty(targets)) t.row(target.target(), target.measured(),
                target.met() ? "yes" : "no");
        return t;
    }

    private static BenchReport.RequestStats relabel(BenchReport.RequestStats s, int harvesters, String label) {
        return new BenchReport.RequestStats(harvesters + " × " + label, s.total(), s.ok(), s.ko(), s.pctKo(),
                s.reqPerSec(), s.min(), s.p50(), s.p75(), s.p95(), s.p99(), s.max(), s.avg());
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
