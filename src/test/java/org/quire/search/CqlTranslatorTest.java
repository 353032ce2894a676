package org.quire.search;

import org.junit.jupiter.api.Test;
import org.quire.search.SearchQuery.*;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CQL → Quire's engine-neutral query model: what any engine (Lucene, later OpenSearch) is asked. */
class CqlTranslatorTest {
    static SearchQuery q(String cql) {
        return CqlTranslator.translate(cql).query();
    }

    static final List<String> TITLE = SearchFields.ALIASES.get("title");

    @Test
    void booleans_equalPrecedence_leftAssociative_andTermGroupsInheritIndexAndRelation() {
        assertThat(q("hrid==a or hrid==b and hrid==c")).isEqualTo(new And(List.of(
                new Or(List.of(new Term("hrid", "a"), new Term("hrid", "b"))), new Term("hrid", "c"))));
        assertThat(q("languages == (\"eng\" OR \"fre\")")).isEqualTo(
                new Or(List.of(new Term("languages", "eng"), new Term("languages", "fre"))));
        // a chain of one operator is one node of all its operands, however it is parenthesised
        assertThat(q("hrid==a or (hrid==b or hrid==c) or hrid==d and hrid==e and (hrid==f and hrid==g)")).isEqualTo(
                new And(List.of(new Or(List.of(new Term("hrid", "a"), new Term("hrid", "b"), new Term("hrid", "c"),
                        new Term("hrid", "d"))), new Term("hrid", "e"), new Term("hrid", "f"), new Term("hrid", "g"))));
        assertThat(q("title all a not hrid==b")).isEqualTo(
                new Not(new Text(TITLE, "a", TextMode.ALL), new Term("hrid", "b")));
    }

    @Test
    void relations_onFullTextAndTermFields() {
        assertThat(q("title all Water in Africa")).isEqualTo(new Text(TITLE, "Water in Africa", TextMode.ALL));
        assertThat(q("title any x")).isEqualTo(new Text(TITLE, "x", TextMode.ANY));
        assertThat(q("title == x")).isEqualTo(new Text(TITLE, "x", TextMode.PHRASE));
        assertThat(q("title ==/string x")).isEqualTo(new Plain(TITLE, "x"));
        assertThat(q("title <> x")).isEqualTo(new Not(new All(), new Text(TITLE, "x", TextMode.ALL)));
        assertThat(q("title = \"*x\"")).isEqualTo(new Wildcard(TITLE, "*x"));
        assertThat(q("item.status.name == Available")).isEqualTo(new Term("items.status.name", "Available"));
        assertThat(q("hrid >= b")).isEqualTo(new Range("hrid", "b", true, null, false));
        assertThat(q("cql.allRecords=1")).isEqualTo(new All());
        assertThat(q("keyword = *")).isEqualTo(new All());
        assertThat(CqlTranslator.translate("x sortBy title/sort.descending").sort())
                .isEqualTo(new Sort("sort_title", true));
    }

    @Test
    void dates_becomeMillisecondRanges_andBadOnesAreRefused() {
        // 2024-01-02 is [1704153600000, 1704240000000) in UTC
        assertThat(q("metadata.createdDate > 2024-01-02"))
                .isEqualTo(new Range("metadata.createdDate", "1704240000000", true, null, false));
        assertThat(q("metadata.createdDate <= \"2024-01-02T00:00:00Z\""))
                .isEqualTo(new Range("metadata.createdDate", null, false, "1704153600001", false));
        assertThatThrownBy(() -> q("metadata.createdDate > 2024-13-01")).isInstanceOf(InvalidSearch.class)
                .hasMessage("Invalid date format");
        assertThatThrownBy(() -> q("nope = 1")).isInstanceOf(InvalidSearch.class)
                .hasMessage("Invalid search field provided in the CQL query");
    }
}
