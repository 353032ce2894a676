package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quire.platform.Json;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Items' circulation states beside the instance documents ({@link LuceneItemStates}): a state written alone (a
 * check-out) leaves the instance's document as it was, yet searches, facets and the hits' items show the new state,
 * and instances without newer states are answered from their documents as before.
 */
class ItemStatesTest {
    private static final String INSTANCE = UUID.randomUUID().toString();
    private static final String OTHER = UUID.randomUUID().toString();
    private static final String THIRD = UUID.randomUUID().toString();

    @Test
    void aStateWrittenAlone_isSearched_counted_andShownInTheHits(@TempDir Path dir) {
        ObjectNode a = item("a-1", "Available", "2026-01-01T10:00:00.000+00:00");
        ObjectNode b = item("b-1", "Available", "2026-01-01T10:00:00.000+00:00");
        try (LuceneIndex index = new LuceneIndex(dir)) {
            ObjectNode c = item("c-1", "Available", "2026-01-01T10:00:00.000+00:00");
            index.apply(List.of(doc(INSTANCE, "Pangolin ecology", a, b), doc(OTHER, "Okapi ecology"),
                    doc(THIRD, "Narwhal ecology", c)), Set.of());
            index.flush();
            long documents = maxDoc(dir);

            ObjectNode checkedOut = a.deepCopy();
            checkedOut.putObject("status").put("name", "Checked out").put("date", "2026-02-02T09:00:00.000+00:00");
            checkedOut.putObject("metadata").put("createdDate", "2026-01-01T10:00:00.000+00:00")
                    .put("updatedDate", "2026-02-02T09:00:00.000+00:00");
            checkedOut.put("_version", 2);
            index.applyItemStates(List.of(new InstanceIndex.ItemState(INSTANCE, checkedOut,
                    List.of("Checked out", "Available"))));
            index.flush();
            assertThat(maxDoc(dir)).as("the instance's document was not rewritten").isEqualTo(documents);
            assertThat(index.instancesWithNewerStates()).containsExactly(INSTANCE);

            assertThat(hits(index, "items.status.name==\"Checked out\"")).containsExactly(INSTANCE);
            assertThat(hits(index, "items.status.name==\"Available\"")).as("b is still available; c from its document")
                    .containsExactlyInAnyOrder(INSTANCE, THIRD);
            assertThat(hits(index, "title all ecology not items.status.name==\"Checked out\""))
                    .containsExactlyInAnyOrder(OTHER, THIRD);
            assertThat(hits(index, "items.metadata.updatedDate>=2026-02-01")).containsExactly(INSTANCE);
            // an OR of statuses is one mask; an OR of other state conditions is joined whole
            assertThat(hits(index, "items.status.name==(\"Checked out\" OR \"Missing\")")).containsExactly(INSTANCE);
            assertThat(hits(index, "items.status.name==(\"Missing\" OR \"Paged\")")).isEmpty();
            assertThat(hits(index, "items.status.name==\"Paged\" or items.metadata.updatedDate>=2026-02-01"))
                    .containsExactly(INSTANCE);
            assertThat(hits(index, "title all okapi or items.status.name==(\"Checked out\" OR \"Missing\")"))
                    .containsExactlyInAnyOrder(INSTANCE, OTHER);
            assertThat(hits(index, "items.status.name=\"\"")).as("exists").containsExactlyInAnyOrder(INSTANCE, THIRD);
            assertThat(hits(index, "items.status.name==\"[]\"")).as("no value").containsExactly(OTHER);
            assertThat(index.facetCounts(query("title all ecology"), "items.status.name"))
                    .isEqualTo(Map.of("Available", 2L, "Checked out", 1L));

            JsonNode items = Json.parse(index.search(query("title all pangolin"), SearchQuery.Sort.RELEVANCE, 0, 10)
                    .sources().getFirst()).path("items");
            assertThat(items.get(0).path("status").path("name").asText()).isEqualTo("Checked out");
            assertThat(items.get(0).path("metadata").path("updatedDate").asText())
                    .isEqualTo("2026-02-02T09:00:00.000+00:00");
            assertThat(items.get(0).path("_version").asInt()).isEqualTo(2);
            assertThat(items.get(0).path("barcode").asText()).isEqualTo("a-1");
            assertThat(items.get(1)).as("b untouched").isEqualTo(b);

            // the instance re-indexed (InstanceIndexer does it in bulk past NEWER_LIMIT): its document holds the state
            index.apply(List.of(doc(INSTANCE, "Pangolin ecology", checkedOut, b)), Set.of());
            assertThat(index.instancesWithNewerStates()).isEmpty();
            assertThat(hits(index, "items.status.name==\"Checked out\"")).containsExactly(INSTANCE);
            assertThat(hits(index, "items.status.name==(\"Checked out\" OR \"Missing\")")).as("from the documents")
                    .containsExactly(INSTANCE);
            assertThat(index.facetCounts(query("cql.allRecords=1"), "items.status.name"))
                    .isEqualTo(Map.of("Available", 2L, "Checked out", 1L));

            // an item the instance no longer has loses its state with the instance's next document
            index.apply(List.of(doc(INSTANCE, "Pangolin ecology", b)), Set.of());
            assertThat(hits(index, "items.status.name==\"Checked out\"")).isEmpty();
            index.apply(List.of(), Set.of(INSTANCE));
            assertThat(hits(index, "items.status.name==\"Available\"")).containsExactly(THIRD);
        }
    }

