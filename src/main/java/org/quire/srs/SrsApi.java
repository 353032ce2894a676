package org.quire.srs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Function;

/**
 * mod-source-record-storage's read and write endpoints (source-record-storage-records.raml, -source-records.raml,
 * -stream.raml, -snapshots.raml), with the permissions its ModuleDescriptor names. Listings page with limit (default
 * 10, RMB's pageable trait) and offset; malformed parameters are 400 text, as RMB answers them.
 */
public final class SrsApi {
    private static final String STREAM_JSON = "application/stream+json";

    private SrsApi() {
    }

    public static void register(Router r, Database db) {
        SrsRecords records = new SrsRecords(db);
        Snapshots snapshots = new Snapshots(db);

        r.get("/source-storage/records", "source-storage.records.collection.get", req -> {
            SrsFilter f = recordsFilter(req);
            int limit = limit(req), offset = offset(req);
            SrsStore.Page<SrsRecord> page = db.read(c -> SrsStore.search(c, req.schema(), f, limit, offset));
            return Response.ok(collection("records", page, rec -> SrsJson.record(rec, false)));
        });
        r.post("/source-storage/records", "source-storage.records.post", req ->
                Response.created(SrsJson.record(records.create(req.schema(), req.json(), req.userId()), false)));
        r.get("/source-storage/records/{id}", "source-storage.records.item.get", req -> {
            IdType type = idType(req);
            UUID id = pathId(req);
            return Response.ok(SrsJson.record(db.read(c -> SrsStore.find(c, req.schema(), type, id))
                    .orElseThrow(() -> SrsRecords.recordNotFound(id)), false));
        });
        r.put("/source-storage/records/{id}", "source-storage.records.put", req -> {
            IdType type = idType(req);
            UUID id = pathId(req);
            return Response.ok(SrsJson.record(records.update(req.schema(), type, id, req.json(), req.userId()), false));
        });
        r.delete("/source-storage/records/{id}", "source-storage.records.delete", req -> {
            IdType type = idType(req);
            records.delete(req.schema(), type, pathId(req), req.userId());
            return Response.noContent();
        });
        // Called on every instance view of FOLIO's UI (idType=INSTANCE): one indexed read, formatted in Java.
        r.get("/source-storage/records/{id}/formatted", "source-storage.records.formatted.item.get", req -> {
            IdType type = idType(req);
            UUID id = pathId(req);
            return Response.ok(SrsJson.record(db.read(c -> SrsStore.find(c, req.schema(), type, id))
                    .orElseThrow(() -> new org.quire.platform.domain.NotFound(
                            "Couldn't find record with id type " + type + " and id " + id)), true));
        });
        r.put("/source-storage/records/{id}/suppress-from-discovery", "source-storage.records.update", req -> {
            IdType type = idType(req);
            UUID id = pathId(req);
            Boolean suppress = boolParam(req, "suppress");
            records.suppress(req.schema(), type, id, suppress == null || suppress, req.userId());
            return Response.text(200, "");
        });
        r.put("/source-storage/records/{id}/generation", "source-storage.records.generation.item.put", req -> {
            UUID id = pathId(req);
            return Response.ok(SrsJson.record(records.newGeneration(req.schema(), id, req.json(), req.userId()), false));
        });

        r.get("/source-storage/source-records", "source-storage.source-records.collection.get", req -> {
            SrsFilter f = sourceRecordsFilter(req, null, null);
            int limit = limit(req), offset = offset(req);
            SrsStore.Page<SrsRecord> page = db.read(c -> SrsStore.search(c, req.schema(), f, limit, offset));
            return Response.ok(collection("sourceRecords", page, SrsJson::sourceRecord));
        });
        r.post("/source-storage/source-records", "source-storage.source-records.collection.get", req -> {
            IdType type = idType(req);
            List<UUID> ids = idList(req);
            SrsFilter f = sourceRecordsFilter(req, type, ids);
            SrsStore.Page<SrsRecord> page = db.read(c -> SrsStore.search(c, req.schema(), f, Math.max(ids.size(), 1), 0));
            return Response.ok(collection("sourceRecords", page, SrsJson::sourceRecord));
        });
        r.get("/source-storage/source-records/{id}", "source-storage.source-records.item.get", req -> {
            IdType type = idType(req);
            UUID id = pathId(req);
            SrsRecord rec = db.read(c -> SrsStore.find(c, req.schema(), type, id))
                    .filter(x -> x.parsedContent() != null).orElseThrow(() -> SrsRecords.recordNotFound(id));
            return Response.ok(SrsJson.sourceRecord(rec));
        });

        r.get("/source-storage/stream/records", "source-storage.stream.records.collection.get", req ->
                stream(db, req, recordsFilter(req), rec -> SrsJson.record(rec, false)));
        r.get("/source-storage/stream/source-records", "source-storage.stream.source-records.collection.get", req ->
                stream(db, req, sourceRecordsFilter(req, null, null), SrsJson::sourceRecord));

        r.get("/source-storage/snapshots", "source-storage.snapshots.collection.get", req -> {
            String status = req.param("status").filter(s -> !s.isBlank()).orElse(null);
            int limit = limit(req), offset = offset(req);
            SrsStore.Page<Snapshot> page = db.read(c -> SrsStore.snapshots(c, req.schema(), status, limit, offset));
            return Response.ok(collection("snapshots", page, SrsJson::snapshot));
        });
        r.post("/source-storage/snapshots", "source-storage.snapshots.post", req ->
                Response.created(SrsJson.snapshot(snapshots.create(req.schema(), req.json(), req.userId()))));
        r.get("/source-storage/snapshots/{jobExecutionId}", "source-storage.snapshots.item.get", req -> {
            UUID id = pathId(req, "jobExecutionId");
            return Response.ok(SrsJson.snapshot(db.read(c -> SrsStore.snapshot(c, req.schema(), id))
                    .orElseThrow(() -> Snapshots.notFound(id))));
        });
        r.put("/source-storage/snapshots/{jobExecutionId}", "source-storage.snapshots.put", req -> {
            UUID id = pathId(req, "jobExecutionId");
            return Response.ok(SrsJson.snapshot(snapshots.update(req.schema(), id, req.json(), req.userId())));
        });
        r.delete("/source-storage/snapshots/{jobExecutionId}", "source-storage.snapshots.delete", req -> {
            snapshots.delete(req.schema(), pathId(req, "jobExecutionId"));
            return Response.noContent();
        });
    }

