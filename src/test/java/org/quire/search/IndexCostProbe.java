package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.store.FSDirectory;
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
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A development probe, not a test: what one instance document costs the embedded index, without a server or a
 * database, so that a change to the document's fields can be measured in seconds and without the run-to-run noise of
 * a whole bench. It maps real MARC records with FOLIO's default rules, gives each a holdings record and an item (the
 * bench's shape), then times building the documents and adding them to a new index, a few rounds each.
 *
 * <p>{@code java -cp target/classes:target/test-classes:$(cat target/cp.txt) org.quire.search.IndexCostProbe FILE.mrc}
 */
public final class IndexCostProbe {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        MarcMapper bib = MappingRules.defaultMapper(RulesType.MARC_BIB, ReferenceData.lookups());
        List<Object[]> rows = new ArrayList<>();
        try (Stream<MarcRecordOrError> s = MarcFiles.read(file)) {
            s.filter(r -> r.record() != null).forEach(r -> rows.add(shape(bib.toInstance(r.record()), rows.size())));
        }
        System.out.printf("%d instances%n", rows.size());
        for (int round = 0; round < rounds; round++) {
            long t0 = System.nanoTime();
            List<InstanceDocument> docs = new ArrayList<>();
            for (Object[] r : rows) docs.add(InstanceDocument.of("probe", (ObjectNode) r[0], (ArrayNode) r[1], (ArrayNode) r[2]));
            long t1 = System.nanoTime();
            List<Document> lucene = new ArrayList<>();
            for (InstanceDocument d : docs) lucene.add(without(LuceneDocuments.of(d), DROP));
            long t2 = System.nanoTime();
            Path dir = Files.createTempDirectory("probe");
            try (FSDirectory fs = FSDirectory.open(dir);
                 IndexWriter w = new IndexWriter(fs, new IndexWriterConfig(LuceneAnalyzers.INDEXING).setRAMBufferSizeMB(64))) {
                for (Document d : lucene) w.addDocument(d);
                long t3 = System.nanoTime();
                w.commit();
                long t4 = System.nanoTime();
                System.out.printf("round %d: instance docs %d ms, lucene docs %d ms, add %d ms, commit %d ms;"
                                + " total %d ms = %.1f min per million; index %d kB%n", round, ms(t1 - t0), ms(t2 - t1),
                        ms(t3 - t2), ms(t4 - t3), ms(t4 - t0), (t4 - t0) / 1e9 / rows.size() * 1e6 / 60,
                        size(dir) / 1024);
            }
            if (round == rounds - 1) fieldCensus(lucene);
        }
    }

    /**
     * Fields left out of every document ({@code -Dprobe.drop=prefix,…}: names starting with one of them), to see what
     * a group of fields costs the index.
     */
    private static final List<String> DROP = System.getProperty("probe.drop", "").isBlank() ? List.of()
            : List.of(System.getProperty("probe.drop").split(","));

    private static Document without(Document d, List<String> prefixes) {
        if (prefixes.isEmpty()) return d;
        Document out = new Document();
        for (IndexableField f : d.getFields()) {
            if (prefixes.stream().noneMatch(f.name()::startsWith)) out.add(f);
        }
        return out;
    }

    /** The bench's shape: one holdings record and an item per instance (call number from the 050 mapping). */
    static Object[] shape(ObjectNode instance, int n) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        String id = UUID.nameUUIDFromBytes(("i" + n).getBytes()).toString();
        instance.put("id", id);
        instance.put("hrid", "in" + n);
        ObjectNode meta = f.objectNode().put("createdDate", "2026-11-25T03:00:00.000+00:00")
                .put("updatedDate", "2026-11-25T03:00:00.000+00:00");
        instance.set("metadata", meta);
        ObjectNode h = f.objectNode().put("id", UUID.nameUUIDFromBytes(("h" + n).getBytes()).toString())
                .put("hrid", "ho" + n).put("instanceId", id).put("permanentLocationId", "fcd64ce1-6995-48f0-840e-89ffa2288371")
                .put("callNumber", "QA76.73.J38 " + n).put("sourceId", "f32d531e-df79-46b3-8932-cdd35f7a2264");
        h.set("metadata", meta);
        ObjectNode it = f.objectNode().put("id", UUID.nameUUIDFromBytes(("t" + n).getBytes()).toString())
                .put("hrid", "it" + n).put("holdingsRecordId", h.path("id").asText()).put("barcode", "3" + n)
                .put("materialTypeId", "1a54b431-2e4f-452d-9cae-9cee66c9a892")
                .put("effectiveLocationId", "fcd64ce1-6995-48f0-840e-89ffa2288371");
        it.set("status", f.objectNode().put("name", "Available").put("date", "2026-11-25T03:00:00.000+00:00"));
        it.set("effectiveCallNumberComponents", f.objectNode().put("callNumber", "QA76.73.J38 " + n));
        it.set("metadata", meta);
        return new Object[] {instance, f.arrayNode().add(h), f.arrayNode().add(it)};
    }

    /** Tokens and fields per document, by field (the last round's documents). */
    private static void fieldCensus(List<Document> docs) throws Exception {
        Map<String, long[]> byField = new TreeMap<>();
        long fields = 0;
        for (Document d : docs) {
            for (IndexableField fld : d.getFields()) {
                fields++;
                long[] c = byField.computeIfAbsent(fld.name(), k -> new long[2]);
                c[0]++;
                if (fld.fieldType().tokenized() && fld.stringValue() != null) {
                    try (var ts = LuceneAnalyzers.INDEXING.tokenStream(fld.name(), fld.stringValue())) {
                        ts.reset();
                        while (ts.incrementToken()) c[1]++;
                        ts.end();
                    }
                } else if (fld.fieldType().indexOptions() != org.apache.lucene.index.IndexOptions.NONE) {
                    c[1]++;
                }
            }
        }
        long tokens = byField.values().stream().mapToLong(c -> c[1]).sum();
        System.out.printf("%d distinct fields, %.1f fields and %.1f tokens per document%n", byField.size(),
                (double) fields / docs.size(), (double) tokens / docs.size());
        byField.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1])).limit(25)
                .forEach(e -> System.out.printf("  %-50s %8.2f values %8.2f tokens per doc%n", e.getKey(),
                        (double) e.getValue()[0] / docs.size(), (double) e.getValue()[1] / docs.size()));
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }

    private static long size(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
