package org.quire.feesfines;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

import java.util.UUID;

/** mod-feesfines' storage records, each stored as typed columns plus FOLIO JSON (V12__fees_fines.sql). */
public final class FeesFinesTypes {
    private FeesFinesTypes() {
    }

    /** FOLIO's fixed id of the automatic fee/fine type "Overdue fine", seeded in every tenant. */
    public static final UUID OVERDUE_FINE_TYPE = UUID.fromString("9523cb96-e752-40c2-89da-60f3961a488d");
    /** FOLIO's fixed ids of the automatic types "Lost item fee" and "Lost item processing fee" (also seeded by V12). */
    public static final UUID LOST_ITEM_FEE_TYPE = UUID.fromString("cf238f9f-7018-47b7-b815-bb2db798e19f");
    public static final UUID LOST_ITEM_PROCESSING_FEE_TYPE = UUID.fromString("c7dede15-aa48-45ed-860b-f996540180e0");

    public static final RecordStore OWNERS = new RecordStore(RecordType.builder("owner", "owners")
            .column("owner", "owner", FieldType.TEXT)
            .required("owner").keywords("owner").defaultSort("lower(owner)").build());

    public static final RecordStore FEEFINES = new RecordStore(RecordType.builder("feefine", "feefines")
            .column("fee_fine_type", "feeFineType", FieldType.TEXT)
            .column("owner_id", "ownerId", FieldType.UUID)
            .column("automatic", "automatic", FieldType.BOOLEAN)
            .required("feeFineType").keywords("feeFineType").defaultSort("lower(fee_fine_type)").build());

    public static final RecordStore ACCOUNTS = new RecordStore(RecordType.builder("account", "accounts")
            .column("user_id", "userId", FieldType.UUID)
            .column("item_id", "itemId", FieldType.UUID)
            .column("loan_id", "loanId", FieldType.UUID)
            .column("status_name", "status.name", FieldType.KEYWORD)
            .column("payment_status_name", "paymentStatus.name", FieldType.KEYWORD)
            .column("fee_fine_id", "feeFineId", FieldType.UUID)
            .column("owner_id", "ownerId", FieldType.UUID)
            .column("fee_fine_type", "feeFineType", FieldType.TEXT)
            .required("userId", "amount", "remaining", "feeFineId", "ownerId")
            .defaultSort("created_date, id").build());

    public static final RecordStore ACTIONS = new RecordStore(RecordType.builder("feefineaction", "feefineactions")
            .column("account_id", "accountId", FieldType.UUID)
            .column("user_id", "userId", FieldType.UUID)
            .column("type_action", "typeAction", FieldType.KEYWORD)
            .column("date_action", "dateAction", FieldType.DATETIME)
            .required("accountId", "userId")
            .defaultSort("date_action, created_date, id").build());

    public static final RecordStore PAYMENT_METHODS = new RecordStore(RecordType.builder("payment_method", "payments")
            .column("name_method", "nameMethod", FieldType.TEXT)
            .column("owner_id", "ownerId", FieldType.UUID)
            .required("nameMethod").keywords("nameMethod").defaultSort("lower(name_method)").build());

    public static final RecordStore WAIVE_REASONS = new RecordStore(RecordType.builder("waive_reason", "waivers")
            .column("name_reason", "nameReason", FieldType.TEXT)
            .column("account_id", "accountId", FieldType.UUID)
            .required("nameReason").keywords("nameReason").defaultSort("lower(name_reason)").build());

    public static final RecordStore REFUND_REASONS = new RecordStore(RecordType.builder("refund_reason", "refunds")
            .column("name_reason", "nameReason", FieldType.TEXT)
            .column("account_id", "accountId", FieldType.UUID)
            .required("nameReason").keywords("nameReason").defaultSort("lower(name_reason)").build());

    public static final RecordStore TRANSFER_ACCOUNTS = new RecordStore(RecordType.builder("transfer_account",
            "transfers")
            .column("account_name", "accountName", FieldType.TEXT)
            .column("owner_id", "ownerId", FieldType.UUID)
            .required("accountName").keywords("accountName").defaultSort("lower(account_name)").build());

    public static final RecordStore COMMENT_REQUIREMENTS = new RecordStore(RecordType.builder("comment_requirement",
            "comments").build());
}
