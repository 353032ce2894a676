package org.quire.dataimport;

import java.util.UUID;

/**
 * A job execution to create (SRM's JobExecutionServiceImpl.buildNewJobExecution): its id, its parent (itself for a
 * PARENT_SINGLE or PARENT_MULTIPLE job), the subordination type, the status it starts in, the file it imports, and
 * who runs it. hrId, progress and dates are the store's.
 */
public record JobExecution(UUID id, UUID parentJobId, String subordinationType, JobStatus status,
                           UUID uploadDefinitionId, String sourcePath, String fileName, UUID userId) {
}
