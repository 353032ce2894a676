package org.quire.circulation;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.platform.records.Reference;

/** Loans, check-ins and the circulation policies, each stored as typed columns plus FOLIO JSON. */
public final class CirculationTypes {
    private CirculationTypes() {
    }

    public static final RecordStore LOANS = new RecordStore(RecordType.builder("loan", "loans")
            .column("user_id", "userId", FieldType.UUID)
            .column("proxy_user_id", "proxyUserId", FieldType.UUID)
            .column("item_id", "itemId", FieldType.UUID)
            .column("status_name", "status.name", FieldType.KEYWORD)
            .column("action", "action", FieldType.KEYWORD)
            .column("loan_date", "loanDate", FieldType.DATETIME)
            .column("due_date", "dueDate", FieldType.DATETIME)
            .column("return_date", "returnDate", FieldType.DATETIME)
            .column("loan_policy_id", "loanPolicyId", FieldType.UUID)
            .column("item_effective_location_id_at_check_out", "itemEffectiveLocationIdAtCheckOut", FieldType.UUID)
            .column("checkout_service_point_id", "checkoutServicePointId", FieldType.UUID)
            .column("checkin_service_point_id", "checkinServicePointId", FieldType.UUID)
            .column("renewal_count", "renewalCount", FieldType.INTEGER)
            .column("lost_item_policy_id", "lostItemPolicyId", FieldType.UUID)
            .column("aged_to_lost_bill_date", "agedToLostDelayedBilling.dateLostItemShouldBeBilled", FieldType.DATETIME)
            .column("lost_item_has_been_billed", "agedToLostDelayedBilling.lostItemHasBeenBilled", FieldType.BOOLEAN)
            .required("itemId", "loanDate", "action")
            .defaultSort("loan_date DESC, id")
            .events("circulation.loan")
            .build());

    public static final RecordStore CHECK_INS = new RecordStore(RecordType.builder("check_in", "checkIns")
            .column("item_id", "itemId", FieldType.UUID)
            .column("occurred_date_time", "occurredDateTime", FieldType.DATETIME)
            .column("service_point_id", "servicePointId", FieldType.UUID)
            .required("itemId", "occurredDateTime", "servicePointId")
            .build());

    public static final RecordStore LOAN_POLICIES = new RecordStore(Reference.named("loan_policy", "loanPolicies")
            .column("loanable", "loanable", FieldType.BOOLEAN).column("renewable", "renewable", FieldType.BOOLEAN)
            .build());
    public static final RecordStore REQUEST_POLICIES = new RecordStore(Reference.named("request_policy",
            "requestPolicies").build());
    public static final RecordStore NOTICE_POLICIES = new RecordStore(Reference.named("notice_policy",
            "patronNoticePolicies").column("active", "active", FieldType.BOOLEAN).build());
    public static final RecordStore OVERDUE_FINE_POLICIES = new RecordStore(Reference.named("overdue_fine_policy",
            "overdueFinePolicies").build());
    public static final RecordStore LOST_ITEM_POLICIES = new RecordStore(Reference.named("lost_item_policy",
            "lostItemFeePolicies").build());
    public static final RecordStore FIXED_DUE_DATE_SCHEDULES = new RecordStore(Reference.named(
            "fixed_due_date_schedule", "fixedDueDateSchedules").build());
    public static final RecordStore CANCELLATION_REASONS = new RecordStore(Reference.named("cancellation_reason",
            "cancellationReasons").build());

    /** mod-circulation-storage's circulation settings {id, name, value} (TLR, request anonymization, ...). */
    public static final RecordStore CIRCULATION_SETTINGS = new RecordStore(
            RecordType.builder("circulation_setting", "circulationSettings")
                    .column("name", "name", FieldType.KEYWORD)
                    .required("name", "value")
                    .build());
}
