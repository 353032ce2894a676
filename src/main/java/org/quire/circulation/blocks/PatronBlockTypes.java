package org.quire.circulation.blocks;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

/** FOLIO's patron block conditions (six fixed rows, editable flags and message) and limits (per patron group). */
public final class PatronBlockTypes {
    private PatronBlockTypes() {
    }

    public static final RecordStore CONDITIONS = new RecordStore(RecordType.builder("patron_block_condition",
            "patronBlockConditions")
            .column("name", "name", FieldType.TEXT)
            .column("block_borrowing", "blockBorrowing", FieldType.BOOLEAN)
            .column("block_renewals", "blockRenewals", FieldType.BOOLEAN)
            .column("block_requests", "blockRequests", FieldType.BOOLEAN)
            .required("blockBorrowing", "blockRenewals", "blockRequests")
            .keywords("name")
            .defaultSort("lower(name), id")
            .hooks(new PatronBlockValidation.Conditions())
            .build());

    public static final RecordStore LIMITS = new RecordStore(RecordType.builder("patron_block_limit",
            "patronBlockLimits")
            .column("patron_group_id", "patronGroupId", FieldType.UUID)
            .column("condition_id", "conditionId", FieldType.UUID)
            .column("value", "value", FieldType.NUMBER)
            .required("patronGroupId", "conditionId", "value")
            .hooks(new PatronBlockValidation.Limits())
            .build());
}
