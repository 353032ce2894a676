package org.quire.srs;

import java.util.Locale;
import java.util.Optional;

/**
 * How the {id} of /source-storage/records/{id}[/formatted] and the ids of POST /source-storage/source-records are read
 * (mod-source-record-storage dao/util/IdType.java): RECORD is the matchedId (the default), SRS_RECORD the record
 * generation's own id, INSTANCE, HOLDINGS and AUTHORITY the externalIdsHolder's ids, EXTERNAL any of the three.
 */
public enum IdType {
    RECORD, SRS_RECORD, INSTANCE, HOLDINGS, AUTHORITY, EXTERNAL;

    /** The idType parameter (case-insensitive, absent = RECORD), or empty when it names no id type. */
    public static Optional<IdType> parse(Optional<String> value) {
        if (value.isEmpty() || value.get().isBlank()) return Optional.of(RECORD);
        try {
            return Optional.of(valueOf(value.get().trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
