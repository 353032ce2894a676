package org.quire.platform.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Ids;
import org.quire.platform.Json;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * What a route handler sees of an HTTP request: the verified tenant and user, path and query parameters and the
 * body. It carries no web-server types, so handlers stay testable and the server replaceable.
 *
 * @param tenant  the tenant id from X-Okapi-Tenant (null on routes that need none)
 * @param userId  the authenticated user (null on public routes)
 * @param viaApiKey whether the caller authenticated with an edge API key (an edge module's client) rather than a token
 */
public record Request(String tenant, UUID userId, String username, Map<String, String> pathParams,
                      Map<String, List<String>> query, byte[] body, Function<String, Optional<String>> header,
                      boolean viaApiKey) {

    public String schema() {
        return org.quire.platform.tenancy.Tenants.schema(tenant);
    }

    public String path(String name) {
        return pathParams.get(name);
    }

    public UUID pathUuid(String name) {
        String v = pathParams.get(name);
        return Ids.parse(v).orElseThrow(() -> ApiException.notFound("Not found: " + v));
    }

    /**
     * A path UUID as an RMB module checks it against its RAML's uriParameters pattern: 400 "'departmentId' parameter
     * is incorrect. parameter value {x} is not valid: must match ..." (mod-users' DepartmentsAPIIT).
     */
    public UUID rmbPathUuid(String name, String ramlName) {
        String v = pathParams.get(name);
        if (v == null || !v.matches("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-"
                + "[0-9a-fA-F]{12}$")) {
            throw ApiException.badRequest("'" + ramlName + "' parameter is incorrect. parameter value {" + v
                    + "} is not valid: must match \"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB]"
                    + "[0-9a-fA-F]{3}-[0-9a-fA-F]{12}$\"");
        }
        return UUID.fromString(v);
    }

    public Optional<String> param(String name) {
        List<String> v = query.get(name);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.getFirst());
    }

    public int intParam(String name, int dflt, int min, int max) {
        Optional<String> v = param(name);
        if (v.isEmpty() || v.get().isBlank()) return dflt;
        try {
            int n = Integer.parseInt(v.get().trim());
            if (n < min || n > max) throw ApiException.badRequest("'" + name + "' parameter must be between " + min
                    + " and " + max + ", was " + n);
            return n;
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("'" + name + "' parameter is incorrect. parameter value {" + v.get()
                    + "} is not valid: must be an integer");
        }
    }

    public String bodyText() {
        return body == null ? "" : new String(body, StandardCharsets.UTF_8);
    }

    /** The body as a JSON object; malformed JSON is the client's fault (400). */
    public ObjectNode json() {
        String text = bodyText();
        if (text.isBlank()) throw ApiException.badRequest("A JSON request body is required");
        try {
            return Json.parseInputObject(text);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }
}
