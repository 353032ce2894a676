package org.quire.bench;

import org.quire.platform.tenancy.Tenants;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The floor of {@code quire bench export}: what any export of these records must do at least, on the same machine and
 * PostgreSQL — read the tenant's current SRS MARC bibs over JDBC (one statement, streamed with a fetch size) and
 * write each one's stored ISO 2709 bytes to a file. No job, no MARC-in-JSON to ISO 2709 conversion, no HTTP.
 */
final class ExportFloor {
    static final String DESCRIPTION = "Floor: the tenant's current SRS MARC bibs (record_type 'MARC_BIB', state "
            + "'ACTUAL', linked to an instance: the rows the export reads) read over JDBC from the bench's JVM in one "
            + "statement streamed 1,000 rows at a time, and each row's stored raw_content (the ISO 2709 record as "
            + "imported) written as UTF-8 bytes to a file. The export does more: it reads parsed_content (MARC-in-JSON "
            + "with Quire's 001 and 999 ff $i), converts each record to ISO 2709 with marc4j, keeps a job with progress "
            + "and logs, and the file travels over HTTP through a signed download link.";

    /** Rows written, bytes written, and the time from the query to the file's close. */
    record Result(long rows, long bytes, double seconds) {
    }

    private ExportFloor() {
    }

    static Result run(BenchTarget target, String tenant, Path file) throws SQLException, IOException {
        long start = System.nanoTime();
        long rows = 0, bytes = 0;
        try (Connection c = DriverManager.getConnection(target.dbUrl(), target.dbUser(), target.dbPassword());
             OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            c.setAutoCommit(false); // PostgreSQL streams with a fetch size only inside a transaction
            try (PreparedStatement ps = c.prepareStatement("SELECT raw_content FROM " + Tenants.schema(tenant)
                    + ".srs_record WHERE record_type = 'MARC_BIB' AND state = 'ACTUAL' AND instance_id IS NOT NULL")) {
                ps.setFetchSize(1000);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String raw = rs.getString(1);
                        if (raw == null) continue;
                        byte[] b = raw.getBytes(StandardCharsets.UTF_8);
                        out.write(b);
                        bytes += b.length;
                        rows++;
                    }
                }
            }
            c.commit();
        }
        return new Result(rows, bytes, (System.nanoTime() - start) / 1e9);
    }
}
