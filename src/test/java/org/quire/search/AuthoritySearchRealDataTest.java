package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.lucene.analysis.icu.ICUFoldingFilter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Record;
import org.marc4j.marc.Subfield;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.platform.Json;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real authorities: the first 300 records of the PTF's LC Name Authority file (shared/data/marc/authority/
 * lc-naf-names-5k.mrc, the file FOLIO's performance tests import), mapped in the test as mod-entities-links' MARC
 * authority mapping does for headings (1xx → the heading family, 4xx → its see-from, 5xx → its see-also-from; 010 →
 * an LCCN identifier), created over HTTP; then the PTF's authority query templates (folio-catalogue-api.md §2.1–2.2:
 * keyword all/any/==, trailing, leading and contains wildcards) count exactly the headings that a plain scan of the
 * mapped records says they should.
 */
class AuthoritySearchRealDataTest {
    static final String LCCN = "c858e4f2-2b6b-4385-842b-60732ee14abb";
    static final Map<String, String> FAMILY = Map.of("00", "personalName", "10", "corporateName", "11", "meetingName",
            "30", "uniformTitle", "50", "topicalTerm", "51", "geographicName", "55", "genreTerm");
    static Api.Session s;
    /** Every heading created (main, see-from, see-also-from), as written. */
    static final List<String> HEADINGS = new ArrayList<>();

    @BeforeAll
    static void load() throws IOException {
        s = Fixtures.referenceOnlyTenant("authority_real");
        Path file = Path.of(System.getProperty("quire.shared.dir", "../shared"))
                .resolve("data/marc/authority/lc-naf-names-5k.mrc");
        List<ObjectNode> authorities = new ArrayList<>();
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(file)) {
            entries.filter(e -> e.record() != null).map(e -> map(e.record())).filter(a -> a != null).limit(300)
                    .forEach(authorities::add);
        }
        for (ObjectNode a : authorities) {
            Api.Reply r = s.post("/authority-storage/authorities", a);
            assertThat(r.status()).as(r.body()).isEqualTo(201);
        }
        long deadline = System.currentTimeMillis() + 20_000;
        while (total("cql.allRecords=1") < HEADINGS.size() && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertThat(total("cql.allRecords=1")).as("one document per heading").isEqualTo(HEADINGS.size());
    }

    /** The record's headings as authority JSON; null when it has no 1xx heading of a known family. */
    static ObjectNode map(Record r) {
        ObjectNode a = Json.object().put("source", "MARC");
        String naturalId = r.getControlNumber() == null ? null : r.getControlNumber().replace(" ", "");
        if (naturalId == null || naturalId.isEmpty()) return null;
        a.put("naturalId", naturalId);
        String main = null;
        List<String> headings = new ArrayList<>();
        for (var f : r.getDataFields()) {
            String tag = f.getTag();
            String family = FAMILY.get(tag.substring(1));
            if (family == null) continue;
            String text = text(f);
            if (text.isBlank()) continue;
            String cap = Character.toUpperCase(family.charAt(0)) + family.substring(1);
            switch (tag.charAt(0)) {
                case '1' -> {
                    if (main != null) continue;
                    main = text;
                    a.put(family, text);
                }
                case '4' -> arr(a, "sft" + cap).add(text);
                case '5' -> arr(a, "saft" + cap).add(text);
                default -> {
                    continue;
                }
            }
            headings.add(text);
        }
        if (main == null) return null;
        DataField lccn = (DataField) r.getVariableField("010");
        if (lccn != null && lccn.getSubfield('a') != null) {
            a.putArray("identifiers").addObject().put("value", lccn.getSubfield('a').getData())
                    .put("identifierTypeId", LCCN);
        }
        HEADINGS.addAll(headings);
        return a;
    }

    private static ArrayNode arr(ObjectNode a, String field) {
        return a.has(field) ? (ArrayNode) a.get(field) : a.putArray(field);
    }

    /** The heading's subfields a–z (no control subfields), space-joined. */
    static String text(DataField f) {
        List<String> parts = new ArrayList<>();
        for (Subfield sf : f.getSubfields()) {
            if (Character.isLetter(sf.getCode())) parts.add(sf.getData().strip());
        }
        return String.join(" ", parts);
    }

    static long total(String cql) {
        Api.Reply r = s.get("/search/authorities?limit=0&query=" + URLEncoder.encode(cql, StandardCharsets.UTF_8));
        assertThat(r.status()).as(cql + " → " + r.body()).isEqualTo(200);
        return r.json().path("totalRecords").asLong();
    }

    static String fold(String s) {
        return ICUFoldingFilter.NORMALIZER.normalize(s);
    }

    static List<String> words(String heading) {
        return List.of(fold(heading).split("[^\\p{L}\\p{N}]+"));
    }

    static long expected(Predicate<String> heading) {
        return HEADINGS.stream().filter(heading).count();
    }

    @Test
    void ptfAuthorityTemplates_countExactlyTheMatchingHeadings() {
        for (String word : List.of("American", "John", "Smith", "Society", "Ivanovna")) {
            String w = fold(word);
            long n = expected(h -> words(h).contains(w));
            assertThat(total("keyword all \"" + word + "\"")).as("keyword all " + word).isEqualTo(n);
            assertThat(total("keyword any \"" + word + "\"")).as("keyword any " + word).isEqualTo(n);
            assertThat(total("keyword all " + word + "*")).as(word + "*")
                    .isEqualTo(expected(h -> fold(h).startsWith(w)));
            assertThat(total("keyword = \"*" + word + "*\"")).as("*" + word + "*")
                    .isEqualTo(expected(h -> fold(h).contains(w)));
        }
        assertThat(total("keyword all \"John\"")).as("the data has Johns").isPositive();
        long bothWords = expected(h -> words(h).contains("john") && words(h).contains("smith"));
        assertThat(total("keyword all \"Smith John\"")).isEqualTo(bothWords);
        assertThat(total("keyword any \"Smith John\"")).isEqualTo(
                expected(h -> words(h).contains("john") || words(h).contains("smith")));
        // a heading ending with a year
        assertThat(total("keyword = \"*1937\"")).isEqualTo(expected(h -> fold(h).endsWith("1937")));
        assertThat(total("keyword = \"*1937\"")).isPositive();
        // the first heading is found by its phrase, its see-from variants by theirs
        String first = HEADINGS.getFirst();
        assertThat(total("keyword == \"" + first.replace("\"", "") + "\"")).isPositive();
    }
}
