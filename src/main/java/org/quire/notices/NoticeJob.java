package org.quire.notices;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.jobs.TenantJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The {@code patron-notices} job: claims the tenant's due scheduled notices ({@code FOR UPDATE SKIP LOCKED}, under
 * the scheduler's per-tenant advisory lock), renders each with its template, hands it to the {@link NoticeSender},
 * and in the same transaction deletes it (one-time) or moves it to its next run (recurring). So each notice is sent
 * once however many Quire processes share the database — at least once, strictly: if the process dies after the
 * hand-over and before the commit, the notice is claimed and sent again.
 * <p>
 * Notices no longer relevant (a due-date notice of a closed loan, an expiration notice of a filled request) are
 * deleted unsent; so is one whose template or recipient no longer exists. A notice the sender fails to deliver is
 * retried {@link #RETRY} later. Non-real-time loan notices of one recipient, template and event claimed together go
 * out as one notice listing the loans ({@code {{#loans}}}), as FOLIO groups them.
 * <p>
 * Per batch: claim (1), the notices' records (3, see {@link NoticeRecords}), delete and advance (1).
 */
public final class NoticeJob implements TenantJob {
    public static final String NAME = "patron-notices";
    static final Duration RETRY = Duration.ofMinutes(5);
    private static final Logger log = LoggerFactory.getLogger(NoticeJob.class);

    private final NoticeSender sender;
    private final CirculationRecords circulation;

    public NoticeJob(NoticeSender sender, CirculationRecords circulation) {
        this.sender = sender;
        this.circulation = circulation;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration every() {
        return Duration.ofMinutes(1);
    }

    @Override
    public int run(Connection c, String schema, Instant now, int limit) throws SQLException {
        List<ObjectNode> due = NoticesStore.claim(c, schema, now, limit);
        if (due.isEmpty()) return 0;
        NoticeRecords records = NoticeRecords.load(c, schema, due, circulation);
        List<UUID> delete = new ArrayList<>();
        Map<UUID, Instant> moveTo = new LinkedHashMap<>();
        Map<String, List<ObjectNode>> together = new LinkedHashMap<>();
        for (ObjectNode n : due) {
            if (records.relevant(n, now)) together.computeIfAbsent(groupKey(n), k -> new ArrayList<>()).add(n);
            else delete.add(id(n));
        }
        String tenant = schema.substring("tenant_".length());
        for (List<ObjectNode> notices : together.values()) {
            ObjectNode first = notices.getFirst(), template = records.template(first), user = records.user(first);
            if (template == null || user == null) {
                log.warn("Notice {} dropped: its {} no longer exists", id(first), template == null
                        ? "template " + Json.text(first, "noticeConfig.templateId") : "recipient " + Json.text(first, "recipientUserId"));
                notices.forEach(n -> delete.add(id(n)));
                continue;
            }
            try {
                Templates.Rendered r = Templates.render(template, Json.text(first, "patronNotice.lang"),
                        Json.text(first, "patronNotice.outputFormat"), records.context(notices));
                sender.send(new NoticeSender.Notice(tenant, id(user), Json.text(user, "personal.email"), Json.text(template, "id"),
                        r.outputFormat(), r.header(), r.body(), Json.text(first, "triggeringEvent"), Instant.now()));
                for (ObjectNode n : notices) {
                    Instant next = records.nextRun(n, now);
                    if (next == null) delete.add(id(n));
                    else moveTo.put(id(n), next);
                }
            } catch (IOException | RuntimeException e) {
                log.warn("Notice {} ({}) not sent, retrying in {} min: {}", id(first), Json.text(first, "triggeringEvent"),
                        RETRY.toMinutes(), e.getMessage());
                notices.forEach(n -> moveTo.put(id(n), now.plus(RETRY)));
            }
        }
        NoticesStore.finish(c, schema, delete, moveTo);
        return due.size();
    }

    /** Non-real-time loan notices go together per recipient, template, event and timing; all others alone. */
    private static String groupKey(ObjectNode n) {
        if (n.hasNonNull("loanId") && !n.path("noticeConfig").path("sendInRealTime").asBoolean(false)) {
            return String.join("|", Json.text(n, "recipientUserId"), Json.text(n, "noticeConfig.templateId"),
                    String.valueOf(Json.text(n, "triggeringEvent")), String.valueOf(Json.text(n, "noticeConfig.timing")));
        }
        return Json.text(n, "id");
    }

    private static UUID id(ObjectNode record) {
        return Ids.at(record, "id");
    }
}
