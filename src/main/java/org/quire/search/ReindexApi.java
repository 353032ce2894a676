package org.quire.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.util.List;
import java.util.Optional;

/**
 * mod-search's reindex endpoints (swagger.api/mod-search.yaml, its ModuleDescriptor's permissions):
 * {@code POST /search/index/instance-records/reindex/full} starts a live reindex of the tenant's instances (200, no
 * body), {@code GET …/reindex/status} reports it, {@code POST /search/index/inventory/reindex} (schemas/request/
 * reindexRequest.yaml: resourceName authority (default), location, linked-data-*) rebuilds the authority index live
 * and answers a reindexJob {@code {id, jobStatus, submittedDate}}.
 */
public final class ReindexApi {
    static final String FULL_PERMISSION = "search.index.instance-records.reindex.full.post";
    /** Not found in the mod-search sources at hand; named after the endpoint as mod-search names its others. */
    static final String STATUS_PERMISSION = "search.index.instance-records.reindex.status.get";
    static final String INVENTORY_PERMISSION = "search.index.inventory.reindex.post";
    /** reindexRequest.yaml's resourceName enum. */
    static final List<String> RESOURCES = List.of("authority", "location", "linked-data-instance", "linked-data-work",
            "linked-data-hub");

    private ReindexApi() {
    }

    public static void register(Router r, LiveReindex reindex) {
        r.post("/search/index/instance-records/reindex/full", FULL_PERMISSION, req -> {
            Optional<Response> bad = optionalBody(req);
            if (bad.isPresent()) return bad.get();
            reindex.startInstances(req.tenant());
            return new Response(200, null, new byte[0], new java.util.LinkedHashMap<>());
        });
        r.get("/search/index/instance-records/reindex/status", STATUS_PERMISSION,
                req -> Response.ok(reindex.status(req.tenant())));
        r.post("/search/index/inventory/reindex", INVENTORY_PERMISSION, req -> {
            Optional<Response> bad = optionalBody(req);
            if (bad.isPresent()) return bad.get();
            ObjectNode body = req.bodyText().isBlank() ? Json.object() : req.json();
            JsonNode name = body.path("resourceName");
            if (!name.isMissingNode() && !name.isNull() && (!name.isTextual() || !RESOURCES.contains(name.asText()))) {
                // a value outside the enum fails the body's deserialisation in mod-search (a 400, as a bad body)
                return SearchApi.error("Unexpected value '" + name.asText() + "'", "HttpMessageNotReadableException",
                        "resourceName", name.asText());
            }
            JsonNode recreate = body.path("recreateIndex");
            if (!recreate.isMissingNode() && !recreate.isNull() && !recreate.isBoolean()
                    && !(recreate.isTextual() && List.of("true", "false").contains(recreate.asText()))) {
                return SearchApi.error("Cannot deserialize value of type `java.lang.Boolean` from " + recreate,
                        "HttpMessageNotReadableException", "recreateIndex", recreate.asText());
            }
            String resource = name.isTextual() ? name.asText() : "authority";
            ObjectNode job = Json.object();
            switch (resource) {
                case "authority" -> {
                    LiveReindex.Job j = reindex.startAuthorities(req.tenant());
                    job.put("id", j.id.toString()).put("jobStatus", "In progress")
                            .put("submittedDate", j.submitted.toString());
                }
                // mod-search reindexes locations synchronously ("Completed"); Quire has no location index to build
                case "location" -> job.put("id", java.util.UUID.randomUUID().toString()).put("jobStatus", "Completed")
                        .put("submittedDate", java.time.Instant.now().toString());
                default -> {
                    // linked-data-*: accepted by mod-search's schema, answered with an empty job and not run
                }
            }
            return Response.ok(job);
        });
    }

    /** A body, when given, must be a JSON object (indexSettings are an OpenSearch matter, accepted and ignored). */
    private static Optional<Response> optionalBody(Request req) {
        if (req.bodyText().isBlank()) return Optional.empty();
        try {
            Json.parseInputObject(req.bodyText());
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(SearchApi.error("Invalid JSON: " + e.getMessage(), "HttpMessageNotReadableException",
                    "body", null));
        }
    }
}
