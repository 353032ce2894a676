package org.quire.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.marc.MarcRecords;
import org.quire.platform.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The update phase's input: the records a create job stored, exported as a library exports them to edit and load
 * back — each SRS MARC Bib as ISO 2709 with Quire's 001 (the instance HRID) and {@code 999 ff $i} (the instance id)
 * written back, as FOLIO's data export writes them. Read from SRS's stream endpoint
 * ({@code GET /source-storage/stream/source-records?snapshotId=<job>}, one sourceRecord per line), streamed to disk:
 * never the whole export in memory.
 */
final class ExportedRecords {
    private ExportedRecords() {
    }

    /** Writes the job's records to {@code mrc}; how many. */
    static long export(BenchHttp.Session s, String jobId, Path mrc) throws IOException, InterruptedException {
        Path lines = mrc.resolveSibling(mrc.getFileName() + ".jsonl");
        try {
            int status = s.download("/source-storage/stream/source-records?recordType=MARC_BIB&snapshotId=" + jobId,
                    lines);
            if (status != 200) throw new IllegalStateException("GET /source-storage/stream/source-records → HTTP "
                    + status + ": " + Files.readString(lines).replaceAll("\\s+", " "));
            long n = 0;
            try (BufferedReader in = Files.newBufferedReader(lines, StandardCharsets.UTF_8);
                 OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(mrc), 1 << 16)) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.isBlank()) continue;
                    JsonNode content = Json.MAPPER.readTree(line).path("parsedRecord").path("content");
                    out.write(MarcRecords.toIso2709(MarcRecords.fromMarcJson(content)).getBytes(StandardCharsets.UTF_8));
                    n++;
                }
            }
            return n;
        } finally {
            Files.deleteIfExists(lines);
        }
    }
}
