package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.platform.Json;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The browse totals kept up to date by each write are read without a lock: a value moving from one call number to
 * another must never show as one entry too many or too few to a reader in the middle of the write.
 */
class LuceneBrowseTotalsTest {
    private static final String LC = "95467209-6d7b-468b-94df-0f5d7ad2747d";

    @Test
    void aMovedCallNumberNeverShowsInTheTotalAsTwoOrNone(@TempDir Path dir) throws Exception {
        String field = BrowseEntries.Kind.CALL_NUMBER.field("all");
        try (LuceneIndex index = new LuceneIndex(dir)) {
            String moving = UUID.randomUUID().toString();
            index.apply(List.of(doc(UUID.randomUUID().toString(), "QA76.73 .J38"), doc(moving, "QA9 .C1")), Set.of());
            assertThat(index.browseTotal(field, Map.of())).isEqualTo(2); // walked once, then kept up to date

            Set<Long> seen = ConcurrentHashMap.newKeySet();
            AtomicBoolean writing = new AtomicBoolean(true);
            Thread reader = Thread.ofPlatform().start(() -> {
                while (writing.get()) seen.add(index.browseTotal(field, Map.of()));
            });
            for (int i = 0; i < 150; i++) {
                index.apply(List.of(doc(moving, i % 2 == 0 ? "QA200 .Z9" : "QA9 .C1")), Set.of());
            }
            writing.set(false);
            reader.join();
            assertThat(seen).containsOnly(2L);
            assertThat(index.browseTotal(field, Map.of())).isEqualTo(2);
        }
    }

    private static InstanceDocument doc(String id, String callNumber) {
        var instance = Json.object().put("id", id).put("title", "Title " + id).put("source", "FOLIO");
        ArrayNode items = Json.array();
        items.addObject().put("id", UUID.randomUUID().toString()).putObject("effectiveCallNumberComponents")
                .put("callNumber", callNumber).put("typeId", LC);
        return InstanceDocument.of("totals", instance, Json.array(), items);
    }
}
