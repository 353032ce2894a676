package org.quire.search;

import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a search shows of a hit without {@code expandAll}: the basic fields in instance.json's order, nested objects cut
 * to their shown fields, nulls left out; read from the {@code _basic} doc values in the hits' order whatever their
 * segments, and from the stored source for a document an older Quire wrote without them.
 */
class BasicFieldsTest {

    @Test
    void basicFields_inOrder_cutAndWithoutNulls() {
        var source = (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse("""
                {"title":"Water","id":"i1","hrid":null,"subjects":[{"value":"Rivers"}],"holdings":[{"id":"h1"}],
                 "contributors":[{"name":"Brown, John","contributorTypeText":"author","primary":true},"not an object"],
                 "publication":[{"publisher":"Wiley","place":"New York","dateOfPublication":"2003"}],
                 "identifiers":[{"value":"978-0471442509","identifierTypeId":"t1","extra":1}],
                 "discoverySuppress":false,"tenantId":"diku"}""");
        assertThat(new String(BasicFields.json(source), StandardCharsets.UTF_8)).isEqualTo("{\"id\":\"i1\","
                + "\"tenantId\":\"diku\",\"title\":\"Water\",\"contributors\":[{\"name\":\"Brown, John\","
                + "\"primary\":true}],\"identifiers\":[{\"value\":\"978-0471442509\",\"identifierTypeId\":\"t1\"}],"
                + "\"publication\":[{\"publisher\":\"Wiley\",\"dateOfPublication\":\"2003\"}],"
                + "\"discoverySuppress\":false}");
        assertThat(source.path("contributors").get(0).has("contributorTypeText")).as("the source left whole").isTrue();
    }

    @Test
    void basics_inHitOrder_acrossSegments_andFromTheSourceWhereNoDocValues() throws Exception {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        List<InstanceDocument> docs = new ArrayList<>();
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer())
                .setMergePolicy(NoMergePolicy.INSTANCE))) {
            for (int i = 0; i < 6; i++) {
                var instance = Json.object().put("id", "id-" + i).put("title", "Title " + i).put("source", "MARC");
                InstanceDocument doc = InstanceDocument.of("t", instance, Json.array(), Json.array());
                docs.add(doc);
                if (i % 2 == 0) {
                    w.addDocument(LuceneDocuments.of(doc));
                } else { // as a Quire before the doc values wrote it: the source alone
                    Document old = new Document();
                    old.add(new StoredField(LuceneDocuments.SOURCE, new BytesRef(Json.writeBytes(doc.source()))));
                    w.addDocument(old);
                }
                if (i == 2) w.commit(); // a second segment from here on
            }
        }
        try (DirectoryReader reader = DirectoryReader.open(dir)) {
            assertThat(reader.leaves()).hasSize(2);
            IndexSearcher s = new IndexSearcher(reader);
            int[] order = {5, 0, 3, 4, 1, 2};
            ScoreDoc[] hits = new ScoreDoc[order.length];
            for (int i = 0; i < order.length; i++) hits[i] = new ScoreDoc(order[i], 1f);

            List<byte[]> basics = LuceneDirectory.basics(s, hits, 2);

            assertThat(basics).hasSize(4);
            for (int i = 0; i < basics.size(); i++) {
                assertThat(new String(basics.get(i), StandardCharsets.UTF_8))
                        .isEqualTo(new String(BasicFields.json(docs.get(order[i + 2]).source()), StandardCharsets.UTF_8));
            }
            assertThat(LuceneDirectory.basics(s, hits, 6)).isEmpty();
        }
    }
}
