package org.quire.dataimport;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

/**
 * mod-data-import's stored records: upload definitions (with their file definitions inside) and file extensions; and
 * mod-data-import-converter-storage's MARC field protection settings.
 */
final class DataImportTypes {
    private DataImportTypes() {
    }

    /**
     * FOLIO's uploadDefinition (data-import-raml-storage schemas/mod-data-import/uploadDefinition.json). The UI asks
     * for {@code (status==("NEW" OR "IN_PROGRESS" OR "LOADED")) sortBy createdDate/sort.descending}: createdDate is
     * served by the creation date (the definition's own property is {@code createDate}).
     */
    static final RecordStore UPLOAD_DEFINITIONS = new RecordStore(RecordType.builder("upload_definition",
                    "uploadDefinitions")
            .column("status", "status", FieldType.KEYWORD)
            .column("meta_job_execution_id", "metaJobExecutionId", FieldType.UUID)
            .alias("createdDate", "created_date", FieldType.DATETIME)
            .alias("createDate", "created_date", FieldType.DATETIME)
            .column("created_by_user_id", "metadata.createdByUserId", FieldType.UUID)
            .defaultSort("created_date DESC, id")
            .build());

    /** FOLIO's fileExtension (schemas/mod-data-import/fileExtension.json): extension unique, case-insensitively. */
    static final RecordStore FILE_EXTENSIONS = new RecordStore(RecordType.builder("file_extension", "fileExtensions")
            .column("extension", "extension", FieldType.TEXT)
            .column("import_blocked", "importBlocked", FieldType.BOOLEAN)
            .required("extension", "importBlocked")
            .defaultSort("extension, id")
            .build());

    /**
     * FOLIO's marcFieldProtectionSetting (schemas/mod-data-import-converter-storage/marc-field-protection/): field
     * required; the UI lists them {@code cql.allRecords=1 sortby field}.
     */
    static final RecordStore FIELD_PROTECTION_SETTINGS = new RecordStore(RecordType.builder(
                    "marc_field_protection_setting", "marcFieldProtectionSettings")
            .column("field", "field", FieldType.TEXT)
            .column("source", "source", FieldType.KEYWORD)
            .required("field")
            .defaultSort("field, id")
            .build());
}
