package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.http.ValidationError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * mod-rtac's {@code POST /rtac-batch} and legacy {@code GET /rtac/{instanceId}}, and edge-rtac's
 * {@code GET /rtac?instanceIds=a,b} (JSON, or XML on {@code Accept: application/xml|text/xml}). Each request is one
 * SQL statement ({@link RtacQuery}). Authentication is Quire's tenant + token; edge-rtac's api key is not served.
 */
public final class RtacApi {
    static final String BATCH_PERMISSION = "rtac.batch.post";
    static final String ITEM_PERMISSION = "rtac.holdings.item.get";

    private RtacApi() {
    }

    public static void register(Router r, Database db) {
        r.post("/rtac-batch", BATCH_PERMISSION, req -> {
            JsonNode body = req.json();
            JsonNode ids = body.get("instanceIds");
            if (ids == null || ids.isNull()) {
                throw ApiException.unprocessable(List.of(ValidationError.required("instanceIds")));
            }
            if (!ids.isArray()) throw ApiException.badRequest("instanceIds must be an array of instance ids");
            List<String> list = new ArrayList<>();
            for (JsonNode id : ids) list.add(id.asText());
            boolean full = body.path("fullPeriodicals").asBoolean(false);
            return Response.ok(db.read(c -> RtacQuery.run(c, req.schema(), list, full)).toJson());
        });

        r.get("/rtac", BATCH_PERMISSION, req -> {
            List<String> ids = new ArrayList<>();
            for (String v : req.query().getOrDefault("instanceIds", List.of())) {
                for (String id : v.split(",")) if (!id.isBlank()) ids.add(id.trim());
            }
            if (ids.isEmpty()) throw ApiException.badRequest("Required parameter instanceIds is missing");
            RtacBatch batch = db.read(c -> RtacQuery.run(c, req.schema(), ids, fullPeriodicals(req)));
            String xml = xmlType(req);
            return xml == null ? Response.ok(batch.toJson()) : xml(xml, RtacXml.batch(batch));
        });

        r.get("/rtac/{instanceId}", ITEM_PERMISSION, req -> {
            String id = req.path("instanceId");
            try {
                java.util.UUID.fromString(id);
            } catch (IllegalArgumentException e) {
                throw ApiException.notFound("Could not find instance");
            }
            RtacBatch batch = db.read(c -> RtacQuery.run(c, req.schema(), List.of(id), fullPeriodicals(req)));
            // Unknown (or suppressed) → 404, as mod-rtac's legacy endpoint; an instance without holdings → empty list.
            InstanceHoldings holdings = batch.holdings().stream().findFirst()
                    .orElseThrow(() -> ApiException.notFound("Not Found"));
            String xml = xmlType(req);
            return xml == null ? Response.ok(holdings.toJson()) : xml(xml, RtacXml.instance(holdings));
        });
    }

    private static boolean fullPeriodicals(Request req) {
        return req.param("fullPeriodicals").map(v -> v.trim().equalsIgnoreCase("true")).orElse(false);
    }

    /**
     * The XML media type the client asked for, or null for JSON: the first of JSON or XML in Accept wins (no
     * q-values: discovery layers send one type).
     */
    static String xmlType(Request req) {
        String accept = req.header().apply("Accept").orElse("");
        for (String part : accept.split(",")) {
            String type = part.split(";")[0].trim().toLowerCase(Locale.ROOT);
            if (type.equals("application/json")) return null;
            if (type.equals("application/xml") || type.equals("text/xml")) return type;
        }
        return null;
    }

    private static Response xml(String type, byte[] body) {
        return new Response(200, type + "; charset=UTF-8", body, new LinkedHashMap<>());
    }
}
