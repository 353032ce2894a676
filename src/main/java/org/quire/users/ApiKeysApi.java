package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.auth.ApiKeys;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.domain.Refusal;

import java.util.List;

/**
 * Quire's own API for a tenant administrator to issue, list and revoke the edge API keys of the tenant's
 * institutional users (FOLIO keeps such keys outside FOLIO, in the edge modules' secure store). The permission
 * names are Quire's. The key's text is in the answer to POST only: Quire keeps a hash of it.
 */
public final class ApiKeysApi {
    public static final String LIST_PERMISSION = "quire.api-keys.collection.get";
    public static final String CREATE_PERMISSION = "quire.api-keys.item.post";
    public static final String REVOKE_PERMISSION = "quire.api-keys.item.delete";

    private ApiKeysApi() {
    }

    public static void register(Router r, ApiKeys keys) {
        r.post("/quire/api-keys", CREATE_PERMISSION, req -> {
            JsonNode username = req.json().get("username");
            if (username == null || username.isNull() || (username.isTextual() && username.asText().isBlank())) {
                throw ApiException.unprocessable(List.of(Refusal.required("username")));
            }
            if (!username.isTextual()) throw ApiException.badRequest("username must be a string");
            ApiKeys.Issued issued;
            try {
                issued = keys.create(req.tenant(), username.asText(), req.userId());
            } catch (IllegalArgumentException e) {
                throw ApiException.unprocessable(e.getMessage(), "USER_NOT_FOUND", "username", username.asText());
            }
            ObjectNode body = json(issued.info()).put("apiKey", issued.key());
            return Response.created(body).header("Location", "/quire/api-keys/" + issued.info().id());
        });

        r.get("/quire/api-keys", LIST_PERMISSION, req -> {
            List<ApiKeys.KeyInfo> all = keys.list(req.tenant());
            ObjectNode body = Json.object();
            var a = body.putArray("apiKeys");
            for (ApiKeys.KeyInfo k : all) a.add(json(k));
            body.put("totalRecords", all.size());
            return Response.ok(body);
        });

        r.delete("/quire/api-keys/{id}", REVOKE_PERMISSION, req -> {
            // The id only: a key's text in a URL would end up in access logs.
            String id = req.pathUuid("id").toString();
            if (keys.revoke(req.tenant(), id).isEmpty()) throw ApiException.notFound("API key not found: " + id);
            return Response.noContent();
        });
    }

    private static ObjectNode json(ApiKeys.KeyInfo k) {
        ObjectNode o = Json.object().put("id", k.id().toString()).put("tenant", k.tenant())
                .put("userId", k.userId().toString()).put("username", k.username())
                .put("createdDate", Json.date(k.created()));
        if (k.createdBy() != null) o.put("createdByUserId", k.createdBy().toString());
        o.put("revoked", k.revoked() != null);
        if (k.revoked() != null) o.put("revokedDate", Json.date(k.revoked()));
        return o;
    }
}
