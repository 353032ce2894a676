package org.quire.srs;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The filters of SRS's record listings, all optional (null = no filter). /source-storage/records and
 * /stream/records filter by snapshotId, state and recordType; /source-storage/source-records and its stream by the
 * rest (mod-source-record-storage source-record-storage-source-records.raml), and only over the current generation:
 * ACTUAL records, plus DELETED ones when {@code deleted} is true (RecordDaoUtil.filterRecordByDeleted).
 *
 * @param ids     with {@code idType}: POST /source-storage/source-records' id list
 * @param sourceRecords whether this is a source-records listing (current generations with a leader only)
 */
public record SrsFilter(SrsRecordType recordType, UUID recordId, UUID snapshotId, SrsState state, UUID externalId,
                        String externalHrid, UUID instanceId, String instanceHrid, UUID holdingsId,
                        String holdingsHrid, Boolean deleted, Boolean suppressFromDiscovery, String leaderRecordStatus,
                        Instant updatedAfter, Instant updatedBefore, IdType idType, List<UUID> ids,
                        boolean sourceRecords, List<Sort> orderBy) {

    /** One {@code orderBy=field,ASC|DESC} of SRS's listings (RecordDaoUtil.toRecordOrderFields). */
    public record Sort(String field, boolean descending) {
    }

    /** /source-storage/records: snapshot, state and type only. */
    public static SrsFilter records(SrsRecordType type, UUID snapshotId, SrsState state, List<Sort> orderBy) {
        return new SrsFilter(type, null, snapshotId, state, null, null, null, null, null, null, null, null, null,
                null, null, null, null, false, orderBy);
    }
}
