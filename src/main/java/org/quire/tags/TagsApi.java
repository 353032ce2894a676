package org.quire.tags;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.FieldType;
import org.quire.platform.db.Database;
import org.quire.platform.db.DbException;
import org.quire.platform.domain.DomainException;
import org.quire.platform.domain.NotFound;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Handler;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

import java.util.Optional;
import java.util.UUID;

/**
 * mod-tags' /tags (a Spring module: TagsController, TagServiceImpl, ErrorHandlingAdvice, swagger.api/tags.yml).
 * Its answers differ from RMB's, and Quire keeps them: every failure is JSON {"errors":[{message, type "-1", code}]}
 * — 422 VALIDATION_ERROR for bad input of any kind (malformed JSON, missing label, bad UUID, bad CQL, limit below 1,
 * negative offset, a label already taken: PostgreSQL's "Key (label)=(x) already exists."), 404 NOT_FOUND_ERROR
 * "Tag with id [x] was not found"; the default page is 1000 tags, and an empty page has no "tags" property at all.
 */
public final class TagsApi {
    private static final String UUID_PATTERN =
            "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$";
    /** mod-tags' columns are varchar(255) (create-tags-table.xml). */
    private static final int MAX_LENGTH = 255;

    public static final RecordStore TAGS = new RecordStore(RecordType.builder("tag", "tags")
            .column("label", "label", FieldType.TEXT)
            .column("description", "description", FieldType.TEXT)
            .keywords("label", "description")
            .defaultSort("label, id")
            .build());

    private TagsApi() {
    }

    public static void register(Router r, Database db) {
        r.get("/tags", "tags.collection.get", answering(req -> {
            int offset = intParam(req, "offset", 0, 0);
            int limit = intParam(req, "limit", 1000, 1);
            String query = req.param("query").filter(q -> !q.isBlank()).orElse(null);
            RecordStore.Page page;
            try {
                page = db.read(c -> TAGS.search(c, req.schema(), query, limit, offset));
            } catch (ApiException | DomainException e) {
                throw validation(e.getMessage()); // CQL the translator refuses
            }
            ObjectNode body = Json.object();
            if (!page.records().isEmpty()) body.putArray("tags").addAll(page.records());
            body.put("totalRecords", page.totalRecords());
            return Response.ok(body);
        }));
        r.get("/tags/{id}", "tags.item.get", answering(req -> {
            UUID id = id(req, "getTagById");
            return Response.ok(db.read(c -> TAGS.get(c, req.schema(), id)).orElseThrow(() -> notFound(id)));
        }));
        r.post("/tags", "tags.item.post", answering(req -> {
            ObjectNode tag = tag(req);
            if (tag.hasNonNull("id") && !tag.get("id").asText().matches(UUID_PATTERN)) {
                throw validation("id: must match \"" + UUID_PATTERN + "\"");
            }
            ObjectNode saved = db.tx(c -> TAGS.insert(c, req.schema(), tag, req.userId()));
            return Response.created(saved).header("Location", "/tags/" + saved.get("id").asText());
        }));
        r.put("/tags/{id}", "tags.item.put", answering(req -> {
            UUID id = id(req, "putTagById");
            ObjectNode tag = tag(req);
            db.tx(c -> {
                ObjectNode stored = TAGS.getForUpdate(c, req.schema(), id).orElseThrow(() -> notFound(id));
                // TagsMapper.updateTag: only label and description change.
                ObjectNode next = stored.deepCopy();
                next.set("label", tag.get("label"));
                if (tag.hasNonNull("description")) next.set("description", tag.get("description"));
                else next.remove("description");
                return TAGS.replace(c, req.schema(), stored, next, req.userId());
            });
            return Response.noContent();
        }));
        r.delete("/tags/{id}", "tags.item.delete", answering(req -> {
            UUID id = id(req, "deleteTagById");
            if (!db.tx(c -> TAGS.delete(c, req.schema(), id))) throw notFound(id);
            return Response.noContent();
        }));
    }

    /** The body as mod-tags' TagDto: a JSON object with a string label, both texts at most 255 characters. */
    private static ObjectNode tag(Request req) {
        ObjectNode tag;
        try {
            tag = req.json();
        } catch (ApiException e) {
            throw validation("JSON parse error: " + e.getMessage());
        }
        JsonNode label = tag.get("label");
        if (label == null || label.isNull()) throw validation("label: must not be null");
        for (String f : new String[]{"label", "description"}) {
            JsonNode v = tag.get(f);
            if (v == null || v.isNull()) continue;
            if (!v.isValueNode()) throw validation("JSON parse error: " + f + " must be a string");
            if (v.asText().length() > MAX_LENGTH) {
                throw validation("value too long for type character varying(" + MAX_LENGTH + ")");
            }
        }
        return tag;
    }

    private static UUID id(Request req, String operation) {
        String v = req.path("id");
        if (v == null || !v.matches(UUID_PATTERN)) throw validation(operation + ".id: must match \"" + UUID_PATTERN + "\"");
        return UUID.fromString(v);
    }

    private static int intParam(Request req, String name, int dflt, int min) {
        Optional<String> v = req.param(name);
        if (v.isEmpty()) return dflt;
        int n;
        try {
            n = Integer.parseInt(v.get().trim());
        } catch (NumberFormatException e) {
            throw validation("Failed to convert value of type 'java.lang.String' to required type 'java.lang.Integer'; "
                    + "For input string: \"" + v.get() + "\"");
        }
        if (n < min) throw validation("getTagCollection." + name + ": must be greater than or equal to " + min);
        return n;
    }

    /** Every failure in mod-tags' shape; a duplicate label is the database's detail, as ErrorHandlingAdvice. */
    private static Handler answering(Handler h) {
        return req -> {
            try {
                return h.handle(req);
            } catch (TagError e) {
                return e.response;
            } catch (DbException e) {
                // A batch insert reports the server's error as its next exception.
                for (java.sql.SQLException s = e.sqlException(); s != null; s = s.getNextException()) {
                    if ("23505".equals(s.getSQLState()) && s instanceof org.postgresql.util.PSQLException p
                            && p.getServerErrorMessage() != null && p.getServerErrorMessage().getDetail() != null) {
                        return error(422, p.getServerErrorMessage().getDetail(), "VALIDATION_ERROR");
                    }
                }
                throw e;
            } catch (ApiException e) {
                if (e.status() == 401 || e.status() == 403) throw e;
                return error(e.status() == 404 ? 404 : 422, e.getMessage(),
                        e.status() == 404 ? "NOT_FOUND_ERROR" : "VALIDATION_ERROR");
            } catch (DomainException e) {
                // the record store's refusals, once it throws domain exceptions (issue 11), in mod-tags' shape too
                return e instanceof NotFound ? error(404, e.getMessage(), "NOT_FOUND_ERROR")
                        : error(422, e.getMessage(), "VALIDATION_ERROR");
            }
        };
    }

    private static TagError validation(String message) {
        return new TagError(error(422, message, "VALIDATION_ERROR"));
    }

    private static TagError notFound(UUID id) {
        return new TagError(error(404, "Tag with id [" + id + "] was not found", "NOT_FOUND_ERROR"));
    }

    private static Response error(int status, String message, String code) {
        ObjectNode e = Json.object().put("message", message).put("type", "-1").put("code", code);
        ObjectNode body = Json.object();
        body.putArray("errors").add(e);
        return Response.json(status, body);
    }

    /** A refusal already in mod-tags' shape. */
    private static final class TagError extends RuntimeException {
        final Response response;

        TagError(Response response) {
            super(null, null, false, false);
            this.response = response;
        }
    }
}