    @Test
    void newerStates_areCountedPerItem_andAPageOfTheirInstancesIsBounded(@TempDir Path dir) {
        ObjectNode a = item("a-1", "Available", "2026-01-01T10:00:00.000+00:00");
        ObjectNode b = item("b-1", "Available", "2026-01-01T10:00:00.000+00:00");
        ObjectNode c = item("c-1", "Available", "2026-01-01T10:00:00.000+00:00");
        try (LuceneIndex index = new LuceneIndex(dir)) {
            index.apply(List.of(doc(INSTANCE, "Pangolin ecology", a, b), doc(OTHER, "Okapi ecology", c)), Set.of());
            assertThat(index.newerItemStates()).isZero();
            assertThat(index.instancesWithNewerStates(10)).isEmpty();

            index.applyItemStates(List.of(new InstanceIndex.ItemState(INSTANCE, checkedOut(a), bothOut()),
                    new InstanceIndex.ItemState(INSTANCE, checkedOut(b), bothOut()),
                    new InstanceIndex.ItemState(OTHER, checkedOut(c), List.of("Checked out"))));
            index.flush(); // the count is as of the last reader, which a flush opens
            assertThat(index.newerItemStates()).as("states, not instances").isEqualTo(3);
            index.applyItemStates(List.of(new InstanceIndex.ItemState(INSTANCE, checkedOut(a), bothOut())));
            assertThat(index.newerItemStates()).as("not yet read").isEqualTo(3);
            index.flush();
            assertThat(index.newerItemStates()).as("a state written again replaces its document").isEqualTo(3);
            assertThat(index.instancesWithNewerStates()).containsExactlyInAnyOrder(INSTANCE, OTHER);
            assertThat(index.instancesWithNewerStates(1)).hasSize(1).isSubsetOf(INSTANCE, OTHER);
            assertThat(index.instancesWithNewerStates(0)).isEmpty();

            index.apply(List.of(doc(INSTANCE, "Pangolin ecology", checkedOut(a), checkedOut(b))), Set.of());
            index.flush();
            assertThat(index.newerItemStates()).as("the rebuilt instance's states are current").isEqualTo(1);
            assertThat(index.instancesWithNewerStates(10)).containsExactly(OTHER);
        }
    }

