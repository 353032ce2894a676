package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MappingRules;
import org.quire.marc.rules.MarcMapper;
import org.quire.app.ReferenceData;
import org.quire.marc.rules.RulesType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * A development probe, not a test: a full index of N instances as {@link InstanceIndexer#indexAll} runs it (pages of
 * 500 turned into documents on one thread while the last page is written on another, one commit at the end), without
 * a database, so that the index's own cost at a million documents (its flushes and merges) can be measured in minutes.
 * The instances are real MARC records mapped with FOLIO's rules, repeated with new ids and HRIDs to reach N, each with
 * one holdings record and one item ({@link IndexCostProbe#shape}), the instances' ids ascending as the pages read them.
 *
 * <p>{@code java -Xmx4g -cp target/classes:target/test-classes:$(cat target/cp.txt) org.quire.search.FullIndexProbe
 * FILE.mrc N [DIR]}: with DIR the index is kept there, for {@link QueryProbe}.
 */
public final class FullIndexProbe {
    private static final int PAGE = 500;

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        MarcMapper bib = MappingRules.defaultMapper(RulesType.MARC_BIB, ReferenceData.lookups());
        List<ObjectNode> mapped = new ArrayList<>();
        try (Stream<MarcRecordOrError> s = MarcFiles.read(file)) {
            s.filter(r -> r.record() != null).limit(n).forEach(r -> mapped.add(bib.toInstance(r.record())));
        }
        System.out.printf("%,d records mapped; indexing %,d instances%n", mapped.size(), n);
        Path dir = args.length > 2 ? Files.createDirectories(Path.of(args[2])) : Files.createTempDirectory("full-index-probe");
        long start = System.nanoTime();
        try (LuceneIndex index = new LuceneIndex(dir);
             ExecutorService reader = Executors.newSingleThreadExecutor()) {
            Future<Runnable> next = reader.submit(() -> page(index, mapped, 0, n));
            for (int from = 0; from < n; from += PAGE) {
                Runnable write = next.get();
                int following = from + PAGE;
                next = reader.submit(() -> page(index, mapped, following, n));
                write.run();
                if ((from / PAGE) % 200 == 0) {
                    System.out.printf("  %,d at %.0f s%n", from, (System.nanoTime() - start) / 1e9);
                }
            }
            long added = System.nanoTime();
            index.commit();
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("%,d instances in %.1f s (commit %.1f s): %.2f min per million; index %,d MB%n", n,
                    seconds, (System.nanoTime() - added) / 1e9, seconds / n * 1e6 / 60, size(dir) >> 20);
        }
    }

    private static Runnable page(LuceneIndex index, List<ObjectNode> mapped, int from, int n) {
        List<InstanceDocument> docs = new ArrayList<>(PAGE);
        for (int i = from; i < Math.min(from + PAGE, n); i++) {
            Object[] shaped = IndexCostProbe.shape(mapped.get(i % mapped.size()).deepCopy(), i);
            // in id order, as a full index reads the rows (its pages are in id order); holdings and items keep theirs
            ((ObjectNode) shaped[0]).put("id", new java.util.UUID(i, 0x8000_0000_0000_0000L | i).toString());
            docs.add(InstanceDocument.of("probe", (ObjectNode) shaped[0], (ArrayNode) shaped[1], (ArrayNode) shaped[2]));
        }
        return index.prepareAdd(docs);
    }

    private static long size(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
