package org.quire.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlClause;
import org.quire.platform.cql.CqlException;
import org.quire.platform.cql.CqlParser;
import org.quire.platform.cql.CqlQuery;
import org.quire.platform.cql.CqlToSql;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Database;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.platform.records.RecordStore;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The mod-inventory endpoints behind the Inventory app's instance view: a holdings record's items
 * ({@code /inventory/items-by-holdings-id}, ItemsByHoldingsRecordIdApi), the MARC-controlled fields
 * ({@code /inventory/config/.../blocked-fields}, InventoryConfigApi) and moving items and holdings records
 * ({@code /inventory/items/move}, {@code /inventory/holdings/move}, MoveApi). Permission names are mod-inventory's
 * ModuleDescriptor's.
 */
public final class InventoryUiApi {
    private InventoryUiApi() {
    }

    private static final String ONLY_BOUND_WITHS = "onlyBoundWiths";
    private static final String ONLY_BOUND_WITHS_SKIP = "onlyBoundWithsSkipDirectlyLinkedItem";

    public static void register(Router r, Database db) {
        r.get("/inventory/items-by-holdings-id", "inventory.items.collection.get", req -> itemsByHoldings(db, req));
        r.get("/inventory/config/instances/blocked-fields", "inventory.config.instances.blocked-fields.get",
                req -> blockedFields(BlockedFields.INSTANCE));
        r.get("/inventory/config/holdings/blocked-fields", "inventory.config.holdings.blocked-fields.get",
                req -> blockedFields(BlockedFields.HOLDINGS));
        r.post("/inventory/items/move", "inventory.items.move.item.post", req -> {
            ObjectNode body = req.json();
            String to = requiredId(body, "toHoldingsRecordId");
            List<String> ids = ids(body, "itemIds", "Item ids aren't specified");
            return moved(MoveRecords.moveItems(db, req.schema(), to, ids, req.userId()));
        });
        r.post("/inventory/holdings/move", "inventory.holdings.move.item.post", req -> {
            ObjectNode body = req.json();
            String to = requiredId(body, "toInstanceId");
            List<String> ids = ids(body, "holdingsRecordIds", "Holdings record ids aren't specified");
            return moved(MoveRecords.moveHoldings(db, req.schema(), to, ids, req.userId()));
        });
    }

