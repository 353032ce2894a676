package org.quire.platform.cql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Statement;
import java.util.List;
import org.quire.TestServer;
import org.quire.platform.db.Sql;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs translated queries on a real PostgreSQL to prove the SQL, escaping and binding work. */
class CqlToSqlPostgresTest {

    private static final String U1 = "a7fb6b63-6ff2-4cb0-a4a3-08fa3cb1b6bf";

    private static final CqlFields FIELDS =
            CqlFields.of(
                            new CqlField("id", "id", FieldType.UUID),
                            new CqlField("barcode", "barcode", FieldType.KEYWORD),
                            new CqlField("status.name", "status_name", FieldType.KEYWORD),
                            new CqlField("title", "title", FieldType.TEXT),
                            new CqlField("copies", "copies", FieldType.INTEGER),
                            new CqlField("price", "price", FieldType.NUMBER),
                            new CqlField("active", "active", FieldType.BOOLEAN),
                            new CqlField("dueDate", "due_date", FieldType.DATETIME))
                    .withDefaults("title", "barcode");

    private static final String SCHEMA = "cql_sql_test";

    /** The table lives in a schema of its own in the one test database (DESIGN.md: one PostgreSQL per test JVM). */
    @BeforeAll
    static void createTable() {
        TestServer.get().database().tx(c -> {
            Sql.update(c, "DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE", List.of());
            Sql.update(c, "CREATE SCHEMA " + SCHEMA, List.of());
            Sql.update(c, "SET LOCAL search_path TO " + SCHEMA, List.of());
            try (Statement s = c.createStatement()) {
                s.execute(
                    """
                      CREATE TABLE item (id uuid PRIMARY KEY, barcode text, status_name text, title text,
                        copies int, price numeric, active boolean, due_date timestamptz);
                      INSERT INTO item VALUES
                        ('%s', 'B1', 'Open', 'Harry Potter and the Stone', 3, 9.99, true, '2024-01-31T10:00Z'),
                        ('00000000-0000-4000-8000-000000000002', '50%%_off', 'Closed', 'The Hobbit', 1,
                          20.00, false, '2024-02-01T00:00Z'),
                        ('00000000-0000-4000-8000-000000000003', 'a*b\\c', NULL, 'Potter''s Field', 7,
                          NULL, NULL, NULL);
                      """
                                .formatted(U1));
            }
            return null;
        });
    }

    private static List<String> barcodes(String cql) {
        SqlWhere w = CqlToSql.translate(cql, FIELDS);
        String order = w.orderBy().isEmpty() ? "barcode" : w.orderBy();
        String sql = "SELECT barcode FROM " + SCHEMA + ".item WHERE " + w.where() + " ORDER BY " + order;
        return TestServer.get().database().read(c -> Sql.list(c, sql, w.params(), rs -> rs.getString(1)));
    }

    @Test
    void uuid() throws Exception {
        assertThat(barcodes("id==" + U1)).containsExactly("B1");
        assertThat(barcodes("id<>" + U1)).containsExactly("50%_off", "a*b\\c");
        assertThat(barcodes("id==nope")).isEmpty();
    }

    @Test
    void keywordWithLikeSpecialCharacters() throws Exception {
        assertThat(barcodes("barcode==\"50%_*\"")).containsExactly("50%_off");
        assertThat(barcodes("barcode==\"5_*\"")).isEmpty(); // _ is literal, not "any char"
        assertThat(barcodes("barcode==\"a\\*b\\\\c\"")).containsExactly("a*b\\c");
        assertThat(barcodes("barcode==\"a\\*b\\\\*\"")).containsExactly("a*b\\c");
        assertThat(barcodes("barcode any \"B1 50%_off\"")).containsExactly("50%_off", "B1");
    }

    @Test
    void notEqualSkipsNullsAndMatchesOtherValues() throws Exception {
        assertThat(barcodes("status.name<>Closed")).containsExactly("B1");
        assertThat(barcodes("status.name==(\"Open\" or \"Closed\")")).containsExactly("50%_off", "B1");
    }

    @Test
    void text() throws Exception {
        assertThat(barcodes("title=\"potter HARRY\"")).containsExactly("B1");
        assertThat(barcodes("title any \"hobbit stone\"")).containsExactly("50%_off", "B1");
        assertThat(barcodes("title adj \"potter and\"")).containsExactly("B1");
        assertThat(barcodes("title==\"the hobbit\"")).containsExactly("50%_off");
        assertThat(barcodes("title==/respectCase \"the hobbit\"")).isEmpty();
        assertThat(barcodes("potter")).containsExactly("B1", "a*b\\c");
    }

    @Test
    void numbersBooleansAndDates() throws Exception {
        assertThat(barcodes("copies>=3")).containsExactly("B1", "a*b\\c");
        assertThat(barcodes("price<10")).containsExactly("B1");
        assertThat(barcodes("active<>true")).containsExactly("50%_off", "a*b\\c");
        assertThat(barcodes("dueDate>=2024-02-01")).containsExactly("50%_off");
        assertThat(barcodes("dueDate<=\"2024-01-31T12:00:00+02:00\"")).containsExactly("B1");
    }

    @Test
    void sortAndAllRecords() throws Exception {
        assertThat(barcodes("cql.allRecords=1 sortBy copies/sort.descending"))
                .containsExactly("a*b\\c", "B1", "50%_off");
        assertThat(barcodes("cql.allRecords=1 sortBy title")).containsExactly("B1", "a*b\\c", "50%_off");
    }
}
