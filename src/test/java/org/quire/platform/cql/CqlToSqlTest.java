package org.quire.platform.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CqlToSqlTest {

    static final String U1 = "a7fb6b63-6ff2-4cb0-a4a3-08fa3cb1b6bf";
    static final UUID ID1 = UUID.fromString(U1);

    static final CqlFields FIELDS =
            CqlFields.of(
                            new CqlField("id", "id", FieldType.UUID),
                            new CqlField("userId", "user_id", FieldType.UUID),
                            new CqlField("itemId", "item_id", FieldType.UUID),
                            new CqlField("barcode", "barcode", FieldType.KEYWORD),
                            new CqlField("externalSystemId", "external_system_id", FieldType.KEYWORD),
                            new CqlField("username", "username", FieldType.KEYWORD),
                            new CqlField("status.name", "status_name", FieldType.KEYWORD),
                            new CqlField("module", "module", FieldType.KEYWORD),
                            new CqlField("configName", "config_name", FieldType.KEYWORD),
                            new CqlField("name", "name", FieldType.TEXT),
                            new CqlField("renewalCount", "renewal_count", FieldType.INTEGER),
                            new CqlField("amount", "amount", FieldType.NUMBER),
                            new CqlField("active", "active", FieldType.BOOLEAN),
                            new CqlField("dueDate", "due_date", FieldType.DATETIME),
                            new CqlField("servicePointsIds", "service_points_ids", FieldType.UUID_ARRAY))
                    .withDefaults("name", "barcode");

    static SqlWhere sql(String cql) {
        return CqlToSql.translate(cql, FIELDS);
    }

    static void assertSql(String cql, String where, Object... params) {
        SqlWhere result = sql(cql);
        assertThat(result.where()).isEqualTo(where);
        assertThat(result.params()).containsExactly(params);
    }

    static void fails(String cql, String message) {
        assertThatThrownBy(() -> sql(cql)).isInstanceOf(CqlException.class).hasMessage(message);
    }

    // --- whole queries ---

    @Test
    void uuidArray_isContainment() {
        assertSql("servicePointsIds=" + U1, "service_points_ids @> ARRAY[?]::uuid[]", ID1);
        assertSql("servicePointsIds==" + U1, "service_points_ids @> ARRAY[?]::uuid[]", ID1);
        assertSql("servicePointsIds<>" + U1, "NOT coalesce(service_points_ids @> ARRAY[?]::uuid[], false)", ID1);
        assertSql("servicePointsIds=nope", "FALSE");
        fails("servicePointsIds>" + U1,
                "Unsupported CQL relation '>' for index servicePointsIds of type UUID_ARRAY");
    }

    @Test
    void blankQueryMeansNoRestriction() {
        assertThat(sql(null)).isEqualTo(new SqlWhere("TRUE", List.of(), ""));
        assertThat(sql("  ")).isEqualTo(new SqlWhere("TRUE", List.of(), ""));
    }

    @Test
    void parsedQueryOverload() {
        SqlWhere r = CqlToSql.translate(CqlParser.parse("barcode=1 sortBy barcode"), FIELDS);
        assertThat(r).isEqualTo(new SqlWhere("barcode = ?", List.of("1"), "barcode ASC"));
    }

    @Test
    void allRecords() {
        assertSql("cql.allRecords=1", "TRUE");
        assertSql("CQL.ALLRECORDS=1", "TRUE");
    }

    @Test
    void booleans() {
        assertSql("barcode=1 and username=u", "(barcode = ? AND username = ?)", "1", "u");
        assertSql("barcode=1 or username=u", "(barcode = ? OR username = ?)", "1", "u");
        assertSql("barcode=1 not username=u", "(barcode = ? AND NOT username = ?)", "1", "u");
    }

    @Test
    void booleanChainsFlattenButKeepGrouping() {
        assertSql(
                "barcode=1 or barcode=2 or barcode=3",
                "(barcode = ? OR barcode = ? OR barcode = ?)",
                "1",
                "2",
                "3");
        assertSql(
                "barcode=1 or barcode=2 and username=u",
                "((barcode = ? OR barcode = ?) AND username = ?)",
                "1",
                "2",
                "u");
        assertSql(
                "barcode=1 and (barcode=2 or username=u) not module=m",
                "((barcode = ? AND (barcode = ? OR username = ?)) AND NOT module = ?)",
                "1",
                "2",
                "u",
                "m");
    }

    @Test
    void proxIsUnsupported() {
        fails("barcode=1 prox barcode=2", "Unsupported CQL boolean operator: prox");
    }

    // --- UUID ---

    @Test
    void uuidRelations() {
        assertSql("id=" + U1, "id = ?", ID1);
        assertSql("id==" + U1, "id = ?", ID1);
        assertSql("id<>" + U1, "id <> ?", ID1);
        assertSql("id=\"" + U1.toUpperCase() + "\"", "id = ?", ID1);
        assertSql("id=*", "id IS NOT NULL");
        assertSql("id<>*", "id IS NULL");
    }

    @Test
    void invalidUuidMatchesNothingInsteadOfFailing() {
        assertSql("id==B", "FALSE");
        assertSql("id=1-2-3-4-5", "FALSE");
        assertSql("id=a7fb*", "FALSE");
        assertSql("id<>B", "TRUE");
    }

    @Test
    void uuidRejectsOtherRelations() {
        fails("id<" + U1, "Unsupported CQL relation '<' for index id of type UUID");
        fails("userId any x", "Unsupported CQL relation 'any' for index userId of type UUID");
    }

    // --- KEYWORD ---

    @Test
    void keywordEquality() {
        assertSql("barcode=12345", "barcode = ?", "12345");
        assertSql("barcode==\"12345\"", "barcode = ?", "12345");
        assertSql("barcode exact \"a b\"", "barcode = ?", "a b");
        assertSql("barcode<>Closed", "barcode <> ?", "Closed");
        assertSql("barcode=*", "barcode IS NOT NULL");
        assertSql("barcode<>*", "barcode IS NULL");
    }

    @Test
    void keywordWildcards() {
        assertSql("barcode==ab*", "barcode LIKE ?", "ab%");
        assertSql("barcode==a?c", "barcode LIKE ?", "a_c");
        assertSql("barcode<>ab*", "barcode NOT LIKE ?", "ab%");
        assertSql("barcode exact \"*x\"", "barcode LIKE ?", "%x");
    }

    @Test
    void keywordEscapedWildcardsAreLiterals() {
        assertSql("barcode==\"ab\\*\"", "barcode = ?", "ab*");
        assertSql("barcode==\"a\\?\"", "barcode = ?", "a?");
        assertSql("barcode==\"a\\\"b\"", "barcode = ?", "a\"b");
        assertSql("barcode==\"a\\\\b\"", "barcode = ?", "a\\b");
    }

    @Test
    void likeSpecialCharactersAreEscaped() {
        assertSql("barcode==\"50%_*\"", "barcode LIKE ?", "50\\%\\_%");
        assertSql("barcode==\"a\\\\b*\"", "barcode LIKE ?", "a\\\\b%");
        assertSql("barcode==\"\\**\"", "barcode LIKE ?", "*%");
        // no wildcard: % and _ are bound verbatim for "="
        assertSql("barcode==\"50%_\"", "barcode = ?", "50%_");
    }

    @ParameterizedTest
    @CsvSource({"<, <", "<=, <=", ">, >", ">=, >="})
    void keywordOrdering(String relation, String op) {
        assertSql("barcode" + relation + "B5", "barcode " + op + " ?", "B5");
    }

    @Test
    void keywordAnyAndAll() {
        assertSql("status.name any \"Open Closed\"", "status_name IN (?, ?)", "Open", "Closed");
        assertSql("status.name any Open", "status_name = ?", "Open");
        assertSql("status.name any \"Open Cl*\"", "(status_name = ? OR status_name LIKE ?)", "Open", "Cl%");
        assertSql("status.name all Open", "status_name = ?", "Open");
        assertSql("status.name all \"a b\"", "(status_name = ? AND status_name = ?)", "a", "b");
        assertSql("status.name any \"\"", "status_name = ?", "");
    }

    @Test
    void keywordRejectsTextRelations() {
        fails("barcode adj x", "Unsupported CQL relation 'adj' for index barcode of type KEYWORD");
        fails("barcode within x", "Unsupported CQL relation 'within' for index barcode of type KEYWORD");
    }

    // --- TEXT ---

    @Test
    void textExactIsCaseInsensitiveWholeValue() {
        assertSql("name==\"Harry Potter\"", "lower(name) = lower(?)", "Harry Potter");
        assertSql("name exact harry", "lower(name) = lower(?)", "harry");
        assertSql("name==Harr*", "lower(name) LIKE lower(?)", "Harr%");
    }

    @Test
    void textEqualsAndAllNeedEveryWord() {
        assertSql("name=harry", "lower(name) LIKE lower(?)", "%harry%");
        assertSql(
                "name=\"harry  potter\"",
                "(lower(name) LIKE lower(?) AND lower(name) LIKE lower(?))",
                "%harry%",
                "%potter%");
        assertSql(
                "name all \"harr* p?tter\"",
                "(lower(name) LIKE lower(?) AND lower(name) LIKE lower(?))",
                "%harr%%",
                "%p_tter%");
        assertSql("name=\"100%\"", "lower(name) LIKE lower(?)", "%100\\%%");
        assertSql("name=\"\"", "name IS NOT NULL");
        assertSql("name=*", "name IS NOT NULL");
    }

    @Test
    void textAnyNeedsOneWord() {
        assertSql(
                "name any \"harry potter\"",
                "(lower(name) LIKE lower(?) OR lower(name) LIKE lower(?))",
                "%harry%",
                "%potter%");
    }

    @Test
    void textAdjMatchesThePhrase() {
        assertSql("name adj \"harry   potter\"", "lower(name) LIKE lower(?)", "%harry potter%");
    }

    @Test
    void textNotEqualAndOrdering() {
        assertSql("name<>Smith", "lower(name) <> lower(?)", "Smith");
        assertSql("name<>Sm*", "lower(name) NOT LIKE lower(?)", "Sm%");
        assertSql("name<M", "lower(name) < lower(?)", "M");
        assertSql("name<=M", "lower(name) <= lower(?)", "M");
        assertSql("name>M", "lower(name) > lower(?)", "M");
        assertSql("name>=M", "lower(name) >= lower(?)", "M");
    }

    @Test
    void respectCaseUsesTheColumnAsIs() {
        assertSql("name==/respectCase Smith", "name = ?", "Smith");
        assertSql("name=/respectCase Smith", "name LIKE ?", "%Smith%");
        assertSql("name=/string/ignoreCase/masked Smith", "lower(name) LIKE lower(?)", "%Smith%");
    }

    @Test
    void textRejectsSpatialRelations() {
        fails("name encloses x", "Unsupported CQL relation 'encloses' for index name of type TEXT");
    }

    // --- INTEGER / NUMBER ---

    @ParameterizedTest
    @CsvSource({"=, =", "==, =", "<>, <>", "<, <", "<=, <=", ">, >", ">=, >="})
    void numberRelations(String relation, String op) {
        assertSql("renewalCount" + relation + "3", "renewal_count " + op + " ?", 3);
        assertSql("amount" + relation + "2.50", "amount " + op + " ?", new BigDecimal("2.50"));
    }

    @Test
    void bigIntegersBindAsLong() {
        assertSql("renewalCount=\"5000000000\"", "renewal_count = ?", 5000000000L);
        assertSql("renewalCount=-1", "renewal_count = ?", -1);
    }

    @Test
    void nonNumericTermsFail() {
        fails("renewalCount=abc", "Invalid value 'abc' for CQL index renewalCount: expected integer");
        fails("renewalCount=1.5", "Invalid value '1.5' for CQL index renewalCount: expected integer");
        fails("amount<x", "Invalid value 'x' for CQL index amount: expected number");
        fails("amount any 1", "Unsupported CQL relation 'any' for index amount of type NUMBER");
    }

    @Test
    void numberMatchAll() {
        assertSql("renewalCount=*", "renewal_count IS NOT NULL");
    }

    // --- BOOLEAN ---

    @Test
    void booleanRelations() {
        assertSql("active=true", "active = ?", true);
        assertSql("active==FALSE", "active = ?", false);
        assertSql("active<>true", "active IS DISTINCT FROM ?", true);
        fails("active=yes", "Invalid value 'yes' for CQL index active: expected boolean (true or false)");
        fails("active<true", "Unsupported CQL relation '<' for index active of type BOOLEAN");
    }

    // --- DATETIME ---

    @Test
    void dateMeansStartOfDayUtc() {
        assertSql(
                "dueDate<2024-01-31",
                "due_date < ?",
                OffsetDateTime.of(2024, 1, 31, 0, 0, 0, 0, ZoneOffset.UTC));
    }

    @Test
    void dateTimeForms() {
        OffsetDateTime utc = OffsetDateTime.of(2024, 1, 31, 10, 15, 0, 0, ZoneOffset.UTC);
        assertSql("dueDate>=\"2024-01-31T10:15:00Z\"", "due_date >= ?", utc);
        assertSql("dueDate>\"2024-01-31T10:15:00\"", "due_date > ?", utc);
        assertSql("dueDate==\"2024-01-31T10:15:00.000+0000\"", "due_date = ?", utc);
        assertSql(
                "dueDate<=\"2024-01-31T12:15:00+02:00\"",
                "due_date <= ?",
                OffsetDateTime.of(2024, 1, 31, 12, 15, 0, 0, ZoneOffset.ofHours(2)));
        assertSql("dueDate<>2024-01-31", "due_date <> ?", utc.withHour(0).withMinute(0));
    }

    @Test
    void invalidDateFails() {
        fails(
                "dueDate<tomorrow",
                "Invalid value 'tomorrow' for CQL index dueDate: expected ISO-8601 date or date-time");
        fails(
                "dueDate<2024-13-01",
                "Invalid value '2024-13-01' for CQL index dueDate: expected ISO-8601 date or date-time");
        fails("dueDate adj 2024-01-01", "Unsupported CQL relation 'adj' for index dueDate of type DATETIME");
    }

    // --- indexes, defaults, sorting ---

    @Test
    void indexNamesAreCaseInsensitive() {
        assertSql("BARCODE=1", "barcode = ?", "1");
        assertSql("Status.Name=Open", "status_name = ?", "Open");
    }

    @Test
    void unknownIndexFails() {
        fails("color=red", "Unsupported CQL index: color");
        fails("cql.barcode=1", "Unsupported CQL index: cql.barcode");
    }

    @Test
    void bareTermSearchesDefaults() {
        assertSql("harry", "(lower(name) LIKE lower(?) OR barcode = ?)", "%harry%", "harry");
        assertSql(
                "cql.serverChoice==h*", "(lower(name) LIKE lower(?) OR barcode LIKE ?)", "h%", "h%");
        assertSql("keywords=x", "(lower(name) LIKE lower(?) OR barcode = ?)", "%x%", "x");
    }

    @Test
    void singleDefaultNeedsNoParentheses() {
        CqlFields one = FIELDS.withDefaults("barcode");
        assertThat(CqlToSql.translate("b1", one).where()).isEqualTo("barcode = ?");
    }

    @Test
    void bareTermWithoutDefaultsFails() {
        CqlFields none = CqlFields.of(new CqlField("barcode", "barcode", FieldType.KEYWORD));
        assertThatThrownBy(() -> CqlToSql.translate("harry", none))
                .isInstanceOf(CqlException.class)
                .hasMessage("CQL term 'harry' has no index and this resource has no default fields");
    }

    @Test
    void sortBy() {
        assertThat(sql("barcode=1 sortBy barcode/sort.descending name renewalCount").orderBy())
                .isEqualTo("barcode DESC NULLS LAST, lower(name) ASC, renewal_count ASC");
        assertThat(sql("barcode=1").orderBy()).isEmpty();
    }

    @Test
    void unknownSortIndexFails() {
        fails("barcode=1 sortBy color", "Unsupported sort index: color");
    }

    @Test
    void withJsonSort_anUndeclaredSortKeySortsByTheJsonProperty_asRmb() {
        CqlFields rmb = FIELDS.withJsonSort("jsonb");
        // cql-java reads "sortby requestDate desc" as two keys; FOLIO's storage sorts by both (desc: no such property)
        assertThat(CqlToSql.translate("barcode=1 sortby barcode desc", rmb).orderBy())
                .isEqualTo("barcode ASC, lower(jsonb #>> '{desc}') ASC");
        assertThat(CqlToSql.translate("barcode=1 sortby completedDate/sort.descending progress.total/number", rmb)
                .orderBy()).isEqualTo("lower(jsonb #>> '{completedDate}') DESC NULLS LAST, CASE WHEN "
                + "jsonb_typeof(jsonb #> '{progress,total}') = 'number' THEN (jsonb #>> '{progress,total}')::numeric "
                + "END ASC");
        // only property paths: anything else is still refused, and filters name declared indexes only
        assertThatThrownBy(() -> CqlToSql.translate("barcode=1 sortby a-b", rmb))
                .isInstanceOf(CqlException.class).hasMessage("Unsupported sort index: a-b");
        assertThatThrownBy(() -> CqlToSql.translate("barcode=1 sortby \"x'}'); DROP TABLE t; --\"", rmb))
                .isInstanceOf(CqlException.class);
        assertThatThrownBy(() -> CqlToSql.translate("color=red", rmb))
                .isInstanceOf(CqlException.class).hasMessage("Unsupported CQL index: color");
    }

    @Test
    void valuesAreNeverConcatenatedIntoSql() {
        SqlWhere r = sql("name=\"x'); DROP TABLE t; --\" or barcode==\"' OR 1=1\"");
        assertThat(r.where()).doesNotContain("DROP", "1=1", "'");
        assertThat(r.params()).hasSize(6).contains("%DROP%", "' OR 1=1");
    }

    // --- real FOLIO queries ---

    @Test
    void folioOpenLoansForUser() {
        assertSql(
                "(userId==" + U1 + " and status.name<>Closed)",
                "(user_id = ? AND status_name <> ?)",
                ID1,
                "Closed");
    }

    @Test
    void folioBarcodeLookup() {
        assertSql("barcode==\"12345\"", "barcode = ?", "12345");
    }

    @Test
    void folioUserLookupByAnyIdentifier() {
        assertSql(
                "(barcode==\"B\" OR externalSystemId==\"B\" OR id==\"B\" OR username==\"B\")",
                "(barcode = ? OR external_system_id = ? OR FALSE OR username = ?)",
                "B",
                "B",
                "B");
    }

    @Test
    void folioItemRequestsWithStatusPrefix() {
        assertSql(
                "(itemId==" + U1 + " and status.name==\"Open*\")",
                "(item_id = ? AND status_name LIKE ?)",
                ID1,
                "Open%");
    }

    @Test
    void folioQueryParameterPrefix() {
        assertSql("query=(userId==" + U1 + ")", "user_id = ?", ID1);
    }

    @Test
    void folioAllRecordsSorted() {
        assertThat(sql("cql.allRecords=1 sortBy name"))
                .isEqualTo(new SqlWhere("TRUE", List.of(), "lower(name) ASC"));
    }

    @Test
    void folioConfigurationEntries() {
        assertSql(
                "(module==CHECKOUT and configName==other_settings)",
                "(module = ? AND config_name = ?)",
                "CHECKOUT",
                "other_settings");
    }

    @Test
    void folioTermGroup() {
        assertSql(
                "status.name==(\"Open\" or \"Closed\")",
                "(status_name = ? OR status_name = ?)",
                "Open",
                "Closed");
    }
}
