package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/**
 * One entry of a job's log (SRM's jobLogEntryDto): what became of one incoming record. The pipeline writes these
 * through {@link DataImportStore#insertLogEntries}.
 *
 * @param sourceRecordOrder  the record's position in the file, from 0
 * @param sourceRecordType   MARC_BIB, MARC_AUTHORITY, MARC_HOLDING, EDIFACT
 * @param sourceRecordActionStatus CREATED, UPDATED, DELETED, MULTIPLE, DISCARDED (null: nothing done)
 * @param instanceActionStatus     the same, for the instance (and so on for holdings, item, authority)
 * @param error              why the record failed (null when it did not)
 * @param related            FOLIO's {@code relatedInstanceInfo}, {@code relatedHoldingsInfo},
 *                           {@code relatedItemInfo}, {@code relatedAuthorityInfo}, {@code relatedPoLineInfo},
 *                           {@code relatedInvoiceInfo} … as they appear in the entry (empty object: none)
 */
public record LogEntry(UUID id, UUID jobExecutionId, UUID sourceRecordId, int sourceRecordOrder,
                       String sourceRecordType, String sourceRecordTitle, String sourceRecordActionStatus,
                       String instanceActionStatus, String holdingsActionStatus, String itemActionStatus,
                       String authorityActionStatus, String error, ObjectNode related) {
}
