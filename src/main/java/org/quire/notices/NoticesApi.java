package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.jobs.Jobs;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;
import org.quire.platform.tenancy.Tenants;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.quire.notices.NoticeTypes.SCHEDULED_NOTICES;
import static org.quire.notices.NoticeTypes.TEMPLATES;

/**
 * mod-template-engine's {@code /templates} and {@code /template-request}, mod-circulation-storage's
 * {@code /scheduled-notice-storage/scheduled-notices}, mod-patron-notice's {@code POST /patron-notice}, and
 * mod-circulation's timer endpoints that run the notice job for the calling tenant.
 */
public final class NoticesApi {
    /** mod-circulation's timer endpoints for scheduled notices (old and current names): each runs the one job. */
    private static final List<String> PROCESSING = List.of("scheduled-notices-processing",
            "loan-scheduled-notices-processing", "request-scheduled-notices-processing",
            "due-date-scheduled-notices-processing", "due-date-not-real-time-scheduled-notices-processing",
            "fee-fine-scheduled-notices-processing");

    private NoticesApi() {
    }

    /**
     * Registers the routes and the {@code patron-notices} job; when {@code kickAfterCommit}, a transaction that makes
     * a notice due now runs the job for its tenant right after it commits.
     */
    public static void register(Router r, Database db, Jobs jobs, NoticeSender sender, boolean kickAfterCommit,
                                CirculationRecords circulation) {
        jobs.add(new NoticeJob(sender, circulation));
        if (kickAfterCommit) NoticesStore.listen(schema -> jobs.runSoon(NoticeJob.NAME, tenant(schema)));

        RecordApi.register(r, db, TEMPLATES, "/templates", "templates");
        RecordApi.register(r, db, SCHEDULED_NOTICES, "/scheduled-notice-storage/scheduled-notices",
                "scheduled-notice-storage.scheduled-notices");

        r.post("/template-request", "template-request.post", req -> {
            ObjectNode b = req.json();
            ObjectNode template = template(db, req.schema(), Json.text(b, "templateId"));
            Templates.Rendered out = render(template, Json.text(b, "lang"), Json.text(b, "outputFormat"), b.get("context"));
            ObjectNode body = Json.object().put("templateId", Json.text(template, "id"));
            body.putObject("result").put("header", out.header()).put("body", out.body());
            body.putObject("meta").put("size", out.body().length()).put("dateCreate", Json.date(Instant.now()))
                    .put("lang", out.lang()).put("outputFormat", out.outputFormat());
            return Response.ok(body);
        });

        r.post("/patron-notice", "patron-notice.post", req -> {
            ObjectNode b = req.json();
            UUID recipient = RecordStore.uuid(required(b, "recipientId"), "recipientId");
            ObjectNode template = template(db, req.schema(), required(b, "templateId"));
            JsonNode context = b.get("context") instanceof ObjectNode o ? o : Json.object();
            render(template, Json.text(b, "lang"), Json.text(b, "outputFormat"), context);
            PatronNotices.requested(db, req.schema(), recipient, template, b, context, req.userId());
            return Response.text(200, "");
        });

        for (String name : PROCESSING) {
            r.post("/circulation/" + name, "circulation." + name + ".post", req -> {
                jobs.runNow(NoticeJob.NAME, req.tenant(), Instant.now());
                return Response.noContent();
            });
        }
    }

    private static ObjectNode template(Database db, String schema, String id) {
        UUID templateId = RecordStore.uuid(id == null ? "" : id, "templateId");
        return db.read(c -> NoticesStore.template(c, schema, templateId))
                .orElseThrow(() -> ApiException.badRequest("Template with id " + templateId + " not found"));
    }

    private static Templates.Rendered render(ObjectNode template, String lang, String format, JsonNode context) {
        try {
            return Templates.render(template, lang, format, context);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("Cannot render template " + Json.text(template, "id") + ": " + e.getMessage());
        }
    }

    private static String required(ObjectNode b, String field) {
        String v = Json.text(b, field);
        if (v == null || v.isBlank()) throw ApiException.unprocessable(field + " is required", null, field, null);
        return v;
    }

    private static String tenant(String schema) {
        return schema.substring(Tenants.schema("").length());
    }
}
