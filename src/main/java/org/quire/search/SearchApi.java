package org.quire.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * mod-search's {@code GET /search/instances} and the legacy {@code GET /search/instances/ids} (mod-search.yaml;
 * permissions from its ModuleDescriptor). Every refusal is 400 in mod-search's error shape
 * {@code {errors:[{message, type, code, parameters:[{key, value}]}], total_records}}.
 */
public final class SearchApi {
    static final String SEARCH_PERMISSION = "search.instances.collection.get";
    static final String IDS_PERMISSION = "search.instances.ids.collection.get";

    private SearchApi() {
    }

    public static void register(Router r, InstanceSearch search) {
        r.get("/search/instances", SEARCH_PERMISSION, req -> answerJson(() -> {
            String query = query(req);
            int limit = number(req, "limit", 100, 0, 500);
            int offset = number(req, "offset", 0, 0, 10_000);
            boolean expandAll = req.param("expandAll").map(Boolean::parseBoolean).orElse(false);
            List<String> include = new ArrayList<>();
            for (String v : req.query().getOrDefault("include", List.of())) {
                for (String f : v.split(",")) if (!f.isBlank()) include.add(f.trim());
            }
            return search.search(new InstanceSearch.Request(req.tenant(), query, limit, offset, expandAll, include));
        }));
        r.get("/search/instances/ids", IDS_PERMISSION, req -> SearchIdsApi.legacyIds(req, search, false));
    }

    static String query(Request req) {
        Optional<String> q = req.param("query");
        if (q.isEmpty() || q.get().isBlank()) {
            throw new InvalidSearch("Required request parameter 'query' for method parameter type String is not "
                    + "present", "query", null);
        }
        return q.get();
    }

    /** mod-search validates limit and offset with bean validation: 400 naming the parameter and its value. */
    static int number(Request req, String name, int dflt, int min, int max) {
        Optional<String> v = req.param(name);
        if (v.isEmpty()) return dflt;
        int n;
        try {
            n = Integer.parseInt(v.get().trim());
        } catch (NumberFormatException e) {
            throw new InvalidSearch("Failed to convert value of type 'java.lang.String' to required type 'java.lang"
                    + ".Integer'; For input string: \"" + v.get() + "\"", name, v.get());
        }
        if (n < min) throw new InvalidSearch("must be greater than or equal to " + min, name, v.get());
        if (n > max) throw new InvalidSearch("must be less than or equal to " + max, name, v.get());
        return n;
    }

    static Response answer(Supplier<ObjectNode> work) {
        return refusing(() -> Response.ok(work.get()));
    }

    /** {@link #answer} of an answer already written as JSON. */
    static Response answerJson(Supplier<byte[]> work) {
        return refusing(() -> Response.okJson(work.get()));
    }

    /** {@code work}'s response, or mod-search's 400 for an invalid search or CQL it cannot parse. */
    private static Response refusing(Supplier<Response> work) {
        try {
            return work.get();
        } catch (InvalidSearch e) {
            return error(e.getMessage(), "RequestValidationException", e.key(), e.value());
        } catch (CqlException e) {
            return error(e.getMessage(), "CqlSyntaxException", "query", null);
        }
    }

    static Response error(String message, String type, String key, String value) {
        ObjectNode body = Json.object();
        ObjectNode error = body.putArray("errors").addObject();
        error.put("message", message).put("type", type).put("code", "validation_error");
        ObjectNode parameter = error.putArray("parameters").addObject();
        parameter.put("key", key);
        if (value == null) parameter.putNull("value");
        else parameter.put("value", value);
        body.put("total_records", 1);
        return Response.json(400, body);
    }
}
