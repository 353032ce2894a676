package org.quire.dataimport;

import org.marc4j.marc.Record;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.dataimport.profiles.ProfileType;
import org.quire.srs.SrsRecordType;

import java.util.Map;
import java.util.Set;

/**
 * What kind of MARC record comes in, and whether a job profile can take it.
 *
 * <ul>
 *   <li>{@link #of}: SRM's MarcRecordAnalyzer (data-import-utils) reads Leader/06: u, v, x, y → MARC_HOLDING;
 *       z → MARC_AUTHORITY; a c d e f g i j k m o p r t → MARC_BIB. FOLIO fails a record with any other type code
 *       ("Error during analyze leader line …"); Quire takes it as a bib, as it did before record types were told
 *       apart (a lenient choice for the odd files of the field).</li>
 *   <li>{@link #fits}: SRM's JobProfileSnapshotValidationServiceImpl — every action profile of the job's tree must
 *       act on a record the type allows (MARC_BIB: MARC_BIBLIOGRAPHIC, INSTANCE, HOLDINGS, ITEM, ORDER;
 *       MARC_HOLDING: MARC_HOLDINGS, HOLDINGS; MARC_AUTHORITY: MARC_AUTHORITY, AUTHORITY), and every mapping
 *       profile's incomingRecordType must be the type's (MARC_BIBLIOGRAPHIC, MARC_HOLDINGS, MARC_AUTHORITY).</li>
 * </ul>
 */
enum IncomingRecordType {
    MARC_BIB(SrsRecordType.MARC_BIB, "MARC_BIBLIOGRAPHIC",
            Set.of("MARC_BIBLIOGRAPHIC", "INSTANCE", "HOLDINGS", "ITEM", "ORDER")),
    MARC_HOLDING(SrsRecordType.MARC_HOLDING, "MARC_HOLDINGS", Set.of("MARC_HOLDINGS", "HOLDINGS")),
    MARC_AUTHORITY(SrsRecordType.MARC_AUTHORITY, "MARC_AUTHORITY", Set.of("MARC_AUTHORITY", "AUTHORITY"));

    /** SRM's ChangeEngineServiceImpl text when the job profile cannot take the record's type. */
    static final String WRONG_JOB_PROFILE = "Chosen job profile does not support this record type";

    private static final Map<Character, IncomingRecordType> BY_LEADER_06 = Map.of(
            'u', MARC_HOLDING, 'v', MARC_HOLDING, 'x', MARC_HOLDING, 'y', MARC_HOLDING, 'z', MARC_AUTHORITY);

    final SrsRecordType srsType;
    /** The type as the job log and mapping profiles name it (data-import-raml-storage recordType.json). */
    final String entityType;
    private final Set<String> folioRecords;

    IncomingRecordType(SrsRecordType srsType, String entityType, Set<String> folioRecords) {
        this.srsType = srsType;
        this.entityType = entityType;
        this.folioRecords = folioRecords;
    }

    static IncomingRecordType of(Record r) {
        if (r.getLeader() == null) return MARC_BIB;
        return BY_LEADER_06.getOrDefault(r.getLeader().getTypeOfRecord(), MARC_BIB);
    }

    /** Whether the job's profile tree can take records of this type (an empty profile takes any). */
    boolean fits(ProfileSnapshot node) {
        for (ProfileSnapshot child : node.children()) {
            if (child.contentType() == ProfileType.ACTION_PROFILE
                    && !folioRecords.contains(child.content().path("folioRecord").asText())) return false;
            if (child.contentType() == ProfileType.MAPPING_PROFILE
                    && !entityType.equals(child.content().path("incomingRecordType").asText())) return false;
            if (!fits(child)) return false;
        }
        return true;
    }

    /** Whether the job's top-level actions include CREATE of {@code folioRecord} (HOLDINGS, AUTHORITY …). */
    static boolean creates(ProfileSnapshot job, String folioRecord) {
        for (ProfileSnapshot action : job.children(ProfileType.ACTION_PROFILE)) {
            if ("CREATE".equals(action.content().path("action").asText())
                    && folioRecord.equals(action.content().path("folioRecord").asText())) return true;
        }
        return false;
    }
}
