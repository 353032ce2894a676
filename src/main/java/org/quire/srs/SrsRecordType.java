package org.quire.srs;

/** SRS's recordType (data-import-raml-storage schemas/mod-source-record-storage/recordType.json). */
public enum SrsRecordType {
    MARC_BIB, MARC_AUTHORITY, MARC_HOLDING, EDIFACT
}
