package org.quire.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The search report's own facts: the data set, how long indexing took, the index's size, zero-hit rates, FOLIO's figures. */
final class SearchNotes {
    private SearchNotes() {
    }

    /** @param served the server's index's segments when the levels started (null: not readable, an external server) */
    static List<String> of(SearchData.Loaded data, LuceneFloor floor, IndexSegments served, SearchWorkflow workflow,
                           BenchReport.Resources resources) {
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "search: data set: %,d instances from %,d distinct real LC MARC records "
                        + "(mapped by Quire's MARC mapping, replicated with new ids), %,d holdings records (Main Library, "
                        + "LC call number), %,d items (one, or two for one instance in three; 85%% Available, 10%% Checked "
                        + "out, 3%% In transit, 2%% Missing)", data.instances(), data.distinctRecords(), data.holdings(),
                data.items()));
        notes.add(String.format(Locale.ROOT, "search: loading through the batch APIs took %.1f s; the server's index "
                        + "(fed by the outbox as the writes were committed) had everything %.1f s after the start",
                data.loadSeconds(), data.indexedAfterSeconds()));
        if (floor != null) {
            notes.add(String.format(Locale.ROOT, "search: full index (Quire's full reindex, as quire reindex and the "
                            + "start-up index run it) of %,d instances: %.1f s, %,.0f instances a second (%.1f min per "
                            + "million; issue 13's target: 1 M ≤ 5 min), of which reading the rows (the same statements "
                            + "run again alone) %.1f s; the next page read and built while one thread writes; index "
                            + "size on disk %s. The time is the second full index in the bench's process; the first, "
                            + "while the JIT compiled the indexing code, took %.1f s", floor.indexed(), floor.seconds(),
                    floor.indexed() / Math.max(floor.seconds(), 1e-9), floor.seconds() / Math.max(floor.indexed(), 1)
                            * 1e6 / 60, floor.readingSeconds(), LuceneFloor.mib(floor.bytes()), floor.coldSeconds()));
        }
        IndexSegments copy = floor == null ? null : floor.segments();
        if (served != null || copy != null) {
            notes.add("search: segments (a search visits each one; the server's index is written batch by batch "
                    + "through the outbox, the floor's copy by one full reindex): server's index at the first level "
                    + (served == null ? "not readable" : served.describe()) + "; floor's copy "
                    + (copy == null ? "not readable" : copy.describe()));
        }
        if (resources.peakRssBytes() != null) {
            notes.add(String.format(Locale.ROOT, "search: server RSS (peak over the levels): %s",
                    LuceneFloor.mib(resources.peakRssBytes())));
        }
        notes.add("search: answers with no hit, per group (the PTF's queries name terms FOLIO's test data has and LC's "
                + "may not, e.g. \"covid-19\"): " + String.join("; ", workflow.zeroHitRates()));
        notes.add("search: FOLIO's published figures (PTF, 7.3 M instances on OpenSearch, other hardware): regular "
                + "queries 336 ms at 1 user and 728 ms at 20; wildcard queries 1.4–2.3 s; about 30% slower while "
                + "another tenant reindexes. Issue 13's targets on 1 M instances: p95 ≤ 3× the floor; regular p95 ≤ "
                + "20 ms and wildcard p95 ≤ 100 ms at 1 user.");
        return notes;
    }
}
