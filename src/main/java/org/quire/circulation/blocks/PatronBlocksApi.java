package org.quire.circulation.blocks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.users.UsersStore;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;
import org.quire.users.PatronView;

import java.time.Instant;
import java.util.UUID;

/** mod-patron-blocks' endpoints, with its permission names. */
public final class PatronBlocksApi {
    private PatronBlocksApi() {
    }

    public static void register(Router r, Database db) {
        String conditions = "/patron-block-conditions";
        // The six conditions are fixed: they can be read and edited, never created or deleted.
        r.get(conditions, "patron-blocks.patron-block-conditions.collection.get",
                req -> RecordApi.collection(db, PatronBlockTypes.CONDITIONS, req));
        r.get(conditions + "/{id}", "patron-blocks.patron-block-conditions.item.get", req -> db.read(c ->
                        PatronBlockTypes.CONDITIONS.get(c, req.schema(), req.pathUuid("id"))).map(Response::ok)
                .orElseThrow(() -> RecordApi.notFound("patronBlockConditions", req.path("id"))));
        r.put(conditions + "/{id}", "patron-blocks.patron-block-conditions.item.put", req -> {
            db.tx(c -> PatronBlockTypes.CONDITIONS.update(c, req.schema(), req.pathUuid("id"), req.json(), req.userId()));
            return Response.noContent();
        });
        RecordApi.register(r, db, PatronBlockTypes.LIMITS, "/patron-block-limits", "patron-blocks.patron-block-limits");

        // Computed now from loans and items (two statements), never from a summary that events keep up to date.
        // An unknown user has no blocks, as in FOLIO.
        r.get("/automated-patron-blocks/{userId}", "patron-blocks.automated-patron-blocks.collection.get", req -> {
            UUID userId = req.pathUuid("userId");
            ObjectNode body = Json.object();
            ArrayNode blocks = body.putArray("automatedPatronBlocks");
            db.read(c -> {
                PatronView patron = UsersStore.patronById(c, req.schema(), userId).orElse(null);
                if (patron != null) {
                    for (AutomatedBlocks.Block b : AutomatedBlocks.forPatron(c, req.schema(), patron, Instant.now(),
                            AutomatedBlocks.Action.ANY)) blocks.add(b.toJson());
                }
                return null;
            });
            return Response.ok(body);
        });
    }
}
