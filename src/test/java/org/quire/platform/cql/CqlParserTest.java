package org.quire.platform.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CqlParserTest {

    private static CqlClause clause(String index, String relation, String term) {
        return new CqlClause(index, relation, List.of(), term);
    }

    private static CqlNode root(String cql) {
        return CqlParser.parse(cql).root();
    }

    @Test
    void parsesSimpleClause() {
        assertThat(CqlParser.parse("barcode==12345"))
                .isEqualTo(new CqlQuery(clause("barcode", "==", "12345"), List.of()));
    }

    @Test
    void bareTermHasNoIndexAndEqualsRelation() {
        assertThat(root("harry")).isEqualTo(clause(null, "=", "harry"));
        assertThat(root("\"harry potter\"")).isEqualTo(clause(null, "=", "harry potter"));
    }

    @ParameterizedTest
    @CsvSource({
        "'a=b', =",
        "'a==b', ==",
        "'a<>b', <>",
        "'a<b', <",
        "'a>b', >",
        "'a<=b', <=",
        "'a>=b', >=",
        "'a all b', all",
        "'a ANY b', any",
        "'a Adj b', adj",
        "'a exact b', exact",
        "'a within b', within",
        "'a encloses b', encloses"
    })
    void parsesEveryRelationLowercased(String cql, String relation) {
        assertThat(root(cql)).isEqualTo(clause("a", relation, "b"));
    }

    @Test
    void spacesAroundRelationsAreOptional() {
        assertThat(root("title = \"x\"")).isEqualTo(clause("title", "=", "x"));
    }

    @Test
    void booleansAreLeftAssociativeWithEqualPrecedence() {
        // "a or b and c" is "(a or b) and c", not "a or (b and c)"
        assertThat(root("a=1 or b=2 AND c=3"))
                .isEqualTo(
                        new CqlBoolean(
                                "and",
                                new CqlBoolean("or", clause("a", "=", "1"), clause("b", "=", "2")),
                                clause("c", "=", "3")));
    }

    @Test
    void parenthesesGroup() {
        assertThat(root("a=1 or (b=2 not c=3)"))
                .isEqualTo(
                        new CqlBoolean(
                                "or",
                                clause("a", "=", "1"),
                                new CqlBoolean("not", clause("b", "=", "2"), clause("c", "=", "3"))));
        assertThat(root("((a=1))")).isEqualTo(clause("a", "=", "1"));
    }

    @Test
    void proxIsParsed() {
        assertThat(root("a prox b"))
                .isEqualTo(new CqlBoolean("prox", clause(null, "=", "a"), clause(null, "=", "b")));
    }

    @Test
    void quotedTermsKeepEscapes() {
        assertThat(root("title=\"say \\\"hi\\\" \\* now*\""))
                .isEqualTo(clause("title", "=", "say \\\"hi\\\" \\* now*"));
        assertThat(root("title=\"and or (x)\"")).isEqualTo(clause("title", "=", "and or (x)"));
        assertThat(root("title=\"\"")).isEqualTo(clause("title", "=", ""));
    }

    @Test
    void bareWordsKeepEscapes() {
        assertThat(root("barcode=ab\\*c*")).isEqualTo(clause("barcode", "=", "ab\\*c*"));
    }

    @Test
    void relationModifiers() {
        assertThat(root("title =/string/respectCase x"))
                .isEqualTo(new CqlClause("title", "=", List.of("string", "respectCase"), "x"));
        assertThat(root("title all/masked x"))
                .isEqualTo(new CqlClause("title", "all", List.of("masked"), "x"));
        assertThat(root("title =/RESPECTCASE/ignoreAccents/number=1 x"))
                .isEqualTo(new CqlClause("title", "=", List.of("RESPECTCASE", "ignoreAccents", "number=1"), "x"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "barcode==/foo x|foo|position 10",
                "title=/unknownmodifier abc|unknownmodifier|position 7",
                "title any/rel.algorithm=cql x|rel.algorithm=cql|position 10",
                "a prox/distance=1 b|distance=1|position 7",
                "a=1 and/foo b=2|foo|position 8",
                "a=1 sortBy title/sort.missingHigh|sort.missingHigh|position 17"
            })
    void unknownModifierIsRefusedByName(String cql, String named, String position) {
        assertThatThrownBy(() -> CqlParser.parse(cql))
                .isInstanceOf(CqlException.class)
                .hasMessageStartingWith("Invalid CQL: unsupported modifier '/" + named + "'")
                .hasMessageContaining(position)
                .hasMessageContaining("supported: /string");
    }

    @Test
    void hasModifierIgnoresCaseAndValue() {
        CqlClause c = new CqlClause("t", "=", List.of("RespectCase", "distance=1"), "x");
        assertThat(c.hasModifier("respectcase")).isTrue();
        assertThat(c.hasModifier("distance")).isTrue();
        assertThat(c.hasModifier("string")).isFalse();
    }

    @Test
    void namedRelationWordIsATermWhenNothingFollows() {
        assertThat(root("title=any")).isEqualTo(clause("title", "=", "any"));
        assertThat(root("any")).isEqualTo(clause(null, "=", "any"));
    }

    @Test
    void allRecords() {
        assertThat(root("cql.allRecords=1")).isEqualTo(clause("cql.allRecords", "=", "1"));
    }

    @Test
    void sortByWithSeveralKeys() {
        CqlQuery q = CqlParser.parse("title=x sortBy a b/sort.descending c/sort.ascending");
        assertThat(q.root()).isEqualTo(clause("title", "=", "x"));
        assertThat(q.sortKeys())
                .containsExactly(new SortKey("a", false), new SortKey("b", true), new SortKey("c", false));
    }

    @Test
    void sortByKeywordIsCaseInsensitive() {
        assertThat(CqlParser.parse("cql.allRecords=1 SORTBY name/descending").sortKeys())
                .containsExactly(new SortKey("name", true));
        assertThat(CqlParser.parse("a=b sortby x/sort.ignoreCase").sortKeys())
                .containsExactly(new SortKey("x", false));
    }

    @Test
    void queryParameterPrefixIsStripped() {
        assertThat(root("query=(userId==U)")).isEqualTo(clause("userId", "==", "U"));
        assertThat(root("query=(a=1 and b=2)"))
                .isEqualTo(new CqlBoolean("and", clause("a", "=", "1"), clause("b", "=", "2")));
    }

    @Test
    void queryIndexWithoutParenthesisIsAnOrdinaryClause() {
        assertThat(root("query=x")).isEqualTo(clause("query", "=", "x"));
    }

    @Test
    void folioTermGroupLeniency() {
        assertThat(root("status.name==(\"Open\" or \"Closed\")"))
                .isEqualTo(
                        new CqlBoolean(
                                "or", clause("status.name", "==", "Open"), clause("status.name", "==", "Closed")));
        assertThat(root("id==(a or (b or c)) and x=1"))
                .isEqualTo(
                        new CqlBoolean(
                                "and",
                                new CqlBoolean(
                                        "or",
                                        clause("id", "==", "a"),
                                        new CqlBoolean("or", clause("id", "==", "b"), clause("id", "==", "c"))),
                                clause("x", "=", "1")));
    }

    // --- syntax errors ---

    private static void fails(String cql, String message) {
        assertThatThrownBy(() -> CqlParser.parse(cql))
                .isInstanceOf(CqlException.class)
                .hasMessage(message);
    }

    @Test
    void missingTerm() {
        fails("barcode==", "Invalid CQL: expected a term after '==' at position 9 in query: barcode==");
        fails(
                "(barcode==)",
                "Invalid CQL: expected a term after '==' but found ')' at position 10 in query: (barcode==)");
    }

    @Test
    void reservedWordIsNotATerm() {
        fails(
                "title=and",
                "Invalid CQL: expected a term after '=' but found 'and' at position 6 in query: title=and");
        fails(
                "and",
                "Invalid CQL: expected a search term or '(' but found 'and' at position 0 in query: and");
    }

    @Test
    void danglingBoolean() {
        fails("a=1 and", "Invalid CQL: expected a search term or '(' at position 7 in query: a=1 and");
    }

    @Test
    void emptyQuery() {
        fails("  ", "Invalid CQL: empty query");
        fails(null, "Invalid CQL: empty query");
    }

    @Test
    void unbalancedParentheses() {
        fails(
                "(a=1 or b=2",
                "Invalid CQL: the '(' at position 0 is not closed, found end of query at position 11 in query:"
                        + " (a=1 or b=2");
        fails("a=1)", "Invalid CQL: unexpected ')' at position 3 in query: a=1)");
        fails("()", "Invalid CQL: expected a search term or '(' but found ')' at position 1 in query: ()");
    }

    @Test
    void consecutiveUnquotedWordsAreOneTermAsCqlJavaReadsThem() {
        assertThat(root("feeFineType==Lost item processing fee"))
                .isEqualTo(clause("feeFineType", "==", "Lost item processing fee"));
        assertThat(root("title=harry   potter")).isEqualTo(clause("title", "=", "harry potter"));
        assertThat(root("harry potter")).isEqualTo(clause(null, "=", "harry potter"));
        // a quoted string may be followed by words (cql-java appends them), not the other way round
        assertThat(root("title=\"harry potter\" stone")).isEqualTo(clause("title", "=", "harry potter stone"));
        // the words stop at a boolean, a relation, sortBy or a parenthesis
        assertThat(root("name==Lost item and code=a b"))
                .isEqualTo(
                        new CqlBoolean("and", clause("name", "==", "Lost item"), clause("code", "=", "a b")));
        assertThat(root("name all fee fine")).isEqualTo(clause("name", "all", "fee fine"));
        assertThat(CqlParser.parse("name==Lost item sortBy name").sortKeys())
                .containsExactly(new SortKey("name", false));
        assertThat(root("status.name==(Open now or Closed)"))
                .isEqualTo(
                        new CqlBoolean(
                                "or", clause("status.name", "==", "Open now"), clause("status.name", "==", "Closed")));
    }

    @Test
    void wordsBeforeARelationAreTheIndex() {
        assertThat(root("a b==c")).isEqualTo(clause("a b", "==", "c"));
    }

    @Test
    void aQuotedStringAfterATermIsAnError() {
        fails(
                "title=harry \"potter\"",
                "Invalid CQL: expected a boolean operator (and, or, not, prox), sortBy or end of query"
                        + " but found \"potter\" at position 12 in query: title=harry \"potter\"");
    }

    @Test
    void unterminatedQuote() {
        fails(
                "title=\"abc",
                "Invalid CQL: unterminated quoted string starting at position 6 in query: title=\"abc");
        fails(
                "title=\"abc\\\"",
                "Invalid CQL: unterminated quoted string starting at position 6 in query: title=\"abc\\\"");
    }

    @Test
    void badModifiers() {
        fails(
                "title=/(x)",
                "Invalid CQL: expected a modifier name after '/' but found '(' at position 7 in query:"
                        + " title=/(x)");
        fails(
                "title=/dist=",
                "Invalid CQL: expected a modifier value after '=' at position 12 in query: title=/dist=");
    }

    @Test
    void sortByWithoutIndex() {
        fails("a=1 sortBy", "Invalid CQL: expected an index after 'sortBy' at position 10 in query: a=1 sortBy");
    }

    @Test
    void prefixAssignmentIsRejected() {
        fails(
                ">dc=\"http://purl.org/dc\" title=x",
                "Invalid CQL: prefix assignments (>prefix=\"uri\") are not supported at position 0 in query:"
                        + " >dc=\"http://purl.org/dc\" title=x");
    }

    @Test
    void quotedIndexIsRejected() {
        fails("\"title\"=x", "Invalid CQL: an index name must not be quoted at position 0 in query: \"title\"=x");
    }

    /** Queries past the limits are refused as invalid CQL: deeper ones overflowed the stack (a 500) before. */
    @Test
    void tooManyClausesOrParenthesesAreRefused() {
        String chain = String.join(" or ", java.util.Collections.nCopies(CqlParser.MAX_CLAUSES, "title=a"));
        assertThat(CqlParser.parse(chain).root()).isInstanceOf(CqlBoolean.class);
        assertThatThrownBy(() -> CqlParser.parse(chain + " or title=b")).isInstanceOf(CqlException.class)
                .hasMessageStartingWith("Invalid CQL: more than 1000 search clauses at position "
                        + (chain.length() + 4) + " in query: ");
        assertThatThrownBy(() -> CqlParser.parse(chain.repeat(20))).isInstanceOf(CqlException.class);

        String nested = "(".repeat(CqlParser.MAX_NESTING) + "a" + ")".repeat(CqlParser.MAX_NESTING);
        assertThat(CqlParser.parse(nested).root()).isEqualTo(CqlParser.parse("a").root());
        assertThatThrownBy(() -> CqlParser.parse("(" + nested + ")")).isInstanceOf(CqlException.class)
                .hasMessageStartingWith("Invalid CQL: more than 64 nested parentheses at position 64 in query: ");
        assertThatThrownBy(() -> CqlParser.parse("(".repeat(20_000) + "a" + ")".repeat(20_000)))
                .isInstanceOf(CqlException.class);
    }

    @Test
    void brokenTermGroup() {
        fails(
                "id==(a or)",
                "Invalid CQL: expected a term but found ')' at position 9 in query: id==(a or)");
    }
}