    /**
     * Instance ids are read from doc values segment by segment: across several segments of both indexes (a batch of
     * documents, and a delivery of states, each a segment), each hit gets its own items' states, and each join and
     * facet count its own instances.
     */
    @Test
    void statesAcrossSegments_reachTheirOwnInstances(@TempDir Path dir) {
        List<String> ids = new java.util.ArrayList<>();
        List<ObjectNode> items = new java.util.ArrayList<>();
        try (LuceneIndex index = new LuceneIndex(dir)) {
            for (int segment = 0; segment < 3; segment++) {
                List<InstanceDocument> docs = new java.util.ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    int n = segment * 10 + i;
                    ids.add(UUID.randomUUID().toString());
                    items.add(item("b-" + n, "Available", "2026-01-01T10:00:00.000+00:00"));
                    docs.add(doc(ids.get(n), "word" + n + "x ecology", items.get(n)));
                }
                index.apply(docs, Set.of());
                index.flush(); // a segment per batch
            }
            Set<Integer> out = Set.of(3, 14, 25, 29);
            for (int n : out) { // a delivery, and so a segment of states, per check-out
                index.applyItemStates(List.of(new InstanceIndex.ItemState(ids.get(n), checkedOut(items.get(n)),
                        List.of("Checked out"))));
                index.flush();
            }
            List<String> outIds = out.stream().map(ids::get).toList();

            assertThat(index.instancesWithNewerStates()).containsExactlyInAnyOrderElementsOf(outIds);
            assertThat(hits(index, "items.status.name==\"Checked out\"")).containsExactlyInAnyOrderElementsOf(outIds);
            assertThat(index.facetCounts(query("cql.allRecords=1"), "items.status.name"))
                    .isEqualTo(Map.of("Available", 26L, "Checked out", 4L));
            assertThat(index.facetCounts(query("title all ecology not title all word14x"), "items.status.name"))
                    .isEqualTo(Map.of("Available", 26L, "Checked out", 3L));
            List<String> all = index.search(query("title all ecology"), SearchQuery.Sort.RELEVANCE, 0, 30).sources();
            assertThat(all).hasSize(30);
            for (String source : all) {
                JsonNode hit = Json.parse(source);
                int n = ids.indexOf(hit.path("id").asText());
                assertThat(hit.path("items").get(0).path("barcode").asText()).isEqualTo("b-" + n);
                assertThat(hit.path("items").get(0).path("status").path("name").asText()).as("instance %d", n)
                        .isEqualTo(out.contains(n) ? "Checked out" : "Available");
            }
        }
    }

    /**
     * A status condition and the status facet read the instance documents' {@link ItemStatusMask}, changed in place by
     * a state written alone: the change survives a restart and a merge; a wildcard on the status, which the masks do
     * not answer, still finds the newer state through the item states.
     */
    @Test
    void theStatusMask_isChangedInPlace_andKeptAcrossARestartAndAMerge(@TempDir Path dir) throws Exception {
        ObjectNode a = item("a-1", "Available", "2026-01-01T10:00:00.000+00:00");
        ObjectNode b = item("b-1", "Available", "2026-01-01T10:00:00.000+00:00");
        ObjectNode c = item("c-1", "Paged", "2026-01-01T10:00:00.000+00:00");
        try (LuceneIndex index = new LuceneIndex(dir)) {
            index.apply(List.of(doc(INSTANCE, "Pangolin ecology", a, b)), Set.of());
            index.flush();
            index.apply(List.of(doc(OTHER, "Okapi ecology", c)), Set.of()); // another segment
            index.applyItemStates(List.of(new InstanceIndex.ItemState(INSTANCE, checkedOut(a),
                            List.of("Checked out", "Available")),
                    new InstanceIndex.ItemState(OTHER, checkedOut(c), List.of("Checked out"))));
            assertThat(hits(index, "items.status.name==\"Paged\"")).as("c's document still says Paged").isEmpty();
            assertThat(hits(index, "items.status.name==Check*")).containsExactlyInAnyOrder(INSTANCE, OTHER);
            assertThat(hits(index, "items.status.name==*aged")).as("c is no longer Paged").isEmpty();
            index.applyItemStates(List.of(new InstanceIndex.ItemState(INSTANCE, checkedOut(b), bothOut())));
            assertThat(hits(index, "items.status.name==\"Available\"")).as("a's mask kept its check-out").isEmpty();
            index.flush();
        }
        try (var fs = org.apache.lucene.store.FSDirectory.open(dir);
             var w = new org.apache.lucene.index.IndexWriter(fs,
                     new org.apache.lucene.index.IndexWriterConfig(LuceneAnalyzers.INDEXING))) {
            w.forceMerge(1); // the in-place changes are carried into the merged segment
            try (var reader = org.apache.lucene.index.DirectoryReader.open(w)) {
                var masks = reader.leaves().getFirst().reader().getNumericDocValues(ItemStatusMask.FIELD);
                List<Long> values = new java.util.ArrayList<>();
                for (int d = 0; d < reader.maxDoc(); d++) if (masks.advanceExact(d)) values.add(masks.longValue());
                assertThat(values).as("both documents' masks: Checked out alone")
                        .containsExactly(1L << ItemStatusMask.bit("Checked out"), 1L << ItemStatusMask.bit("Checked out"));
            }
        }
        try (LuceneIndex index = new LuceneIndex(dir)) {
            assertThat(hits(index, "items.status.name==\"Checked out\"")).containsExactlyInAnyOrder(INSTANCE, OTHER);
            assertThat(hits(index, "items.status.name==\"Available\" or items.status.name==\"Paged\"")).isEmpty();
            assertThat(index.facetCounts(query("cql.allRecords=1"), "items.status.name"))
                    .isEqualTo(Map.of("Checked out", 2L));
            assertThat(hits(index, "items.status.name==\"Nonexistent\"")).as("not a FOLIO status: no mask bit")
                    .isEmpty();
        }
    }

    /** A build's new generation has no instance document before its first page: a state for it changes no mask. */
    @Test
    void aStateForAnIndexWithoutDocuments_isWritten(@TempDir Path dir) {
        ObjectNode a = item("a-1", "Available", "2026-01-01T10:00:00.000+00:00");
        try (LuceneIndex index = new LuceneIndex(dir)) {
            index.applyItemStates(List.of(new InstanceIndex.ItemState(INSTANCE, checkedOut(a),
                    List.of("Checked out"))));
            index.flush();
            assertThat(index.newerItemStates()).isEqualTo(1);
            assertThat(hits(index, "items.status.name==\"Checked out\"")).isEmpty();
        }
    }

    @Test
    void aWildcard_matchesTheStatusesItsRunsMatch() {
        assertThat(names(ItemStatusMask.matching(List.of("Check", "")))).containsExactly("Checked out");
        assertThat(names(ItemStatusMask.matching(List.of("", "lost")))).containsExactly("Aged to lost", "Declared lost");
        assertThat(names(ItemStatusMask.matching(List.of("In", "(non", "")))).containsExactly(
                "In process (non-requestable)");
        assertThat(names(ItemStatusMask.matching(List.of("", "ss", "ss", "")))).as("runs do not overlap").isEmpty();
        assertThat(names(ItemStatusMask.matching(List.of("Paged")))).containsExactly("Paged");
        assertThat(ItemStatusMask.matching(List.of("paged"))).as("case-sensitive, as the keyword").isZero();
        assertThat(ItemStatusMask.matching(List.of("", ""))).isEqualTo(ItemStatusMask.ANY);
    }

    private static List<String> names(long mask) {
        return ItemStatusMask.NAMES.stream().filter(n -> (mask & 1L << ItemStatusMask.bit(n)) != 0).toList();
    }

    /** The mask's bits are FOLIO's statuses, in the order of inventory's vocabulary (the index depends on it). */
    @Test
    void theMasksNames_areInventorysItemStatuses() {
        assertThat(ItemStatusMask.NAMES).containsExactlyElementsOf(java.util.Arrays.stream(
                org.quire.inventory.ItemStatus.values()).map(org.quire.inventory.ItemStatus::folioName).toList());
    }

    /** An instance's two items, both checked out. */
    private static List<String> bothOut() {
        return List.of("Checked out", "Checked out");
    }

    private static ObjectNode checkedOut(ObjectNode item) {
        ObjectNode out = item.deepCopy();
        out.putObject("status").put("name", "Checked out").put("date", "2026-02-02T09:00:00.000+00:00");
        return out;
    }

    private static List<String> hits(LuceneIndex index, String cql) {
        return index.search(query(cql), SearchQuery.Sort.RELEVANCE, 0, 10).sources().stream()
                .map(s -> Json.parse(s).path("id").asText()).toList();
    }

    private static SearchQuery query(String cql) {
        return CqlTranslator.translate(cql).query();
    }

    private static ObjectNode item(String barcode, String status, String date) {
        ObjectNode item = Json.object().put("id", UUID.randomUUID().toString()).put("barcode", barcode)
                .put("holdingsRecordId", "h-1");
        item.putObject("status").put("name", status).put("date", date);
        item.putObject("metadata").put("createdDate", date).put("updatedDate", date);
        return item;
    }

    private static InstanceDocument doc(String id, String title, ObjectNode... items) {
        ObjectNode instance = Json.object().put("id", id).put("title", title).put("source", "FOLIO");
        ArrayNode array = Json.array();
        for (ObjectNode i : items) array.add(i.deepCopy());
        return InstanceDocument.of("states", instance, Json.array(), array);
    }

    private static int maxDoc(Path dir) {
        try (var d = org.apache.lucene.store.FSDirectory.open(dir);
             var reader = org.apache.lucene.index.DirectoryReader.open(d)) {
            return reader.maxDoc();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
