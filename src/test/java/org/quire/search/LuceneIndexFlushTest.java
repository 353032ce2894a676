package org.quire.search;

import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.platform.Json;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded index's write path: {@link LuceneIndex#apply} makes a write searchable but not durable (no Lucene commit
 * per outbox batch); {@link LuceneIndex#flush} commits it. The outbox keeps the events in between (OutboxTest).
 */
class LuceneIndexFlushTest {

    @Test
    void applyIsSearchableAtOnce_durableOnlyAfterFlush(@TempDir Path dir) throws Exception {
        try (LuceneIndex index = new LuceneIndex(dir)) {
            index.flush(); // the empty index's first commit
            assertThat(committedDocs(dir)).isZero();

            index.apply(List.of(doc("Pangolin ecology")), Set.of());
            assertThat(index.count()).as("searchable when apply returns").isEqualTo(1);
            assertThat(committedDocs(dir)).as("not committed by apply").isZero();

            index.flush();
            assertThat(committedDocs(dir)).as("committed by flush").isEqualTo(1);
            long generation = generation(dir);
            index.flush();
            assertThat(generation(dir)).as("nothing new: no empty commit").isEqualTo(generation);
        }
    }

    private static InstanceDocument doc(String title) {
        var instance = Json.object().put("id", UUID.randomUUID().toString()).put("title", title).put("source", "FOLIO");
        return InstanceDocument.of("flush", instance, Json.array(), Json.array());
    }

    private static int committedDocs(Path dir) throws Exception {
        try (var d = FSDirectory.open(dir); var reader = DirectoryReader.open(d)) {
            return reader.numDocs();
        }
    }

    private static long generation(Path dir) throws Exception {
        try (var d = FSDirectory.open(dir)) {
            return org.apache.lucene.index.SegmentInfos.getLastCommitGeneration(d);
        }
    }
}
