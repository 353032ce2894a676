package org.quire.marc;

import java.util.Objects;
import org.marc4j.marc.Record;

/**
 * One entry read from a MARC file: either a record or the reason it could not be read.
 *
 * <p>Exactly one of {@code record} and {@code error} is non-null, so an importer can load the
 * good records of a batch and report the bad ones by position. A record that marc4j had to
 * repair (bad indicator, stray byte, ...) is still returned as a record; the repairs are listed
 * in {@link Record#getErrors()}.
 *
 * @param index 1-based position of the entry in the file (what a cataloguer would count)
 * @param record the parsed record, or null
 * @param error a human-readable reason, or null
 */
public record MarcRecordOrError(int index, Record record, String error) {

    public MarcRecordOrError {
        if ((record == null) == (error == null)) {
            throw new IllegalArgumentException("exactly one of record and error must be set");
        }
    }

    static MarcRecordOrError ok(int index, Record record) {
        return new MarcRecordOrError(index, Objects.requireNonNull(record), null);
    }

    static MarcRecordOrError failed(int index, String error) {
        return new MarcRecordOrError(index, null, Objects.requireNonNull(error));
    }

    public boolean isError() {
        return error != null;
    }
}
