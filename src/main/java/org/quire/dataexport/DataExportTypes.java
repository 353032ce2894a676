package org.quire.dataexport;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

/**
 * mod-data-export's stored records (src/main/resources/swagger.api/schemas): file definitions, job executions,
 * error logs, job profiles and mapping profiles, each FOLIO's JSON with the fields its CQL queries use typed.
 */
final class DataExportTypes {
    private DataExportTypes() {
    }

    /** fileDefinition.json: {id, fileName*, jobExecutionId, sourcePath, status, size, uploadFormat, metadata}. */
    static final RecordStore FILE_DEFINITIONS = new RecordStore(RecordType.builder("data_export_file_definition",
                    "fileDefinitions")
            .column("job_execution_id", "jobExecutionId", FieldType.UUID)
            .required("fileName")
            .build());

    /**
     * jobExecution.json; the PTF polls {@code id=<job>} and picks the newest finished job with
     * {@code status=(COMPLETED OR COMPLETED_WITH_ERRORS OR FAIL)}; the UI sorts by completedDate.
     */
    static final RecordStore JOBS = new RecordStore(RecordType.builder("data_export_job", "jobExecutions")
            .column("hrid", "hrId", FieldType.INTEGER)
            .column("status", "status", FieldType.KEYWORD)
            .column("job_profile_id", "jobProfileId", FieldType.UUID)
            .column("started_date", "startedDate", FieldType.DATETIME)
            .column("completed_date", "completedDate", FieldType.DATETIME)
            .column("run_by_user_id", "runBy.userId", FieldType.UUID) // the app's "User" filter (V52)
            .defaultSort("completed_date DESC NULLS FIRST, hrid DESC")
            .build());

    /** logs/errorLog.json; the UI and FOLIO's API tests query {@code jobExecutionId==<job>}. */
    static final RecordStore ERROR_LOGS = new RecordStore(RecordType.builder("data_export_error_log", "errorLogs")
            .column("job_execution_id", "jobExecutionId", FieldType.UUID)
            .column("error_message_code", "errorMessageCode", FieldType.KEYWORD)
            .alias("createdDate", "created_date", FieldType.DATETIME)
            .defaultSort("created_date, seq") // as written (V51)
            .build());

    static final RecordStore JOB_PROFILES = new RecordStore(RecordType.builder("data_export_job_profile",
                    "jobProfiles")
            .column("name", "name", FieldType.TEXT)
            .column("mapping_profile_id", "mappingProfileId", FieldType.UUID)
            .column("is_default", "default", FieldType.BOOLEAN)
            .required("name", "mappingProfileId")
            .hooks(DefaultProfiles.readOnly("job profile", RecordHooks.NONE))
            .defaultSort("name, id")
            .build());

    static final RecordStore MAPPING_PROFILES = new RecordStore(RecordType.builder("data_export_mapping_profile",
                    "mappingProfiles")
            .column("name", "name", FieldType.TEXT)
            .column("is_default", "default", FieldType.BOOLEAN)
            .required("name", "recordTypes")
            .hooks(DefaultProfiles.readOnly("mapping profile", MappingProfile.CHECKED))
            .defaultSort("name, id")
            .build());
}
