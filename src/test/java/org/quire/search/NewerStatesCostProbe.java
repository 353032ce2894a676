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
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A development probe, not a test: what the item states that wait for their instances' rebuild
 * ({@link LuceneItemStates#NEWER_LIMIT}) cost searches. Indexes {@code copies} × the file's records (one holdings
 * record and one item each, {@link IndexCostProbe#shape}), writes the state of the first N items alone (a check-out
 * each, in deliveries of 50), and at each N times queries without and with a condition on the state fields (the
 * status and a wildcard on it from the masks, ItemStatusMask; the items' update date through the join), the status
 * facet, a delivery of one state, and the first search after one (which opens the reader the delivery did not).
 *
 * <p>{@code java -cp … org.quire.search.NewerStatesCostProbe FILE.mrc [copies] [N,N,…]}
 */
public final class NewerStatesCostProbe {
    private static final int REPEAT = 30;

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int copies = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int[] levels = Arrays.stream((args.length > 2 ? args[2] : "0,10000,25000,50000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        MarcMapper bib = MappingRules.defaultMapper(RulesType.MARC_BIB, ReferenceData.lookups());
        List<ObjectNode> records = new ArrayList<>();
        try (Stream<MarcRecordOrError> s = MarcFiles.read(file)) {
            s.filter(r -> r.record() != null).forEach(r -> records.add(bib.toInstance(r.record())));
        }
        List<ObjectNode> items = new ArrayList<>();
        List<String> instanceIds = new ArrayList<>();
        Path dir = Files.createTempDirectory("newer-probe");
        try (LuceneIndex index = new LuceneIndex(dir)) {
            List<InstanceDocument> page = new ArrayList<>();
            for (int c = 0; c < copies; c++) {
                for (ObjectNode r : records) {
                    Object[] row = IndexCostProbe.shape(r.deepCopy(), instanceIds.size());
                    instanceIds.add(((ObjectNode) row[0]).path("id").asText());
                    items.add((ObjectNode) ((ArrayNode) row[2]).get(0));
                    page.add(InstanceDocument.of("probe", (ObjectNode) row[0], (ArrayNode) row[1], (ArrayNode) row[2]));
                    if (page.size() == 1000) {
                        index.add(page);
                        page.clear();
                    }
                }
            }
            index.add(page);
            index.flush();
            System.out.printf("%d instances indexed%n", instanceIds.size());
            int written = 0;
            for (int level : levels) {
                List<InstanceIndex.ItemState> delivery = new ArrayList<>();
                for (; written < level; written++) {
                    ObjectNode out = items.get(written).deepCopy();
                    out.putObject("status").put("name", "Checked out").put("date", "2026-11-28T10:00:00.000+00:00");
                    delivery.add(new InstanceIndex.ItemState(instanceIds.get(written), out, List.of("Checked out")));
                    if (delivery.size() == 50) {
                        index.applyItemStates(delivery);
                        delivery.clear();
                    }
                }
                index.applyItemStates(delivery);
                index.flush();
                System.out.printf("%n%d newer states (counted %d)%n", level, index.newerItemStates());
                for (int round = 0; round < 2; round++) { // the first round warms the JIT and the caches
                    boolean print = round == 1;
                    time(print, "keyword, 10 hits", () -> index.search(query("keyword all \"history\""),
                            SearchQuery.Sort.RELEVANCE, 0, 10));
                    time(print, "keyword, 100 hits", () -> index.search(query("keyword all \"history\""),
                            SearchQuery.Sort.RELEVANCE, 0, 100));
                    time(print, "title and status", () -> index.search(
                            query("title all \"history\" and items.status.name==\"Available\""),
                            SearchQuery.Sort.RELEVANCE, 0, 10));
                    time(print, "status alone", () -> index.search(query("items.status.name==\"Checked out\""),
                            SearchQuery.Sort.RELEVANCE, 0, 10));
                    time(print, "status wildcard", () -> index.search(
                            query("items.status.name==\"Check*\""), SearchQuery.Sort.RELEVANCE, 0, 10));
                    time(print, "item update date (joined)", () -> index.search(
                            query("items.metadata.updatedDate>=\"2000-01-01\""), SearchQuery.Sort.RELEVANCE, 0, 10));
                    time(print, "status facet, keyword", () -> index.facetCounts(query("keyword all \"history\""),
                            "items.status.name"));
                    time(print, "status facet, all", () -> index.facetCounts(query("cql.allRecords=1"),
                            "items.status.name"));
                    // one more state (a delivery: written, no reader opened, not committed), then a search, which
                    // opens the reader and reads again whatever it reads once per reader
                    ObjectNode again = items.get(instanceIds.size() - 1).deepCopy();
                    again.putObject("status").put("name", "Available");
                    List<InstanceIndex.ItemState> one = List.of(new InstanceIndex.ItemState(
                            instanceIds.get(instanceIds.size() - 1), again, List.of("Available")));
                    time(print, "delivery of one state", () -> {
                        index.applyItemStates(one);
                        return null;
                    });
                    time(print, "delivery + keyword", () -> {
                        index.applyItemStates(one);
                        return index.search(query("keyword all \"history\""), SearchQuery.Sort.RELEVANCE, 0, 10);
                    });
                    time(print, "delivery + status", () -> {
                        index.applyItemStates(one);
                        return index.search(query("items.status.name==\"Checked out\""), SearchQuery.Sort.RELEVANCE,
                                0, 10);
                    });
                }
            }
        }
    }

    private static SearchQuery query(String cql) {
        return CqlTranslator.translate(cql).query();
    }

    private static void time(boolean print, String what, java.util.concurrent.Callable<?> work) throws Exception {
        long[] ns = new long[REPEAT];
        for (int i = 0; i < REPEAT; i++) {
            long t0 = System.nanoTime();
            work.call();
            ns[i] = System.nanoTime() - t0;
        }
        Arrays.sort(ns);
        if (print) System.out.printf("  %-24s median %7.2f ms, max %7.2f ms%n", what, ns[REPEAT / 2] / 1e6,
                ns[REPEAT - 1] / 1e6);
    }

    private NewerStatesCostProbe() {
    }
}
