package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The search workflow's "while another tenant reindexes" mode (issue 13): a second tenant gets a catalogue of the
 * same size, and for each user level the same query set runs again on the first tenant while the second is reindexed
 * live through FOLIO's endpoint ({@code POST /search/index/instance-records/reindex/full}, its status polled until
 * "Upload Completed", then again, until the phase ends). The result is a note per level: each group's p95 beside the
 * level's baseline p95 (issue 13's target: ≤ 1.25×).
 */
final class ReindexLoad {
    private ReindexLoad() {
    }

    static List<String> run(BenchOptions o, Progress progress, BenchHttp.Session admin, String tenant,
                            SearchWorkflow workflow, TenantData searched, List<BenchReport.LevelResult> baseline)
            throws Exception {
        SearchData.Loaded other = new SearchData(admin, progress, o.marc()).prepare(tenant, o.searchInstances());
        BenchHttp.Session reindexer = other.tenant().session();
        List<String> notes = new ArrayList<>();
        for (BenchReport.LevelResult level : baseline) {
            int users = level.users();
            progress.step(String.format("Level: %d users while tenant %s reindexes", users, tenant));
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger completed = new AtomicInteger();
            List<String> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            long[] lastMillis = {0};
            // the running build's last status and start: how far it got under the load, if none completed
            java.util.concurrent.atomic.AtomicReference<JsonNode> running = new java.util.concurrent.atomic.AtomicReference<>();
            long[] runningSince = {0};
            Thread driver = new Thread(() -> {
                while (!stop.get()) {
                    try {
                        long start = System.nanoTime();
                        BenchHttp.Reply r = reindexer.post("/search/index/instance-records/reindex/full",
                                Json.object());
                        if (!r.ok()) {
                            failures.add("reindex/full: " + r.abbreviated());
                            return;
                        }
                        String status = "";
                        runningSince[0] = start;
                        while (!stop.get()) {
                            JsonNode s = reindexer.getOk("/search/index/instance-records/reindex/status");
                            status = s.path(0).path("status").asText();
                            running.set(s.path(0));
                            if (!status.equals("Upload In Progress")) break;
                            Thread.sleep(100);
                        }
                        if (status.equals("Upload Completed")) {
                            completed.incrementAndGet();
                            lastMillis[0] = (System.nanoTime() - start) / 1_000_000;
                        } else if (!stop.get()) {
                            failures.add("reindex status " + status);
                            return;
                        }
                    } catch (InterruptedException e) {
                        return;
                    } catch (Exception e) {
                        failures.add(e.toString());
                        return;
                    }
                }
            }, "bench-reindexer");
            driver.setDaemon(true);
            driver.start();
            Measurements m;
            try {
                m = LoadRunner.run(new LoadRunner.Phase("Quire while another tenant reindexes", users, o.rampUp(),
                        o.duration(), o.thinkTime(), (mm, i) -> workflow.quireUser(mm, searched)), progress);
            } finally {
                stop.set(true);
                driver.join(60_000);
            }
            // a phase shorter than one throttled reindex completes none; the note then says how far the running one got
            String last = completed.get() == 0 ? "" : String.format(Locale.ROOT, ", the last in %,d ms", lastMillis[0]);
            StringBuilder note = new StringBuilder(String.format(Locale.ROOT,
                    "search: while tenant %s (%,d instances) was reindexed live through POST "
                            + "/search/index/instance-records/reindex/full (%d full reindex%s completed during the "
                            + "phase%s), %d user%s, p95 against the same level's baseline: ",
                    tenant, other.instances(), completed.get(), completed.get() == 1 ? "" : "es", last, users,
                    users == 1 ? "" : "s"));
            List<String> parts = new ArrayList<>();
            long errors = 0;
            for (BenchReport.RequestStats during : m.stats()) {
                errors += during.ko();
                level.quire().stream().filter(b -> b.label().equals(during.label())).findFirst().ifPresent(b ->
                        parts.add(String.format(Locale.ROOT, "%s %.1f ms = %.2f× %.1f ms",
                                during.label().substring("GET /search/instances: ".length()), during.p95(),
                                during.p95() / b.p95(), b.p95())));
            }
            note.append(String.join("; ", parts)).append(String.format(Locale.ROOT,
                    ". Failed requests: %d. Issue 13's target: ≤ 1.25× the baseline.", errors));
            note.append(progressOfTheLast(running.get(), (System.nanoTime() - runningSince[0]) / 1e9));
            if (!failures.isEmpty()) note.append(" Reindex driver stopped: ").append(failures.getFirst());
            notes.add(note.toString());
            notes.addAll(m.errorSamples().stream().map(s -> "Error sample (during reindex, " + users + " users): " + s)
                    .toList());
        }
        return notes;
    }

    /**
     * How far the build running when the phase ended had got, and the pace that makes for a whole reindex: the
     * reindex yields to the queries (BackgroundPace), so under load the question is whether it still moves, and how fast.
     */
    static String progressOfTheLast(JsonNode status, double seconds) {
        if (status == null || !status.path("status").asText().equals("Upload In Progress")) return "";
        long total = status.path("totalUploadRanges").asLong();
        long done = status.path("processedUploadRanges").asLong();
        String pace = done == 0 ? "no range done yet" : String.format(Locale.ROOT,
                "at this pace a whole reindex takes %.1f min", seconds * total / done / 60);
        return String.format(Locale.ROOT, " The reindex running at the end had done %,d of %,d ranges in %.0f s (%s).",
                done, total, seconds, pace);
    }
}
