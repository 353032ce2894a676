package org.quire.search;

import org.quire.bench.SearchQueries;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A development probe, not a test: the bench's search queries ({@link SearchQueries}) run one at a time on an index
 * {@link FullIndexProbe} kept, the way the bench's Lucene floor runs them (translate, {@link InstanceIndex#searchBasic},
 * the top 100), each timed alone. The bench reports only groups; this tells which query of a group is the slow one,
 * in seconds instead of the bench's hour at a million instances.
 *
 * <p>{@code java -Xmx4g -cp target/classes:target/test-classes:$(cat target/cp.txt) org.quire.search.QueryProbe DIR
 * [GROUP|CQL] [RUNS]}
 */
public final class QueryProbe {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String group = args.length > 1 ? args[1] : null;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        // a GROUP of the bench's, or a query of one's own (it has a space)
        List<SearchQueries.Query> queries = group != null && group.contains(" ")
                ? List.of(new SearchQueries.Query("own", group))
                : SearchQueries.all().stream().filter(q -> group == null || q.group().equals(group)).toList();
        try (LuceneIndex index = new LuceneIndex(dir)) {
            for (SearchQueries.Query q : queries) {
                CqlTranslator.Translated t = CqlTranslator.translate(q.cql());
                long total = 0;
                for (int i = 0; i < runs / 4; i++) total = index.searchBasic(t.query(), t.sort(), 0, 100).total(); // warm
                long[] nanos = new long[runs];
                for (int i = 0; i < runs; i++) {
                    long start = System.nanoTime();
                    index.searchBasic(t.query(), t.sort(), 0, 100);
                    nanos[i] = System.nanoTime() - start;
                }
                Arrays.sort(nanos);
                System.out.printf("%-13s p50 %7.2f  p95 %7.2f ms  %,9d hits  %s%n", q.group(), nanos[runs / 2] / 1e6,
                        nanos[runs * 95 / 100] / 1e6, total, q.cql());
            }
        }
    }
}
