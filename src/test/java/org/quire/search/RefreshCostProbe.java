package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.FSDirectory;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MappingRules;
import org.quire.marc.rules.MarcMapper;
import org.quire.app.ReferenceData;
import org.quire.marc.rules.RulesType;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * A development probe, not a test: what small near-real-time writes cost the embedded index — check-out and check-in
 * re-index one instance each, and the outbox delivers a few at a time, each delivery a refresh (a new small segment,
 * later merged). Builds an index of real records, then replaces random documents in deliveries of {@code perRefresh},
 * refreshing after each, and prints the process's CPU time per replaced document, merges included.
 *
 * <p>{@code java -cp … org.quire.search.RefreshCostProbe FILE.mrc [updates] [perRefresh]}; switches:
 * {@code -Dprobe.floorMB=} (the merge policy's floor segment), {@code -Dprobe.deletesPct=} (deletes allowed),
 * {@code -Dprobe.noCfs=1} (no compound files), {@code -Dprobe.noMerges=true}.
 */
public final class RefreshCostProbe {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int updates = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int perRefresh = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        double floor = Double.parseDouble(System.getProperty("probe.floorMB", "-1"));
        MarcMapper bib = MappingRules.defaultMapper(RulesType.MARC_BIB, ReferenceData.lookups());
        List<InstanceDocument> docs = new ArrayList<>();
        try (Stream<MarcRecordOrError> s = MarcFiles.read(file)) {
            s.filter(r -> r.record() != null).forEach(r -> {
                Object[] row = IndexCostProbe.shape(bib.toInstance(r.record()), docs.size());
                docs.add(InstanceDocument.of("probe", (ObjectNode) row[0], (ArrayNode) row[1], (ArrayNode) row[2]));
            });
        }
        TieredMergePolicy policy = new TieredMergePolicy();
        if (floor >= 0) policy.setFloorSegmentMB(floor);
        policy.setDeletesPctAllowed(Double.parseDouble(System.getProperty("probe.deletesPct", "20")));
        if (System.getProperty("probe.noCfs") != null) policy.setNoCFSRatio(0);
        System.out.printf("%d documents; merge policy floor %.2f MB%n", docs.size(), policy.getFloorSegmentMB());
        Path dir = Files.createTempDirectory("refresh-probe");
        try (FSDirectory fs = FSDirectory.open(dir);
             IndexWriter w = new IndexWriter(fs, new IndexWriterConfig(LuceneAnalyzers.INDEXING).setRAMBufferSizeMB(64)
                     .setMergePolicy(Boolean.getBoolean("probe.noMerges") ? org.apache.lucene.index.NoMergePolicy.INSTANCE : policy)
                     .setUseCompoundFile(System.getProperty("probe.noCfs") == null)
                     .setMergeScheduler(new ConcurrentMergeScheduler()))) {
            for (InstanceDocument d : docs) w.addDocument(LuceneDocuments.of(d));
            w.commit();
            SearcherManager searchers = new SearcherManager(w, null);
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            SplittableRandom random = new SplittableRandom(1);
            for (int round = 0; round < 2; round++) { // the first round warms the JIT
                long cpu0 = os.getProcessCpuTime();
                long t0 = System.nanoTime();
                for (int i = 0; i < updates; i++) {
                    InstanceDocument d = docs.get(random.nextInt(docs.size()));
                    w.updateDocument(new Term(LuceneDocuments.ID, d.id()), LuceneDocuments.of(d));
                    if ((i + 1) % perRefresh == 0) searchers.maybeRefreshBlocking();
                }
                w.commit();
                long wall = System.nanoTime() - t0;
                // merges still running are part of the cost: wait for them
                ((ConcurrentMergeScheduler) w.getConfig().getMergeScheduler()).sync();
                long cpu = os.getProcessCpuTime() - cpu0;
                System.out.printf("round %d: %d updates, %d per refresh: wall %d ms, CPU %d ms = %.3f ms per update; "
                                + "%d segments%n", round, updates, perRefresh, wall / 1_000_000, cpu / 1_000_000,
                        cpu / 1e6 / updates, searchers.acquire().getIndexReader().leaves().size());
            }
            searchers.close();
        }
    }
}
