package org.quire.dataimport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marc4j.marc.Record;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.inventory.InventoryTypes;
import org.quire.marc.MarcRecordOrError;
import org.quire.marc.rules.MarcMapper;
import org.quire.platform.Json;
import org.quire.srs.SrsRecord;
import org.quire.srs.SrsRecordType;
import org.quire.srs.SrsStore;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One chunk of an import in the caller's transaction: per record the SRS record (snapshot = the job), the instance
 * mapped by the tenant's MARC-bib rules (source MARC, HRID from inventory's sequence), the SRS record linked back
 * (001 = HRID, 999 ff $i/$s: mod-inventory's CreateInstanceEventHandler), the holdings and items of the profile's
 * CREATE actions ({@link ProfileActions}), and one journal entry. With match profiles in the job, each record goes
 * where {@link ProfileRoutes} sends it: matched and UPDATE → the instance re-mapped in place and a new SRS generation
 * (UPDATED); not matched and CREATE → created as above; no action → DISCARDED without an error ("No action"); more
 * than one match → an error entry; matched holdings and items updated (or created on NON_MATCH) by
 * {@link HoldingsItemWrites}. Round trips for a chunk of updates: one per match profile, one to lock the
 * instances, one for their SRS records, one batch of instance updates, three for the SRS generations, one for the
 * journal. The chunk is written in batches; if a batch fails
 * the chunk is redone record by record, each under a savepoint, so a bad record becomes an error entry and nothing
 * of it is half-written while the others are kept.
 */
final class ImportChunk {
    /** SRM's ChangeEngineServiceImpl text for an incoming record that already carries 999 ff $i or $s. */
    static final String ALREADY_LINKED = "A new Instance was not created because the incoming record already "
            + "contained a 999ff$s or 999ff$i field";

    private final String schema;
    private final UUID jobId;
    private final MarcMapper mapper;
    private final ProfileActions actions;
    private final ProfileRoutes routes;
    private final UUID userId;
    /** The actions of each route met so far (by the action profiles' snapshot ids), read once per job. */
    private final Map<List<UUID>, ProfileActions> routeActions = new HashMap<>();

    ImportChunk(String schema, UUID jobId, MarcMapper mapper, ProfileActions actions, ProfileRoutes routes,
                UUID userId) {
        this.schema = schema;
        this.jobId = jobId;
        this.mapper = mapper;
        this.actions = actions;
        this.routes = routes;
        this.userId = userId;
    }

    /**
     * A record ready to write: its SRS record (not yet linked), the mapped instance and holdings/items; for an
     * update, {@code previous} is the existing instance (locked) and {@code srs} its next generation.
     */
    private record Prepared(int order, SrsRecord srs, ObjectNode instance, ObjectNode holdings, ObjectNode item,
                            ObjectNode previous, HoldingsItemWrites.Work below, String title) {
        Prepared fresh() {
            return new Prepared(order, srs, copy(instance), copy(holdings), copy(item), copy(previous), below, title);
        }

        /** A matched record (its instance updated, or its holdings and items only). */
        boolean isUpdate() {
            return previous != null || below != null;
        }

        private static ObjectNode copy(ObjectNode n) {
            return n == null ? null : n.deepCopy();
        }
    }

    /** A matched record: its instance (when the route updates it) and what it does below (holdings, items). */
    private record Update(int order, Record marc, ProfileRoutes.Route route, ProfileActions actions) {
        boolean updatesInstance() {
            return route.instance() != null && actions.updatesInstance();
        }
    }

    void write(Connection c, List<MarcRecordOrError> entries) throws SQLException {
        List<LogEntry> log = new ArrayList<>();
        List<Prepared> ready = new ArrayList<>();
        Map<Integer, ProfileRoutes.Route> routed = Map.of();
        if (routes.matches()) {
            List<ProfileRoutes.Incoming> incoming = new ArrayList<>();
            for (MarcRecordOrError e : entries) {
                if (!e.isError()) incoming.add(new ProfileRoutes.Incoming(e.index() - 1, e.record()));
            }
            routed = routes.route(c, schema, incoming);
        }
        List<Update> updates = new ArrayList<>();
        for (MarcRecordOrError e : entries) {
            int order = e.index() - 1;
            if (e.isError()) {
                log.add(discarded(order, null, null, e.error()));
                continue;
            }
            try {
                ProfileRoutes.Route route = routed.get(order);
                if (route == null) {
                    ready.add(prepare(order, e.record(), actions));
                    continue;
                }
                if (route.error() != null && route.errorEntity() == MatchRule.Entity.INSTANCE) {
                    log.add(discarded(order, null, title(e.record()), route.error()));
                    continue;
                }
                ProfileActions a = actionsOf(c, route.actions());
                if (route.instance() == null && a.createsInstance()) {
                    // a new instance (with the holdings and item of its CREATE actions)
                    ready.add(prepare(order, e.record(), a));
                } else if (route.matched() || a.updatesHoldings() || a.updatesItem()) {
                    updates.add(new Update(order, e.record(), route, a));
                } else if (route.error() != null) {
                    log.add(discarded(order, null, title(e.record()), route.error()));
                } else {
                    log.add(noAction(order, title(e.record())));
                }
            } catch (Discard d) {
                log.add(discarded(order, null, d.title, d.getMessage()));
            } catch (RuntimeException x) {
                log.add(discarded(order, null, null, "The record could not be mapped: " + x.getMessage()));
            }
        }
        prepareUpdates(c, updates, ready, log);
        List<LogEntry> written;
        try {
            written = DataImportStore.underSavepoint(c, tx -> insert(tx, ready.stream().map(Prepared::fresh).toList()));
        } catch (SQLException | RuntimeException batchFailed) {
            // Some record of the chunk fails: redo it record by record, each under its own savepoint.
            written = new ArrayList<>();
            for (Prepared p : ready) {
                try {
                    written.addAll(DataImportStore.underSavepoint(c, tx -> insert(tx, List.of(p.fresh()))));
                } catch (SQLException | RuntimeException failed) {
                    written.add(discarded(p.order(), null, p.instance().path("title").asText(null),
                            reason(failed)));
                }
            }
        }
        log.addAll(written);
        log.sort(java.util.Comparator.comparingInt(LogEntry::sourceRecordOrder));
        DataImportStore.insertLogEntries(c, schema, log);
    }

    /** Why a record failed in storage, with the field a validation names ("title: must not be null"). */
    static String reason(Exception e) {
        if (e instanceof org.quire.platform.domain.Refused r) {
            List<String> parts = new ArrayList<>();
            for (var refusal : r.refusals()) {
                String fields = String.join(", ", refusal.parameters().stream()
                        .map(org.quire.platform.domain.Refusal.Parameter::key).toList());
                parts.add(fields.isEmpty() ? refusal.message() : fields + ": " + refusal.message());
            }
            return String.join("; ", parts);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** A record the pipeline refuses before writing anything, with FOLIO's message. */
    private static final class Discard extends RuntimeException {
        final String title;

        Discard(String message, String title) {
            super(message, null, false, false);
            this.title = title;
        }
    }

    private ProfileActions actionsOf(Connection c, List<ProfileSnapshot> reached) throws SQLException {
        List<UUID> key = reached.stream().map(ProfileSnapshot::id).toList();
        ProfileActions a = routeActions.get(key);
        if (a == null) {
            a = ProfileActions.of(c, schema, reached);
            routeActions.put(key, a);
        }
        return a;
    }

    /**
     * The matched records' updates: their instances locked and their current SRS records' matchedIds read in one
     * statement each for the whole chunk. A second record of the chunk matching an instance already being updated is an
     * error entry (the chunk is one batch; FOLIO would apply the two one after the other).
     */
    private void prepareUpdates(Connection c, List<Update> updates, List<Prepared> ready, List<LogEntry> log)
            throws SQLException {
        if (updates.isEmpty()) return;
        Set<UUID> ids = new LinkedHashSet<>();
        for (Update u : updates) if (u.updatesInstance()) ids.add(u.route().instance());
        Map<UUID, ObjectNode> instances = InventoryTypes.INSTANCES.getManyForUpdate(c, schema, ids);
        Map<UUID, UUID> currentMatched = SrsStore.currentMarcBibMatchedIds(c, schema, ids);
        Set<UUID> taken = new HashSet<>();
        for (Update u : updates) {
            ProfileRoutes.Route r = u.route();
            HoldingsItemWrites.Work below = new HoldingsItemWrites.Work(u.order(), u.marc(), u.actions(),
                    r.instance(), r.holdings(), r.item(), r.error(), r.errorEntity(), r.unmatched());
            if (!HoldingsItemWrites.hasWork(below)) below = null;
            try {
                if (!u.updatesInstance()) {
                    if (below == null) log.add(noAction(u.order(), title(u.marc())));
                    else ready.add(new Prepared(u.order(), null, null, null, null, null, below, title(u.marc())));
                    continue;
                }
                ObjectNode existing = instances.get(r.instance());
                if (existing == null) {
                    log.add(discarded(u.order(), null, title(u.marc()), "The matched instance " + r.instance()
                            + " was not found"));
                } else if (!taken.add(r.instance())) {
                    log.add(discarded(u.order(), null, title(u.marc()), "The matched instance "
                            + existing.path("hrid").asText() + " is updated by an earlier record of the same file"));
                } else {
                    ready.add(prepareUpdate(u, existing, currentMatched.get(r.instance()), below));
                }
            } catch (RuntimeException x) {
                log.add(discarded(u.order(), null, null, "The record could not be mapped: " + x.getMessage()));
            }
        }
    }

    /**
     * The update of one matched record: the instance re-mapped ({@link UpdatedInstance}) with the UPDATE action's
     * mapping values, and the next SRS generation of its MARC record (the same matchedId; a new one when the
     * instance had no MARC record yet).
     */
    private Prepared prepareUpdate(Update u, ObjectNode existing, UUID currentMatchedId,
                                   HoldingsItemWrites.Work below) {
        UUID srsId = UUID.randomUUID();
        UUID matchedId = currentMatchedId == null ? srsId : currentMatchedId;
        SrsRecord srs = SrsRecord.fromImport(srsId, matchedId, jobId, SrsRecordType.MARC_BIB, u.marc(), u.order());
        ObjectNode next = UpdatedInstance.of(existing, mapper.toInstance(u.marc()));
        u.actions().applyToUpdatedInstance(next, u.marc());
        return new Prepared(u.order(), srs, next, null, null, existing, below, null);
    }

    /** The incoming record's title as the rules map it, for the log of a record that was not imported. */
    private String title(Record marc) {
        try {
            return mapper.toInstance(marc).path("title").asText(null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private Prepared prepare(int order, Record marc, ProfileActions actions) {
        if (ImportJob.alreadyLinked(marc)) {
            throw new Discard(ALREADY_LINKED, null);
        }
        UUID srsId = UUID.randomUUID();
        SrsRecord srs = SrsRecord.fromImport(srsId, jobId, SrsRecordType.MARC_BIB, marc, order);
        ObjectNode instance = mapper.toInstance(marc);
        instance.put("id", UUID.randomUUID().toString());
        // The rules map 001 to hrid; mod-inventory's CreateInstanceEventHandler drops it so that storage assigns the
        // tenant's next HRID (which then becomes the record's 001).
        instance.remove("hrid");
        actions.applyToInstance(instance, marc);
        ObjectNode holdings = actions.holdings(instance, marc);
        ObjectNode item = holdings == null ? null : actions.item(holdings, marc);
        return new Prepared(order, srs, instance, holdings, item, null, null, null);
    }

    /** Writes prepared records in batches; answers their CREATED and UPDATED log entries. */
    private List<LogEntry> insert(Connection c, List<Prepared> records) throws SQLException {
        List<Prepared> updates = records.stream().filter(Prepared::isUpdate).toList();
        List<LogEntry> out = new ArrayList<>(create(c, records.stream().filter(p -> !p.isUpdate()).toList()));
        if (updates.isEmpty()) return out;
        List<Prepared> instanceUpdates = updates.stream().filter(p -> p.previous() != null).toList();
        if (!instanceUpdates.isEmpty()) {
            InventoryTypes.INSTANCES.replaceAll(c, schema, instanceUpdates.stream().map(Prepared::previous).toList(),
                    instanceUpdates.stream().map(Prepared::instance).toList(), userId);
            List<SrsRecord> srs = new ArrayList<>();
            for (Prepared p : instanceUpdates) {
                srs.add(p.srs().linkedToInstance(UUID.fromString(p.instance().get("id").asText()),
                        p.instance().get("hrid").asText()));
            }
            SrsStore.newGenerations(c, schema, srs, userId);
        }
        Map<Integer, HoldingsItemWrites.Outcome> below = HoldingsItemWrites.write(c, schema,
                updates.stream().map(Prepared::below).filter(b -> b != null).toList(), userId);
        for (Prepared p : updates) out.add(updated(p, below.get(p.order())));
        return out;
    }

    private List<LogEntry> create(Connection c, List<Prepared> records) throws SQLException {
        if (records.isEmpty()) return List.of();
        List<ObjectNode> instances = records.stream().map(Prepared::instance).toList();
        // The SRS records first: an instance inserted after its MARC bib is born on the SRS side of OAI-PMH (V44's
        // trigger), where the other order rewrote every new instance row once more.
        InventoryTypes.assignInstanceHrids(c, schema, instances);
        List<SrsRecord> srs = new ArrayList<>();
        for (Prepared p : records) {
            srs.add(p.srs().linkedToInstance(UUID.fromString(p.instance().get("id").asText()),
                    p.instance().get("hrid").asText()));
        }
        SrsStore.insert(c, schema, srs, userId);
        InventoryTypes.INSTANCES.insertAll(c, schema, instances, userId, false);
        List<ObjectNode> holdings = records.stream().map(Prepared::holdings).filter(h -> h != null).toList();
        if (!holdings.isEmpty()) InventoryTypes.HOLDINGS.insertAll(c, schema, holdings, userId, false);
        List<ObjectNode> items = records.stream().map(Prepared::item).filter(i -> i != null).toList();
        if (!items.isEmpty()) InventoryTypes.ITEMS.insertAll(c, schema, items, userId, false);
        List<LogEntry> out = new ArrayList<>();
        for (Prepared p : records) out.add(created(p));
        return out;
    }

    /** SRM's journal for a created record: relatedInstanceInfo, relatedHoldingsInfo, relatedItemInfo. */
    private LogEntry created(Prepared p) {
        ObjectNode related = Json.object();
        ObjectNode inst = related.putObject("relatedInstanceInfo");
        inst.put("actionStatus", "CREATED");
        inst.putArray("idList").add(p.instance().get("id").asText());
        inst.putArray("hridList").add(p.instance().get("hrid").asText());
        String holdingsStatus = null, itemStatus = null;
        ArrayNode hs = related.putArray("relatedHoldingsInfo");
        if (p.holdings() != null) {
            holdingsStatus = "CREATED";
            hs.addObject().put("actionStatus", "CREATED").put("id", p.holdings().get("id").asText())
                    .put("hrid", p.holdings().path("hrid").asText())
                    .put("permanentLocationId", p.holdings().path("permanentLocationId").asText(null));
        }
        ArrayNode is = related.putArray("relatedItemInfo");
        if (p.item() != null) {
            itemStatus = "CREATED";
            is.addObject().put("actionStatus", "CREATED").put("id", p.item().get("id").asText())
                    .put("hrid", p.item().path("hrid").asText())
                    .put("holdingsId", p.holdings().get("id").asText());
        }
        return new LogEntry(null, jobId, p.srs().id(), p.order(), "MARC_BIB",
                p.instance().path("title").asText(null), "CREATED", "CREATED", holdingsStatus, itemStatus, null, null,
                related);
    }

    /**
     * SRM's journal for a matched record: its instance and MARC record UPDATED (when the route updated them), and
     * its holdings and item as {@link HoldingsItemWrites} left them (UPDATED, CREATED, DISCARDED with FOLIO's error,
     * or DISCARDED without one: "No action").
     */
    private LogEntry updated(Prepared p, HoldingsItemWrites.Outcome below) {
        ObjectNode related = Json.object();
        String status = null;
        if (p.instance() != null) {
            status = "UPDATED";
            ObjectNode inst = related.putObject("relatedInstanceInfo");
            inst.put("actionStatus", "UPDATED");
            inst.putArray("idList").add(p.instance().get("id").asText());
            inst.putArray("hridList").add(p.instance().path("hrid").asText());
        }
        ArrayNode hs = related.putArray("relatedHoldingsInfo");
        ArrayNode is = related.putArray("relatedItemInfo");
        String holdingsStatus = null, itemStatus = null, error = null;
        if (below != null) {
            holdingsStatus = below.holdingsStatus();
            itemStatus = below.itemStatus();
            if (below.holdingsInfo() != null) hs.add(below.holdingsInfo());
            if (below.itemInfo() != null) is.add(below.itemInfo());
            error = below.error();
        }
        String title = p.instance() != null ? p.instance().path("title").asText(null) : p.title();
        return new LogEntry(null, jobId, p.srs() == null ? null : p.srs().id(), p.order(), "MARC_BIB", title, status,
                status, holdingsStatus, itemStatus, null, error, related);
    }

    /**
     * SRM's journal for a record no action applied to (a NON_MATCH without a profile below it): DISCARDED without an
     * error, which the Data import app shows as "No action" and the summary does not count as an error.
     */
    private LogEntry noAction(int order, String title) {
        ObjectNode related = Json.object();
        related.putObject("relatedInstanceInfo").put("actionStatus", "DISCARDED");
        return new LogEntry(null, jobId, null, order, "MARC_BIB", title, "DISCARDED", "DISCARDED", null, null, null,
                null, related);
    }

    /** SRM's journal for a record that was not imported: DISCARDED with the reason. */
    private LogEntry discarded(int order, UUID srsId, String title, String error) {
        ObjectNode related = Json.object();
        related.putObject("relatedInstanceInfo").put("actionStatus", "DISCARDED").put("error", error);
        return new LogEntry(null, jobId, srsId, order, "MARC_BIB", title, "DISCARDED", "DISCARDED", null, null, null,
                error == null ? "The record was not imported" : error, related);
    }
}
