package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.domain.Refusal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * mod-rtac's {@code POST /rtac-batch} and legacy {@code GET /rtac/{instanceId}}, and edge-rtac's
 * {@code GET /rtac?instanceIds=a,b}, {@code GET /rtac/{instanceId}} and deprecated {@code GET
 * /prod/rtac/folioRTAC?mms_id=} (JSON, or XML on {@code Accept: application/xml|text/xml}). Each request is one
 * SQL statement ({@link RtacQuery}). The edge paths take an edge API key (then the key's user needs
 * {@code rtac.batch.post}, the permission of the mod-rtac call edge-rtac makes for all three) or tenant + token.
 */
public final class RtacApi {
    static final String BATCH_PERMISSION = "rtac.batch.post";
    static final String ITEM_PERMISSION = "rtac.holdings.item.get";
    /**
     * What edge-rtac's legacy path answers for any failure (a bad or missing key, a missing id): 200 with empty
     * instances, edge-common's XML prolog and Jackson's empty element (edge-rtac 2.x RtacHandler.returnEmptyResponse).
     */
    static final String LEGACY_EMPTY = "<?xml version='1.0' encoding='UTF-8'?>\n<instances/>";

    private RtacApi() {
    }

    public static void register(Router r, Database db) {
        AvailabilityCache cache = new AvailabilityCache();
        r.post("/rtac-batch", BATCH_PERMISSION, req -> {
            JsonNode body = req.json();
            JsonNode ids = body.get("instanceIds");
            if (ids == null || ids.isNull()) {
                throw ApiException.unprocessable(List.of(Refusal.required("instanceIds")));
            }
            if (!ids.isArray()) throw ApiException.badRequest("instanceIds must be an array of instance ids");
            List<String> list = new ArrayList<>();
            for (JsonNode id : ids) list.add(id.asText());
            boolean full = body.path("fullPeriodicals").asBoolean(false);
            return Response.okJson(RtacQuery.run(db, cache, req.schema(), list, full).jsonBytes());
        });

        r.edgeGet("/rtac", BATCH_PERMISSION, BATCH_PERMISSION, req -> {
            List<String> ids = new ArrayList<>();
            for (String v : req.query().getOrDefault("instanceIds", List.of())) {
                for (String id : v.split(",")) if (!id.isBlank()) ids.add(id.trim());
            }
            if (ids.isEmpty()) throw ApiException.badRequest("Required parameter instanceIds is missing");
            RtacBatch batch = RtacQuery.run(db, cache, req.schema(), ids, fullPeriodicals(req));
            String xml = xmlType(req);
            return xml == null ? Response.okJson(batch.jsonBytes()) : xml(xml, RtacXml.batch(batch));
        });

        r.edgeGet("/rtac/{instanceId}", ITEM_PERMISSION, BATCH_PERMISSION, req -> {
            String id = req.path("instanceId");
            if (req.viaApiKey()) return edgeInstance(db, cache, req, id);
            try {
                java.util.UUID.fromString(id);
            } catch (IllegalArgumentException e) {
                throw ApiException.notFound("Could not find instance");
            }
            RtacBatch batch = RtacQuery.run(db, cache, req.schema(), List.of(id), fullPeriodicals(req));
            // Unknown (or suppressed) → 404, as mod-rtac's legacy endpoint; an instance without holdings → empty list.
            if (batch.holdings().isEmpty()) throw ApiException.notFound("Not Found");
            String xml = xmlType(req);
            return xml == null ? Response.okJson(batch.holdingsJson().getFirst())
                    : xml(xml, RtacXml.instance(batch.holdings().getFirst()));
        });

        // edge-rtac 2.x (Vert.x) only; its Spring rewrite dropped it. Discovery layers still call it (EBSCO's RTAC).
        r.edgeGet("/prod/rtac/folioRTAC", BATCH_PERMISSION, BATCH_PERMISSION, req -> legacy(db, cache, req),
                out -> out.status() == 406 ? out : legacyEmpty());
    }

    /**
     * edge-rtac's {@code GET /rtac/{instanceId}} (RtacService.getInstanceRtac): the instance's holdings, or — when
     * mod-rtac reports an error for it (unknown, suppressed or malformed id; no holdings) — 200 with that error as
     * {@code {"message","code"}} (RtacErrorHandler's HoldingsError; XML element {@code error}).
     */
    private static Response edgeInstance(Database db, AvailabilityCache cache, Request req, String id) {
        RtacBatch batch = RtacQuery.run(db, cache, req.schema(), List.of(id), fullPeriodicals(req));
        String xml = xmlType(req);
        if (!batch.errors().isEmpty()) {
            RtacBatch.Error e = batch.errors().getFirst();
            return xml == null ? Response.ok(org.quire.platform.Json.object()
                    .put("message", e.message()).put("code", e.code())) : xml(xml, RtacXml.error(e));
        }
        // No error: the instance was found and has holdings.
        return xml == null ? Response.okJson(batch.holdingsJson().getFirst())
                : xml(xml, RtacXml.instance(batch.holdings().getFirst()));
    }

    /**
     * edge-rtac 2.x's deprecated {@code GET /prod/rtac/folioRTAC?mms_id=} (RtacHandler with isBatch false): one
     * instance by {@code mms_id} (else {@code instanceId}). XML unless the client accepts JSON and no XML or
     * wildcard type: then mod-rtac's batch answer as it is. The XML is the instance's {@code <holdings>}, or an
     * empty {@code <holdings/>} when mod-rtac returned none. Every failure is 200 with empty instances
     * ({@link #LEGACY_EMPTY}), as the RTAC service it mimics; an Accept header naming no supported type is 406.
     */
    private static Response legacy(Database db, AvailabilityCache cache, Request req) {
        String accept = req.header().apply("Accept").map(String::trim).orElse("");
        if (!accept.isEmpty() && !LEGACY_SUPPORTED.matcher(accept).find()) {
            throw ApiException.notAcceptable("Unsupported media type");
        }
        String id = req.param("mms_id").filter(s -> !s.isBlank())
                .or(() -> req.param("instanceId").filter(s -> !s.isBlank()))
                .orElseThrow(() -> ApiException.badRequest("Invalid instance id"));
        RtacBatch batch = RtacQuery.run(db, cache, req.schema(), List.of(id.trim()), fullPeriodicals(req));
        boolean xml = accept.isEmpty() || LEGACY_XML.matcher(accept).find();
        if (!xml && LEGACY_JSON.matcher(accept).find()) return Response.okJson(batch.jsonBytes());
        InstanceHoldings holdings = batch.holdings().stream().findFirst().orElse(new InstanceHoldings(null, List.of()));
        return xml("application/xml", RtacXml.instance(holdings));
    }

    private static Response legacyEmpty() {
        return new Response(200, "application/xml", LEGACY_EMPTY.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                new LinkedHashMap<>());
    }

    /** edge-rtac 2.x RtacHandler's media type patterns (matched anywhere in the Accept header). */
    private static final java.util.regex.Pattern LEGACY_SUPPORTED = java.util.regex.Pattern.compile(
            "(text|\\*)\\s*/\\s*(xml|\\*)|(application|\\*)\\s*/\\s*(xml|json|\\*)");
    private static final java.util.regex.Pattern LEGACY_XML = java.util.regex.Pattern.compile(
            "(text|\\*)\\s*/\\s*(xml|\\*)|(application|\\*)\\s*/\\s*(xml|\\*)");
    private static final java.util.regex.Pattern LEGACY_JSON = java.util.regex.Pattern.compile(
            "application\\s*/\\s*json");

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
