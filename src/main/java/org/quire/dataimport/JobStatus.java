package org.quire.dataimport;

import java.util.Arrays;
import java.util.List;

/**
 * A job execution's status and the status the UI shows for it (mod-source-record-manager's services/Status.java):
 * a MARC job runs NEW → FILE_UPLOADED → PARSING_IN_PROGRESS → COMMITTED (or ERROR); a PARENT_MULTIPLE job stays
 * PARENT.
 */
public enum JobStatus {
    PARENT("PARENT"),
    NEW("INITIALIZATION"),
    FILE_UPLOADED("INITIALIZATION"),
    PARSING_IN_PROGRESS("RUNNING"),
    PARSING_FINISHED("RUNNING_COMPLETE"),
    PROCESSING_IN_PROGRESS("PREPARING_FOR_PREVIEW"),
    PROCESSING_FINISHED("READY_FOR_PREVIEW"),
    COMMIT_IN_PROGRESS("RUNNING"),
    COMMITTED("RUNNING_COMPLETE"),
    ERROR("ERROR"),
    DISCARDED("DISCARDED"),
    CANCELLED("CANCELLED");

    /** SRM's uiStatus enum (mod-source-record-manager uiStatus.json). */
    public static final List<String> UI_STATUSES = List.of("PARENT", "INITIALIZATION", "PREPARING_FOR_PREVIEW",
            "READY_FOR_PREVIEW", "RUNNING", "RUNNING_COMPLETE", "ERROR", "DISCARDED", "CANCELLED");

    private final String uiStatus;

    JobStatus(String uiStatus) {
        this.uiStatus = uiStatus;
    }

    public String uiStatus() {
        return uiStatus;
    }

    /** A job in one of these has ended: it gets its completedDate, and is never cancelled. */
    public boolean finished() {
        return this == COMMITTED || this == ERROR || this == DISCARDED || this == CANCELLED;
    }

    /**
     * What mod-data-import's cancel moves to CANCELLED (SplitFileProcessingService.cancelJob): every job not yet
     * finished, besides a parent.
     */
    public boolean cancellable() {
        return !finished() && this != PARENT;
    }

    /**
     * Whether an upload definition whose jobs are in this status may be deleted, or its files replaced
     * (mod-data-import UploadDefinitionServiceImpl.canDeleteUploadDefinition: NEW, FILE_UPLOADED, DISCARDED).
     */
    public boolean beforeProcessing() {
        return this == NEW || this == FILE_UPLOADED || this == DISCARDED || this == PARENT;
    }

    /** The status named {@code name}, or null. */
    public static JobStatus parse(String name) {
        return Arrays.stream(values()).filter(s -> s.name().equals(name)).findFirst().orElse(null);
    }
}
