package org.quire.srs;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * An SRS snapshot: the records of one import job (its id is the jobExecutionId). Statuses are SRM's job execution
 * statuses (data-import-raml-storage schemas/mod-source-record-manager/status.json, plus the later CANCELLED and
 * DISCARDED).
 */
public record Snapshot(UUID jobExecutionId, String status, Instant processingStartedDate, UUID createdBy,
                       Instant createdDate, UUID updatedBy, Instant updatedDate) {
    public static final Set<String> STATUSES = Set.of("NEW", "DRAFT", "IMPORT_IN_PROGRESS", "IMPORT_FINISHED",
            "PARSING_IN_PROGRESS", "PARSING_FINISHED", "PROCESSING_IN_PROGRESS", "PROCESSING_FINISHED",
            "COMMIT_IN_PROGRESS", "COMMITTED", "ERROR", "CANCELLED", "DISCARDED");
}
