package org.quire.dataexport;

import java.util.Locale;
import java.util.Optional;

/**
 * What an export's ids name (exportRequest.idType instance|holding|authority, quickExportRequest.recordType
 * INSTANCE|HOLDINGS|AUTHORITY): the SRS column they are looked up by, the SRS record type, and the default job
 * profile of the kind (mod-data-export data/job-profiles/default_*.json). Holdings and authorities can only be exported
 * with their default profile (mod-data-export's DataExportRequestValidator).
 */
enum RecordKind {
    INSTANCE("instance_id", "MARC_BIB", "6f7f3cd7-9f24-42eb-ae91-91af1cd54d0a", null),
    HOLDINGS("holdings_id", "MARC_HOLDING", "5e9835fc-0e51-44c8-8a47-f7b8fce35da7",
            "For exporting holding records only the default holding job profile is supported"),
    AUTHORITY("authority_id", "MARC_AUTHORITY", "56944b1c-f3f9-475b-bed0-7387c33620ce",
            "For exporting authority records only the default authority job profile is supported");

    private final String idColumn;
    private final String srsType;
    private final String defaultJobProfile;
    private final String onlyDefaultProfile;

    RecordKind(String idColumn, String srsType, String defaultJobProfile, String onlyDefaultProfile) {
        this.idColumn = idColumn;
        this.srsType = srsType;
        this.defaultJobProfile = defaultJobProfile;
        this.onlyDefaultProfile = onlyDefaultProfile;
    }

    String idColumn() {
        return idColumn;
    }

    String srsType() {
        return srsType;
    }

    String defaultJobProfile() {
        return defaultJobProfile;
    }

    /** The message of a job refused for a profile other than the kind's default one; null when any profile goes. */
    String onlyDefaultProfile() {
        return onlyDefaultProfile;
    }

    /** exportRequest.idType: instance, holding, authority. */
    static Optional<RecordKind> ofIdType(String s) {
        if (s == null) return Optional.empty();
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "instance" -> Optional.of(INSTANCE);
            case "holding", "holdings" -> Optional.of(HOLDINGS);
            case "authority" -> Optional.of(AUTHORITY);
            default -> Optional.empty();
        };
    }

    /** quickExportRequest.recordType: INSTANCE, HOLDINGS, AUTHORITY (ITEM is in FOLIO's enum but exports nothing). */
    static Optional<RecordKind> ofRecordType(String s) {
        if (s == null) return Optional.empty();
        return switch (s) {
            case "INSTANCE" -> Optional.of(INSTANCE);
            case "HOLDINGS" -> Optional.of(HOLDINGS);
            case "AUTHORITY" -> Optional.of(AUTHORITY);
            default -> Optional.empty();
        };
    }
}