    /**
     * ItemsByHoldingsRecordIdApi: FOLIO checks the query as text — it must mention holdingsRecordId, and split on
     * '=' into exactly two parts — and sends "holdingsRecordId==" + the second part (sort clause included) to item
     * storage. Quire parses that query and also insists it is the one holdingsRecordId clause (FOLIO would pass
     * "holdingsRecordId==H or barcode<>x" on, a scan of every item), else the same 400. The items are sorted in SQL
     * by typed columns and the names of their types and location
     * ({@link InventoryStore#itemFieldsWithReferenceNames}); a sort index Quire does not have is a 400. A term that is not a UUID matches nothing (200, no items), as RMB's CQL.
     * <p>
     * Bound-with items (relations) are not stored in Quire: every holdings record has only its own items, so
     * {@code relations=onlyBoundWiths} and {@code onlyBoundWithsSkipDirectlyLinkedItem} answer no items — what
     * FOLIO answers for a holdings record in no bound-with.
     * <p>
     * Statements: the page with its context (1), and a count only when the page is full (1).
     */
    private static Response itemsByHoldings(Database db, Request req) {
        String query = req.param("query").orElse(null);
        String relations = req.param("relations").orElse(null);
        if (query == null || !query.contains("holdingsRecordId"))
            throw ApiException.badRequest("Items must be retrieved by 'holdingsRecordId' from this API. Query was: " + query);
        if (relations != null && !Set.of(ONLY_BOUND_WITHS, ONLY_BOUND_WITHS_SKIP).contains(relations))
            throw ApiException.badRequest("The only valid values of the request parameter 'relations' are: '"
                    + ONLY_BOUND_WITHS + "' and '" + ONLY_BOUND_WITHS_SKIP + "'");
        String[] keyVal = query.replaceAll("[()]", "").split("[=]{1,2}");
        String notByHoldings = "Items must be retrieved by 'holdingsRecordId' from this API: "
                + "query=holdingsRecordId==[a UUID]. Query was: " + query;
        if (keyVal.length != 2) throw ApiException.badRequest(notByHoldings);
        int limit = Math.min(folioPaging(req.param("limit"), 200), 10_000);
        int offset = folioPaging(req.param("offset"), 0);

        CqlQuery cql;
        SqlWhere where;
        try {
            cql = CqlParser.parse("holdingsRecordId==" + keyVal[1]);
            if (!(cql.root() instanceof CqlClause clause) || !"holdingsRecordId".equalsIgnoreCase(clause.index())
                    || !Set.of("==", "=").contains(clause.relation()))
                throw ApiException.badRequest(notByHoldings);
            where = CqlToSql.translate(cql, InventoryStore.itemFieldsWithReferenceNames(req.schema()));
        } catch (CqlException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        if (relations != null) return Response.ok(RecordApi.page("items", List.of(), 0));
        // the id breaks ties, so that pages never overlap
        String order = (where.orderBy().isEmpty() ? "item_order" : where.orderBy()) + ", id";
        return db.read(c -> {
            List<ObjectNode> page = InventoryStore.searchItems(c, req.schema(), where, order, limit, offset).stream()
                    .map(ItemView::toBusinessJson).toList();
            long total = RecordStore.pageTellsTotal(limit, offset, page.size()) ? offset + page.size()
                    : InventoryStore.countItems(c, req.schema(), where);
            return Response.ok(RecordApi.page("items", page, total));
        });
    }

    /**
     * mod-inventory's paging for this API: anything but digits is the default, more than 10,000 is cut to 10,000
     * (no error).
     */
    private static int folioPaging(Optional<String> value, int dflt) {
        if (value.isEmpty() || !value.get().matches("\\d+")) return dflt;
        BigInteger n = new BigInteger(value.get());
        return n.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0 ? Integer.MAX_VALUE : n.intValue();
    }

    private static Response blockedFields(Set<String> fields) {
        ObjectNode out = Json.object();
        fields.forEach(out.putArray("blockedFields")::add);
        return Response.ok(out);
    }

    /** MoveValidator: a blank target is a 422 naming the property (value null). */
    private static String requiredId(ObjectNode body, String property) {
        JsonNode n = body.get(property);
        if (n != null && !n.isNull() && !n.isTextual())
            throw ApiException.badRequest("Json content error: " + property + " must be a string");
        String v = n == null || n.isNull() ? null : n.asText();
        if (v == null || v.isBlank()) throw ApiException.unprocessable(property + " is a required field", null, property, null);
        return v;
    }

    /** MoveValidator: no ids (absent, null or empty) is a 422; they must be strings. */
    private static List<String> ids(ObjectNode body, String property, String missing) {
        JsonNode n = body.get(property);
        if (n != null && !n.isNull() && !n.isArray())
            throw ApiException.badRequest("Json content error: " + property + " must be an array of strings");
        List<String> ids = new ArrayList<>();
        if (n != null) for (JsonNode id : n) {
            if (!id.isTextual()) throw ApiException.badRequest("Json content error: " + property + " must be an array of strings");
            ids.add(id.asText());
        }
        if (ids.isEmpty()) throw ApiException.unprocessable(missing, null, property, null);
        return ids;
    }

    /**
     * MoveApi's answers: 200 {"nonUpdatedIds": [...]}, or for an unknown target JsonResponse.unprocessableEntity's
     * string form, 422 {"errors": ["Holding with id=… not found"]}.
     */
    private static Response moved(MoveRecords.Outcome outcome) {
        return switch (outcome) {
            case MoveRecords.Outcome.Moved m -> {
                ObjectNode out = Json.object();
                m.nonUpdatedIds().forEach(out.putArray("nonUpdatedIds")::add);
                yield Response.ok(out);
            }
            case MoveRecords.Outcome.TargetNotFound t -> {
                ObjectNode out = Json.object();
                out.putArray("errors").add(t.message());
                yield Response.json(422, out);
            }
        };
    }
}
