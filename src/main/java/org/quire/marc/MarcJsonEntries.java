package org.quire.marc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;

/**
 * Iterates a file of MARC-in-JSON records — SRS's {@code parsedRecord.content} shape, {@code {"leader": "…",
 * "fields": [{"001": "…"}, {"245": {"ind1": "1", "ind2": "0", "subfields": [{"a": "…"}]}}]}} — given as one object,
 * an array of objects, or objects one after another (one per line, as FOLIO's stream endpoints write them). Read
 * with Jackson's streaming parser, one record in memory at a time. An entry that is JSON but not a MARC record
 * (no leader, a field that is not one tag …) is an error entry naming what is wrong, and reading goes on; a JSON
 * syntax error ends the text for any parser, so it is one error entry and the end, the records before it kept.
 */
final class MarcJsonEntries extends EntryIterator {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonParser parser;
    private boolean inArray;
    private boolean started;
    private int index;

    MarcJsonEntries(InputStream in) throws IOException {
        this.parser = JSON.getFactory().createParser(in);
    }

    @Override
    protected MarcRecordOrError readNext() {
        JsonNode value;
        try {
            JsonToken t = parser.nextToken();
            if (!started) {
                started = true;
                if (t == JsonToken.START_ARRAY) {
                    inArray = true;
                    t = parser.nextToken();
                }
            }
            if (t == null || (inArray && t == JsonToken.END_ARRAY)) {
                done = true;
                return null;
            }
            value = parser.readValueAsTree();
        } catch (IOException | RuntimeException e) {
            done = true;
            return MarcRecordOrError.failed(++index, "MARC-in-JSON parse error: " + firstLine(e.getMessage()));
        }
        index++;
        try {
            return MarcRecordOrError.ok(index, MarcRecords.fromMarcJson(value));
        } catch (RuntimeException e) {
            return MarcRecordOrError.failed(index, "invalid MARC-in-JSON: " + e.getMessage());
        }
    }

    /** Jackson's messages go on with the source location over several lines; the first says what is wrong. */
    private static String firstLine(String message) {
        if (message == null) return "unreadable JSON";
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
