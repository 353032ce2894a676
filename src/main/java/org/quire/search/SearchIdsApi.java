package org.quire.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * mod-search's facets, resource-id jobs and legacy id endpoints (mod-search.yaml; permissions as in its
 * ModuleDescriptor and its Karate tenant set-up: search.facets.collection.get, search.resources.ids.jobs.post,
 * search.resources.ids.jobs.get, search.resources.ids.collection.get, search.holdings.ids.collection.get).
 */
public final class SearchIdsApi {
    static final String FACETS_PERMISSION = "search.facets.collection.get";
    static final String JOBS_POST_PERMISSION = "search.resources.ids.jobs.post";
    static final String JOBS_GET_PERMISSION = "search.resources.ids.jobs.get";
    static final String JOB_IDS_PERMISSION = "search.resources.ids.collection.get";
    static final String HOLDINGS_IDS_PERMISSION = "search.holdings.ids.collection.get";
    /** mod-search's record types of /search/{recordType}/facets (authorities: AuthoritySearchApi's own route). */
    static final List<String> RECORD_TYPES = List.of("instances", "authorities", "contributors", "subjects",
            "classifications", "call-numbers");

    private SearchIdsApi() {
    }

    public static void register(Router r, InstanceSearch search, InstanceFacets facets, BrowseFacets browseFacets,
            ResourceIdsJobs jobs) {
        r.get("/search/{recordType}/facets", FACETS_PERMISSION, req -> SearchApi.answer(() -> {
            String type = req.path("recordType");
            if (!RECORD_TYPES.contains(type)) {
                throw new InvalidSearch("Unexpected value '" + type + "'", "recordType", type);
            }
            String query = SearchApi.query(req);
            List<String> facet = req.query().getOrDefault("facet", List.of());
            if (facet.isEmpty() || facet.stream().allMatch(String::isBlank)) {
                throw new InvalidSearch("Required request parameter 'facet' for method parameter type List is not "
                        + "present", "facet", null);
            }
            return BrowseFacets.serves(type) ? browseFacets.facets(req.tenant(), type, query, facet)
                    : facets.facets(req.tenant(), query, facet);
        }));
        r.get("/search/holdings/ids", HOLDINGS_IDS_PERMISSION, req -> legacyIds(req, search, true));
        r.post("/search/resources/jobs", JOBS_POST_PERMISSION, req -> {
            ObjectNode body;
            try {
                body = req.json();
            } catch (RuntimeException e) {
                return SearchApi.error("Invalid JSON: " + e.getMessage(), "HttpMessageNotReadableException",
                        "body", null);
            }
            try {
                return SearchApi.answer(() -> jobs.create(req.tenant(), body));
            } catch (ResourceIdsJobs.Refused e) {
                return SearchApi.error(e.getMessage(), "MethodArgumentNotValidException", "entityType",
                        body.path("entityType").asText(null));
            }
        });
        r.get("/search/resources/jobs/{id}", JOBS_GET_PERMISSION, req -> {
            Optional<UUID> id = uuid(req.path("id"));
            Optional<ObjectNode> job = id.flatMap(i -> jobs.get(req.tenant(), i));
            return job.map(Response::ok).orElseGet(() -> notFound(req.path("id")));
        });
        r.get("/search/resources/jobs/{id}/ids", JOB_IDS_PERMISSION, req -> {
            Optional<UUID> id = uuid(req.path("id"));
            try {
                Optional<ObjectNode> ids = id.flatMap(i -> jobs.ids(req.tenant(), i));
                return ids.map(Response::ok).orElseGet(() -> notFound(req.path("id")));
            } catch (ResourceIdsJobs.NotCompleted e) {
                ObjectNode body = Json.object();
                body.putArray("errors").addObject().put("message", e.getMessage())
                        .put("type", "SearchServiceException").put("code", "service_error");
                body.put("total_records", 1);
                return Response.json(400, body);
            }
        });
    }

    /**
     * The legacy {@code /search/instances/ids} and {@code /search/holdings/ids}: every hit, no 10,000 cap, as JSON
     * {@code {ids:[{id}], totalRecords}} or, when {@code application/text} (or text/plain) is asked, one id a line.
     */
    static Response legacyIds(Request req, InstanceSearch search, boolean holdings) {
        String accept = req.header().apply("Accept").orElse("");
        boolean text = accept.contains("application/text") || accept.contains("text/plain");
        try {
            SearchQuery query = CqlTranslator.translate(SearchApi.query(req)).query(); // a bad query: 400, not a stream
            if (text) { // streamed: a million ids are never held in memory
                return Response.stream(accept.contains("application/text") ? "application/text" : "text/plain",
                        out -> {
                            var writer = new java.io.BufferedWriter(new java.io.OutputStreamWriter(out,
                                    java.nio.charset.StandardCharsets.UTF_8), 1 << 16);
                            try {
                                search.forEachId(req.tenant(), query, holdings, id -> {
                                    try {
                                        writer.write(id);
                                        writer.write('\n');
                                    } catch (java.io.IOException e) {
                                        throw new java.io.UncheckedIOException(e);
                                    }
                                });
                            } catch (java.io.UncheckedIOException e) {
                                throw e.getCause();
                            }
                            writer.flush();
                        });
            }
            List<String> ids = new ArrayList<>();
            search.forEachId(req.tenant(), query, holdings, ids::add);
            ObjectNode out = Json.object();
            ArrayNode array = out.putArray("ids");
            for (String id : ids) array.addObject().put("id", id);
            out.put("totalRecords", ids.size());
            return Response.ok(out);
        } catch (InvalidSearch e) {
            return SearchApi.error(e.getMessage(), "RequestValidationException", e.key(), e.value());
        } catch (CqlException e) {
            return SearchApi.error(e.getMessage(), "CqlSyntaxException", "query", null);
        }
    }

    private static Optional<UUID> uuid(String s) {
        try {
            return Optional.of(UUID.fromString(s));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Response notFound(String id) {
        ObjectNode body = Json.object();
        body.putArray("errors").addObject().put("message", "Unable to find resource ids job with id " + id)
                .put("type", "EntityNotFoundException").put("code", "not_found_error");
        body.put("total_records", 1);
        return Response.json(404, body);
    }
}
