package org.quire.search;

import java.nio.file.Path;
import java.util.List;

/**
 * A development probe, not a test: the browse facets ({@link BrowseFacets}) on an index {@link FullIndexProbe} kept,
 * each record type's facets timed (one walk of the type's entries per facet).
 *
 * <p>{@code java -Xmx4g -cp target/classes:target/test-classes:$(cat target/cp.txt) org.quire.search.BrowseFacetsProbe
 * DIR [RUNS]}; {@code -Dprobe.full=true} prints whole answers (to compare two builds')
 */
public final class BrowseFacetsProbe {
    public static void main(String[] args) throws Exception {
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<List<String>> asked = List.of(
                List.of("contributors", "cql.allRecords=1", "contributorNameTypeId"),
                List.of("contributors", "cql.allRecords=1", "instances.shared:6"),
                List.of("subjects", "cql.allRecords=1", "sourceId,typeId"),
                List.of("classifications", "cql.allRecords=1", "instances.shared"),
                List.of("call-numbers", "cql.allRecords=1", "callNumberTypeId,instances.locationId"));
        try (LuceneIndex index = new LuceneIndex(Path.of(args[0]))) {
            for (List<String> a : asked) {
                long best = Long.MAX_VALUE;
                String answer = "";
                for (int i = 0; i < runs; i++) {
                    long start = System.nanoTime();
                    answer = BrowseFacets.facets(index, "probe", a.get(0), a.get(1), List.of(a.get(2))).toString();
                    best = Math.min(best, System.nanoTime() - start);
                }
                System.out.printf("%-16s %-40s best of %d: %8.1f ms  %s%n", a.get(0), a.get(2), runs, best / 1e6,
                        answer.length() > 160 && !Boolean.getBoolean("probe.full") ? answer.substring(0, 160) + "…"
                                : answer);
            }
        }
    }
}
