package org.quire.dataimport;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.Ids;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * mod-source-record-manager's job executions as the Data import app and FOLIO's scripts read them
 * (ramls/change-manager.raml, ramls/metadata-provider.raml; permission names as FOLIO's API tests grant them): a job,
 * its children, the job lists with their filters and sorts, the users and job profiles of the jobs, a job's log and
 * summary, and log deletion. Malformed parameters are 400 texts naming them.
 */
public final class JobExecutionsApi {
    private JobExecutionsApi() {
    }

    public static void register(Router r, Database db) {
        JobExecutions jobs = new JobExecutions(db);

        r.get("/change-manager/jobExecutions/{id}", "change-manager.jobExecutions.item.get", req -> {
            UUID id = jobId(req, "id");
            return Response.ok(db.read(c -> DataImportStore.job(c, req.schema(), id))
                    .orElseThrow(() -> JobExecutions.notFound(id)));
        });
        r.get("/change-manager/jobExecutions/{id}/children", "change-manager.jobExecutions.children.collection.get",
                req -> {
                    UUID id = jobId(req, "id");
                    int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
                    int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
                    DataImportStore.Page page = db.read(c -> {
                        if (DataImportStore.job(c, req.schema(), id).isEmpty()) throw JobExecutions.notFound(id);
                        return DataImportStore.children(c, req.schema(), id, limit, offset);
                    });
                    return Response.ok(RecordApi.page("jobExecutions", page.records(), page.totalRecords()));
                });
        r.delete("/change-manager/jobExecutions", "change-manager.jobexecutions.delete", req -> {
            JsonNode ids = req.json().get("ids");
            if (ids == null || !ids.isArray() || ids.isEmpty())
                throw ApiException.badRequest("A JSON body {\"ids\": [job execution ids]} is required");
            List<UUID> list = new ArrayList<>();
            for (JsonNode id : ids) {
                list.add(Ids.parse(id.isTextual() ? id.asText() : null).orElseThrow(() ->
                        ApiException.badRequest("ids: '" + id.asText() + "' is not a UUID")));
            }
            return Response.ok(jobs.delete(req.schema(), list));
        });

        r.get("/metadata-provider/jobExecutions", "metadata-provider.jobExecutions.collection.get", req -> {
            JobQuery q = query(req);
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            DataImportStore.Page page = db.read(c -> DataImportStore.searchJobs(c, req.schema(), q, limit, offset));
            return Response.ok(RecordApi.page("jobExecutions", page.records(), page.totalRecords()));
        });
        r.get("/metadata-provider/jobExecutions/users", "metadata-provider.jobExecutions.users.collection.get", req -> {
            int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            DataImportStore.Page page = db.read(c -> DataImportStore.jobUsers(c, req.schema(), limit, offset));
            return Response.ok(RecordApi.page("jobExecutionUsersInfo", page.records(), page.totalRecords()));
        });
        r.get("/metadata-provider/jobExecutions/jobProfiles", "metadata-provider.jobExecutions.jobProfiles.collection.get",
                req -> {
                    int limit = req.intParam("limit", RecordApi.DEFAULT_LIMIT, 0, Integer.MAX_VALUE);
                    int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
                    DataImportStore.Page page = db.read(c -> DataImportStore.jobProfiles(c, req.schema(), limit,
                            offset));
                    return Response.ok(RecordApi.page("jobProfilesInfo", page.records(), page.totalRecords()));
                });
        r.get("/metadata-provider/jobLogEntries/{jobId}", "metadata-provider.jobLogEntries.collection.get", req -> {
            UUID id = jobId(req, "jobId");
            int limit = req.intParam("limit", 100, 0, Integer.MAX_VALUE);
            int offset = req.intParam("offset", 0, 0, Integer.MAX_VALUE);
            String sortBy = req.param("sortBy").orElse("source_record_order");
            if (!DataImportStore.LOG_SORT_FIELDS.contains(sortBy))
                throw ApiException.badRequest("sortBy: '" + sortBy + "' is not one of "
                        + DataImportStore.LOG_SORT_FIELDS);
            boolean desc = direction(req.param("order").orElse("asc"), "order");
            boolean errorsOnly = bool(req, "errorsOnly");
            String entityType = req.param("entityType").map(t -> t.toUpperCase(Locale.ROOT)).orElse("ALL");
            if (!List.of("MARC", "INSTANCE", "HOLDINGS", "AUTHORITY", "ITEM", "ORDER", "INVOICE", "ALL")
                    .contains(entityType))
                throw ApiException.badRequest("entityType: '" + req.param("entityType").orElse("")
                        + "' is not one of MARC, INSTANCE, HOLDINGS, AUTHORITY, ITEM, ORDER, INVOICE, ALL");
            String type = "ALL".equals(entityType) ? null : entityType;
            DataImportStore.Page page = db.read(c -> DataImportStore.logEntries(c, req.schema(), id, errorsOnly, type,
                    sortBy, desc, limit, offset));
            return Response.ok(RecordApi.page("entries", page.records(), page.totalRecords()));
        });
        // SRM's MetadataProviderImpl.getMetadataProviderJobLogEntriesRecordsByJobExecutionIdAndRecordId: one record's
        // log; an unknown job or record (a malformed id too: SRM's SQL never finds it) is SRM's NotFoundException text.
        r.get("/metadata-provider/jobLogEntries/{jobId}/records/{recordId}",
                "metadata-provider.jobLogEntries.records.item.get", req -> {
                    UUID job = Ids.parse(req.path("jobId")).orElse(null);
                    UUID record = Ids.parse(req.path("recordId")).orElse(null);
                    if (job == null || record == null) throw recordNotFound();
                    return Response.ok(db.read(c -> DataImportStore.recordLog(c, req.schema(), job, record))
                            .orElseThrow(JobExecutionsApi::recordNotFound));
                });
        r.get("/metadata-provider/jobSummary/{jobId}", "metadata-provider.jobSummary.item.get", req -> {
            UUID id = jobId(req, "jobId");
            return Response.ok(db.read(c -> {
                if (DataImportStore.job(c, req.schema(), id).isEmpty()) throw JobExecutions.notFound(id);
                return DataImportStore.summary(c, req.schema(), id);
            }));
        });
    }

    /** SRM's JournalRecordDaoImpl: no journal rows for the job and record. */
    static ApiException recordNotFound() {
        return ApiException.notFound("Can`t find record with specific jobExecutionId and recordId");
    }

    /** A job id from the path: not a UUID is SRM's 404 for an unknown job. */
    static UUID jobId(Request req, String name) {
        return Ids.parse(req.path(name)).orElseThrow(() -> JobExecutions.notFound(req.path(name)));
    }

    /** The list's filters and sorts (SRM's MetadataProviderImpl and JobExecutionFilter). */
    static JobQuery query(Request req) {
        List<JobQuery.Sort> sorts = new ArrayList<>();
        List<String> sortBy = values(req, "sortBy");
        String order = req.param("order").orElse(null);
        for (String s : sortBy) {
            String[] parts = s.split(",", -1);
            String field = parts[0].trim();
            if (!JobQuery.SORT_FIELDS.contains(field))
                throw ApiException.badRequest("sortBy: '" + s + "' is not one of " + JobQuery.SORT_FIELDS
                        + " followed by ,asc or ,desc");
            if (parts.length > 2) throw ApiException.badRequest("sortBy: '" + s + "' is not field,direction");
            boolean desc = parts.length == 2 ? direction(parts[1], "sortBy") : order != null && direction(order, "order");
            sorts.add(new JobQuery.Sort(field, desc));
        }
        if (sorts.isEmpty()) sorts.add(new JobQuery.Sort("completed_date", order != null && direction(order, "order")));
        return new JobQuery(statuses(req, "statusAny"), req.param("statusNot").map(s -> status(s, "statusNot"))
                .orElse(null), enumValues(req, "uiStatusAny", JobStatus.UI_STATUSES),
                uuids(req, "profileIdAny"), uuids(req, "profileIdNotAny"),
                enumValues(req, "subordinationTypeNotAny", JobQuery.SUBORDINATION_TYPES),
                req.param("hrId").filter(s -> !s.isBlank()).orElse(null),
                req.param("fileName").filter(s -> !s.isBlank()).orElse(null), values(req, "fileNameNotAny"),
                req.param("userId").filter(s -> !s.isBlank()).map(s -> Ids.parse(s).orElseThrow(() ->
                        ApiException.badRequest("userId: '" + s + "' is not a UUID"))).orElse(null),
                instant(req, "completedAfter"), instant(req, "completedBefore"),
                req.param("excludeJobProfileName").filter(s -> !s.isBlank()).orElse(null), sorts);
    }

    /** A parameter's values, repeated or comma-separated (the UI sends both forms), blanks dropped. */
    private static List<String> values(Request req, String name) {
        List<String> out = new ArrayList<>();
        for (String v : req.query().getOrDefault(name, List.of())) {
            if (name.equals("sortBy")) {
                if (!v.isBlank()) out.add(v.trim());
                continue;
            }
            for (String part : v.split(",")) if (!part.isBlank()) out.add(part.trim());
        }
        return out;
    }

    private static List<JobStatus> statuses(Request req, String name) {
        return values(req, name).stream().map(s -> status(s, name)).toList();
    }

    private static JobStatus status(String s, String name) {
        JobStatus st = JobStatus.parse(s.trim());
        if (st == null) throw ApiException.badRequest(name + ": '" + s + "' is not a job execution status");
        return st;
    }

    private static List<String> enumValues(Request req, String name, List<String> allowed) {
        List<String> out = values(req, name);
        for (String v : out) {
            if (!allowed.contains(v)) throw ApiException.badRequest(name + ": '" + v + "' is not one of " + allowed);
        }
        return out;
    }

    private static List<UUID> uuids(Request req, String name) {
        return values(req, name).stream().map(v -> Ids.parse(v).orElseThrow(() ->
                ApiException.badRequest(name + ": '" + v + "' is not a UUID"))).toList();
    }

    private static Instant instant(Request req, String name) {
        return req.param(name).filter(s -> !s.isBlank()).map(s -> {
            try {
                return OffsetDateTime.parse(s.trim()).toInstant();
            } catch (DateTimeParseException e) {
                try {
                    return Instant.parse(s.trim());
                } catch (DateTimeParseException e2) {
                    throw ApiException.badRequest(name + ": '" + s + "' is not a date-time such as "
                            + "2026-11-24T00:00:00.000Z");
                }
            }
        }).orElse(null);
    }

    private static boolean direction(String dir, String name) {
        return switch (dir.trim().toLowerCase(Locale.ROOT)) {
            case "asc" -> false;
            case "desc" -> true;
            default -> throw ApiException.badRequest(name + ": the direction must be asc or desc, not '" + dir + "'");
        };
    }

    private static boolean bool(Request req, String name) {
        String v = req.param(name).orElse("false").trim();
        if (v.equalsIgnoreCase("true")) return true;
        if (v.equalsIgnoreCase("false") || v.isEmpty()) return false;
        throw ApiException.badRequest(name + ": '" + v + "' is not true or false");
    }
}
