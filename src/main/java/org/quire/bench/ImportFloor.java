package org.quire.bench;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.quire.marc.MarcFiles;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The floor of {@code quire bench import}: what any MARC import must do at least, on the same machine and the same
 * PostgreSQL — read the file with marc4j (Quire's own reader, {@link MarcFiles}: the same permissive parsing), turn
 * each record into its SRS-like row (a new id, the record as ISO 2709 text, its MARC-in-JSON as jsonb, as
 * {@link MarcRecords} makes them for Quire's SRS) and {@code COPY} the rows into a scratch table with a primary key, in
 * one transaction. No mapping, no instance, holdings or item, no job log, no search index, no HTTP.
 */
final class ImportFloor {
    static final String DESCRIPTION = "Floor: the same file read with marc4j (Quire's reader, MarcFiles), each record "
            + "made into an SRS-like row (new UUID, raw ISO 2709 text, parsed MARC-in-JSON as jsonb, by Quire's "
            + "MarcRecords) and COPY'd (text format, one stream) into a scratch table (id uuid primary key, raw text, "
            + "parsed jsonb) of the same PostgreSQL, in one transaction, from the bench's JVM; no mapping, no inventory "
            + "records, no job log, no search index, no HTTP.";
    private static final String SCHEMA = "bench_import_floor";

    /** Rows copied, malformed records skipped, and the time from opening the file to the commit. */
    record Result(long rows, long skipped, double seconds) {
        double recordsPerSecond() {
            return seconds > 0 ? rows / seconds : 0;
        }
    }

    private ImportFloor() {
    }

    static Result run(BenchTarget target, Path file) throws SQLException, IOException {
        try (Connection c = DriverManager.getConnection(target.dbUrl(), target.dbUser(), target.dbPassword())) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
                st.execute("DROP TABLE IF EXISTS " + SCHEMA + ".srs_floor");
                st.execute("CREATE TABLE " + SCHEMA + ".srs_floor (id uuid PRIMARY KEY, raw text NOT NULL, "
                        + "parsed jsonb NOT NULL)");
            }
            try {
                return copy(c, file);
            } finally {
                try (Statement st = c.createStatement()) {
                    st.execute("DROP SCHEMA " + SCHEMA + " CASCADE");
                }
            }
        }
    }

    private static Result copy(Connection c, Path file) throws SQLException, IOException {
        long start = System.nanoTime();
        c.setAutoCommit(false);
        long rows = 0, skipped = 0;
        CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + SCHEMA
                + ".srs_floor (id, raw, parsed) FROM STDIN");
        try (Stream<MarcRecordOrError> entries = MarcFiles.read(file)) {
            StringBuilder buf = new StringBuilder(1 << 20);
            Iterator<MarcRecordOrError> it = entries.iterator();
            while (it.hasNext()) {
                MarcRecordOrError e = it.next();
                if (e.isError()) {
                    skipped++;
                    continue;
                }
                String raw, parsed;
                try {
                    raw = MarcRecords.toIso2709(e.record());
                    parsed = Json.write(MarcRecords.toMarcJson(e.record()));
                } catch (IllegalArgumentException tooLong) { // a field too long for ISO 2709: Quire refuses it too
                    skipped++;
                    continue;
                }
                buf.append(UUID.randomUUID()).append('\t');
                escape(buf, raw);
                buf.append('\t');
                escape(buf, parsed);
                buf.append('\n');
                rows++;
                if (buf.length() > (1 << 20)) {
                    byte[] bytes = buf.toString().getBytes(StandardCharsets.UTF_8);
                    in.writeToCopy(bytes, 0, bytes.length);
                    buf.setLength(0);
                }
            }
            byte[] bytes = buf.toString().getBytes(StandardCharsets.UTF_8);
            in.writeToCopy(bytes, 0, bytes.length);
            in.endCopy();
            c.commit();
        } catch (SQLException | IOException | RuntimeException e) {
            if (in.isActive()) in.cancelCopy();
            c.rollback();
            throw e;
        }
        return new Result(rows, skipped, (System.nanoTime() - start) / 1e9);
    }

    /** COPY's text format: backslash, tab, newline and carriage return escaped. */
    static void escape(StringBuilder buf, String value) {
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> buf.append("\\\\");
                case '\t' -> buf.append("\\t");
                case '\n' -> buf.append("\\n");
                case '\r' -> buf.append("\\r");
                default -> buf.append(ch);
            }
        }
    }
}
