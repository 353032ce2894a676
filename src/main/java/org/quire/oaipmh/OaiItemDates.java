package org.quire.oaipmh;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.platform.db.Database;
import org.quire.platform.events.Event;
import org.quire.platform.events.ItemCirculationKeys;
import org.quire.platform.tenancy.Tenants;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Re-dates an instance for marc21_withholdings when one of its items is created, changed, moved or deleted
 * (mod-inventory-storage's item triggers set {@code instance.complete_updated_date}; mod-oai-pmh harvests by it). Not
 * a trigger: every check-out and check-in changes an item, and rewriting the instance row in the same transaction
 * cost +200 µs of PostgreSQL time per item update (V43's comment). Instead the outbox delivers the item events here in
 * batches, off the request path: one statement re-dates all the batch's instances. The date is the delivery's, after
 * the item's commit — a harvest whose {@code until} was frozen before it leaves the record to the next incremental
 * harvest, so nothing is missed; delivery is at least once, and a second re-dating is harmless. An instance whose
 * row the item's own transaction wrote (an import creates instance, holdings record and item together) is not
 * re-dated: it was dated in that transaction and committed with the item, as V44's triggers leave an instance their
 * holdings' transaction dated. Re-dating them rewrote every instance of an import once more after its commit (100,000
 * rows and 213 MB of WAL for 100,000 records; docs/benchmarks.md, issue 14).
 *
 * <p>Unlike FOLIO, a change of circulation's keys only (a check-out, a check-in: {@link ItemCirculationKeys}) does not
 * re-date: the 952 prints none of them, so the record a harvester would fetch again is the one it has. Re-dating
 * rewrote an instance row and its seven index entries per check-out and check-in, in the background but on the same
 * two cores: check-out's p95 at one user was 2.09–2.18 ms with it, 1.63 ms without (docs/benchmarks.md, issue 16).
 */
public final class OaiItemDates {
    public static final Set<String> TOPICS = Set.of("inventory.item");

    private final Database db;

    public OaiItemDates(Database db) {
        this.db = db;
    }

    /** The dispatcher's batch consumer: one batch is one tenant's. */
    public void onEvents(List<Event> events) {
        Set<OaiStore.Touch> holdings = new LinkedHashSet<>();
        Set<OaiStore.Touch> instances = new LinkedHashSet<>();
        for (Event e : events) {
            // A check-out or check-in changes none of what the 952 prints (docs/architecture.md, OAI-PMH).
            if (ItemCirculationKeys.onlyTheyChanged(e.payload().path("old"), e.payload().path("new"))) continue;
            for (String side : List.of("old", "new")) {
                JsonNode version = e.payload().path(side);
                add(holdings, version.path("holdingsRecordId"), e);
                add(instances, version.path("instanceId"), e); // an item moved with its holdings says so
            }
        }
        if (holdings.isEmpty() && instances.isEmpty()) return;
        String schema = Tenants.schema(events.getFirst().tenant());
        db.tx(c -> OaiStore.reDate(c, schema, holdings, instances));
    }

    private static void add(Set<OaiStore.Touch> touched, JsonNode id, Event e) {
        if (!id.isTextual()) return;
        try {
            touched.add(new OaiStore.Touch(UUID.fromString(id.asText()), e.writtenBy()));
        } catch (IllegalArgumentException ignored) {
            // not an id: nothing to re-date
        }
    }
}
