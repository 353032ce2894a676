package org.quire.dataimport;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The filters and sort of {@code GET /metadata-provider/jobExecutions} (SRM's metadata-provider.raml and
 * dao/JobExecutionFilter): lists are "any of", {@code hrIdPattern} and {@code fileNamePattern} take {@code *}
 * wildcards and, given both, match either (the UI's one search box); empty lists and nulls filter nothing.
 */
public record JobQuery(List<JobStatus> statusAny, JobStatus statusNot, List<String> uiStatusAny,
                       List<UUID> profileIdAny, List<UUID> profileIdNotAny, List<String> subordinationTypeNotAny,
                       String hrIdPattern, String fileNamePattern, List<String> fileNameNotAny, UUID userId,
                       Instant completedAfter, Instant completedBefore, String excludeJobProfileName,
                       List<Sort> sorts) {

    /** One {@code sortBy=field,dir}: the field as SRM names it (completed_date …), descending or not. */
    public record Sort(String field, boolean descending) {
    }

    /** SRM's sortable fields (JobExecutionDaoImpl's sort columns; Karate also sorts by started_date). */
    public static final List<String> SORT_FIELDS = List.of("completed_date", "progress_total", "file_name", "status",
            "job_profile_name", "hrid", "job_user_first_name", "job_user_last_name", "started_date");

    /** The subordination types of SRM's JobExecution. */
    public static final List<String> SUBORDINATION_TYPES = List.of("CHILD", "PARENT_SINGLE", "PARENT_MULTIPLE",
            "COMPOSITE_PARENT", "COMPOSITE_CHILD");
}
