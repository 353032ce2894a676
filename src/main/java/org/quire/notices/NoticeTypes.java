package org.quire.notices;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

/** mod-template-engine's templates and mod-circulation-storage's scheduled notices, as typed columns plus FOLIO JSON. */
public final class NoticeTypes {
    private NoticeTypes() {
    }

    public static final RecordStore TEMPLATES = new RecordStore(RecordType.builder("template", "templates")
            .column("name", "name", FieldType.TEXT)
            .column("active", "active", FieldType.BOOLEAN)
            .column("category", "category", FieldType.KEYWORD)
            .required("templateResolver", "localizedTemplates", "outputFormats")
            .keywords("name")
            .defaultSort("lower(name), id")
            .build());

    public static final RecordStore SCHEDULED_NOTICES = new RecordStore(RecordType.builder("scheduled_notice",
            "scheduledNotices")
            .column("loan_id", "loanId", FieldType.UUID)
            .column("request_id", "requestId", FieldType.UUID)
            .column("fee_fine_action_id", "feeFineActionId", FieldType.UUID)
            .column("recipient_user_id", "recipientUserId", FieldType.UUID)
            .column("next_run_time", "nextRunTime", FieldType.DATETIME)
            .column("triggering_event", "triggeringEvent", FieldType.KEYWORD)
            .required("nextRunTime", "noticeConfig")
            .defaultSort("next_run_time, id")
            .build());
}
