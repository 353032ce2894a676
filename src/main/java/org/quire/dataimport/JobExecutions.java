package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.NotFound;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** The job-execution writes the staff UI asks for: cancelling a job and deleting job logs. */
public final class JobExecutions {
    private final Database db;

    public JobExecutions(Database db) {
        this.db = db;
    }

    static NotFound notFound(Object id) {
        return new NotFound("JobExecution with id '" + id + "' was not found");
    }

    /**
     * DELETE /data-import/jobExecutions/{id}/cancel: the job and its children that have not finished become
     * CANCELLED (mod-data-import's SplitFileProcessingService.cancelJob, which FOLIO allows on a COMPOSITE_PARENT
     * only; Quire cancels any job, as the non-split UI also needs). Answers how many jobs were cancelled.
     */
    public int cancel(String schema, UUID id) {
        return db.tx(c -> {
            ObjectNode job = DataImportStore.job(c, schema, id).orElseThrow(() -> notFound(id));
            List<UUID> cancel = new ArrayList<>();
            if (JobStatus.parse(job.get("status").asText()).cancellable()) cancel.add(id);
            for (ObjectNode child : DataImportStore.children(c, schema, id, Integer.MAX_VALUE, 0).records()) {
                if (JobStatus.parse(child.get("status").asText()).cancellable())
                    cancel.add(UUID.fromString(child.get("id").asText()));
            }
            return cancel.isEmpty() ? 0 : DataImportStore.updateStatus(c, schema, cancel, JobStatus.CANCELLED, null);
        });
    }

    /**
     * DELETE /change-manager/jobExecutions {ids}: the jobs and their logs are gone (SRM marks them deleted);
     * answers SRM's deleteJobExecutionsResp, {@code isDeleted} false for an id that named no job.
     */
    public ObjectNode delete(String schema, List<UUID> ids) {
        Set<UUID> deleted = new HashSet<>(db.tx(c -> DataImportStore.deleteJobs(c, schema, ids)));
        ObjectNode out = Json.object();
        ArrayNode details = out.putArray("jobExecutionDetails");
        for (UUID id : ids) {
            details.addObject().put("jobExecutionId", id.toString()).put("isDeleted", deleted.contains(id));
        }
        return out;
    }
}