    /**
     * One JSON object per line, {@code application/stream+json}, as SRS's SourceStorageStreamImpl answers, never
     * collected whole. Parameters are checked before the first byte, so a bad one is still a 400.
     *
     * <p>In id order (no {@code orderBy}, what FOLIO's harvesters and exports ask for) the rows are read a page at a
     * time, each page in a short transaction of its own (keyset: {@code id > last}), and written to the client with no
     * connection held: a slow or stalled client must not keep one of the pool's few connections for the minutes its
     * download takes (ten of them would stop every check-out). A record written during the stream appears in it if its
     * id comes after the page being read. With an {@code orderBy} the rows come from one cursor in one transaction.
     */
    private static Response stream(Database db, Request req, SrsFilter f, Function<SrsRecord, ObjectNode> render) {
        int limit = req.intParam("limit", Integer.MAX_VALUE, 0, Integer.MAX_VALUE);
        int offset = offset(req);
        String schema = req.schema();
        return Response.stream(STREAM_JSON, out -> {
            try {
                if (f.orderBy() != null) {
                    db.tx(c -> {
                        SrsStore.stream(c, schema, f, limit, offset, rec -> writeLine(out, render.apply(rec)));
                        return null;
                    });
                    return;
                }
                UUID after = null;
                int skip = offset;
                for (long left = limit; left > 0; ) {
                    int n = (int) Math.min(SrsStore.STREAM_PAGE, left);
                    UUID from = after;
                    int skipped = skip;
                    List<SrsRecord> page = db.tx(c -> SrsStore.pageAfter(c, schema, f, from, skipped, n));
                    for (SrsRecord rec : page) writeLine(out, render.apply(rec));
                    if (page.size() < n) break;
                    left -= n;
                    skip = 0;
                    after = page.getLast().id();
                }
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        });
    }

    private static void writeLine(OutputStream out, JsonNode json) {
        try {
            out.write(Json.write(json).getBytes(StandardCharsets.UTF_8));
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> ObjectNode collection(String key, SrsStore.Page<T> page, Function<T, ObjectNode> render) {
        ObjectNode body = Json.object();
        ArrayNode items = body.putArray(key);
        page.items().forEach(i -> items.add(render.apply(i)));
        body.put("totalRecords", page.totalRecords());
        return body;
    }

    // ---- parameters -------------------------------------------------------------------------------------------

    /** /records and /stream/records: snapshotId, state, recordType (default MARC_BIB). */
    private static SrsFilter recordsFilter(Request req) {
        return SrsFilter.records(recordType(req), uuidParam(req, "snapshotId"),
                enumParam(req, "state", SrsState.class), orderBy(req));
    }

    /** /source-records and its stream (source-record-storage-source-records.raml's query parameters). */
    private static SrsFilter sourceRecordsFilter(Request req, IdType idType, List<UUID> ids) {
        return new SrsFilter(recordType(req), uuidParam(req, "recordId"), uuidParam(req, "snapshotId"), null,
                uuidParam(req, "externalId"), textParam(req, "externalHrid"), uuidParam(req, "instanceId"),
                textParam(req, "instanceHrid"), uuidParam(req, "holdingsId"), textParam(req, "holdingsHrid"),
                boolParam(req, "deleted"), boolParam(req, "suppressFromDiscovery"),
                textParam(req, "leaderRecordStatus"), dateParam(req, "updatedAfter", false),
                dateParam(req, "updatedBefore", true), idType, ids, true, orderBy(req));
    }

    /** orderBy=field[,ASC|DESC], repeatable (SRS's RAML: "order,ASC"). */
    private static List<SrsFilter.Sort> orderBy(Request req) {
        List<String> values = req.query().getOrDefault("orderBy", List.of());
        List<SrsFilter.Sort> sorts = new ArrayList<>();
        for (String v : values) {
            if (v.isBlank()) continue;
            String[] parts = v.split(",", -1);
            String direction = parts.length > 1 ? parts[1].trim().toUpperCase(Locale.ROOT) : "ASC";
            if (parts.length > 2 || !SrsStore.SORTABLE.containsKey(parts[0].trim())
                    || !(direction.equals("ASC") || direction.equals("DESC"))) {
                throw incorrect("orderBy", v, "must be field[,ASC|DESC] with a field of "
                        + new java.util.TreeSet<>(SrsStore.SORTABLE.keySet()));
            }
            sorts.add(new SrsFilter.Sort(parts[0].trim(), direction.equals("DESC")));
        }
        return sorts;
    }

    private static SrsRecordType recordType(Request req) {
        SrsRecordType t = enumParam(req, "recordType", SrsRecordType.class);
        return t == null ? SrsRecordType.MARC_BIB : t;
    }

    private static IdType idType(Request req) {
        return IdType.parse(req.param("idType")).orElseThrow(() -> incorrect("idType", req.param("idType").get(),
                "must be one of " + java.util.Arrays.toString(IdType.values())));
    }

    private static UUID pathId(Request req) {
        return pathId(req, "id");
    }

    private static UUID pathId(Request req, String name) {
        String v = req.path(name);
        return Ids.parse(v).orElseThrow(() -> incorrect(name, v, "must be a UUID"));
    }

    /** POST /source-records' body: a JSON array of ids (UUIDs). */
    private static List<UUID> idList(Request req) {
        JsonNode body;
        try {
            body = Json.parseInput(req.bodyText());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        if (body == null || !body.isArray()) throw ApiException.badRequest("The body must be a JSON array of ids");
        List<UUID> ids = new ArrayList<>();
        for (JsonNode n : body) {
            ids.add(Ids.parse(n.isTextual() ? n.asText() : null)
                    .orElseThrow(() -> ApiException.badRequest("Invalid id in the body, not a UUID: " + n)));
        }
        return ids;
    }

    private static int limit(Request req) {
        return req.intParam("limit", 10, 0, Integer.MAX_VALUE);
    }

    private static int offset(Request req) {
        return req.intParam("offset", 0, 0, Integer.MAX_VALUE);
    }

    private static String textParam(Request req, String name) {
        return req.param(name).filter(s -> !s.isBlank()).orElse(null);
    }

    private static UUID uuidParam(Request req, String name) {
        String v = textParam(req, name);
        if (v == null) return null;
        return Ids.parse(v).orElseThrow(() -> incorrect(name, v, "must be a UUID"));
    }

    private static Boolean boolParam(Request req, String name) {
        String v = textParam(req, name);
        if (v == null) return null;
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw incorrect(name, v, "must be true or false");
        };
    }

    private static <E extends Enum<E>> E enumParam(Request req, String name, Class<E> type) {
        String v = textParam(req, name);
        if (v == null) return null;
        try {
            return Enum.valueOf(type, v.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw incorrect(name, v, "must be one of " + java.util.Arrays.toString(type.getEnumConstants()));
        }
    }

    /**
     * A date-time (2026-11-24T10:00:00Z, with an offset) or a date; a date alone means its start for "after" and
     * its end for "before".
     */
    private static Instant dateParam(Request req, String name, boolean endOfDay) {
        String v = textParam(req, name);
        if (v == null) return null;
        try {
            return Json.parseInstant(v.trim());
        } catch (RuntimeException notDateTime) {
            try {
                LocalDate d = LocalDate.parse(v.trim());
                return (endOfDay ? d.plusDays(1).atStartOfDay().minusNanos(1000) : d.atStartOfDay())
                        .toInstant(ZoneOffset.UTC);
            } catch (RuntimeException e) {
                throw incorrect(name, v, "must be a date or a date-time (yyyy-MM-dd'T'HH:mm:ssZ)");
            }
        }
    }

    /** RMB's answer to a query or path parameter it cannot convert. */
    private static ApiException incorrect(String name, String value, String why) {
        return ApiException.badRequest("'" + name + "' parameter is incorrect. parameter value {" + value
                + "} is not valid: " + why);
    }

}
