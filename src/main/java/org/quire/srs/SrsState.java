package org.quire.srs;

/**
 * A record generation's state in SRS: ACTUAL is the current generation of a matchedId, OLD a superseded one, DELETED
 * the current generation of a deleted record, DRAFT one not yet committed (mod-source-record-storage record.json).
 */
public enum SrsState {
    ACTUAL, OLD, DRAFT, DELETED
}
