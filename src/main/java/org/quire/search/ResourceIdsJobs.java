package org.quire.search;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.tenancy.Tenants;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * mod-search's resource-id jobs (ResourceIdsJobService, ResourceIdService; Karate resource-ids-search.feature):
 * POST saves the job IN_PROGRESS and answers at once; a background thread runs the query over the whole index
 * (doc values, no 10,000 cap) and stores the ids, COMPLETED — or ERROR for a query that does not parse or translate.
 * Reading the ids marks the job DEPRECATED; reading them again is 400 "Completed async job with query=[q] was not
 * found." (code service_error). Jobs live in a table (V29): a restart turns a job left IN_PROGRESS into ERROR.
 */
public final class ResourceIdsJobs implements AutoCloseable {
    static final Set<String> ENTITY_TYPES = Set.of("INSTANCE", "HOLDINGS", "AUTHORITY");
    /** createdDate as mod-search's example shows it (LocalDateTime, no zone). */
    static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private final Database db;
    private final SearchIndexes indexes;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            org.quire.platform.BackgroundPriority.threads("search-ids-jobs"));

    public ResourceIdsJobs(Database db, SearchIndexes indexes) {
        this.db = db;
        this.indexes = indexes;
    }

    /** A job request refused before it is saved (mod-search's bean validation): message and the offending value. */
    public static final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message, null, false, false);
        }
    }

    public ObjectNode create(String tenant, ObjectNode body) {
        if (!body.path("query").isTextual()) throw new Refused("must not be null");
        if (!body.path("entityType").isTextual()) throw new Refused("must not be null");
        String entityType = body.path("entityType").asText();
        if (!ENTITY_TYPES.contains(entityType)) throw new Refused("Unexpected value '" + entityType + "'");
        String schema = Tenants.schema(tenant);
        SearchStore.IdsJob job = new SearchStore.IdsJob(UUID.randomUUID(), body.path("query").asText(), entityType,
                "IN_PROGRESS", Instant.now().truncatedTo(ChronoUnit.MILLIS));
        db.tx(c -> {
            SearchStore.insertJob(c, schema, job);
            return null;
        });
        worker.execute(() -> run(tenant, job));
        return render(job);
    }

    private void run(String tenant, SearchStore.IdsJob job) {
        String schema = Tenants.schema(tenant);
        List<UUID> ids = new ArrayList<>();
        String status = "COMPLETED";
        try {
            if (job.query().isBlank()) throw new InvalidSearch("blank query", "query", job.query());
            if (job.entityType().equals("AUTHORITY")) { // the authority index; an authority once, whatever its headings
                SearchQuery q = CqlTranslator.translate(job.query(), AuthorityFields.CQL).query();
                java.util.Set<UUID> distinct = new java.util.LinkedHashSet<>();
                indexes.authorities(tenant).forEachAuthorityId(q, id -> distinct.add(UUID.fromString(id)));
                ids.addAll(distinct);
            } else {
                SearchQuery q = CqlTranslator.translate(job.query()).query();
                indexes.of(tenant).forEachId(q, job.entityType().equals("HOLDINGS"), id -> ids.add(UUID.fromString(id)));
            }
        } catch (RuntimeException e) { // a bad query (CQL syntax, unknown index) ends the job in ERROR, as mod-search
            status = "ERROR";
            ids.clear();
        }
        String finalStatus = status;
        db.tx(c -> {
            SearchStore.finishJob(c, schema, job.id(), finalStatus, finalStatus.equals("ERROR") ? null : ids);
            return null;
        });
    }

    public Optional<ObjectNode> get(String tenant, UUID id) {
        return db.read(c -> SearchStore.job(c, Tenants.schema(tenant), id)).map(ResourceIdsJobs::render);
    }

    /** {ids:[{id}], totalRecords}; empty when the job is unknown; throws when it is not COMPLETED. */
    public Optional<ObjectNode> ids(String tenant, UUID id) {
        String schema = Tenants.schema(tenant);
        return db.tx(c -> {
            Optional<SearchStore.IdsJob> job = SearchStore.job(c, schema, id);
            if (job.isEmpty()) return Optional.empty();
            List<UUID> ids = SearchStore.takeIds(c, schema, id).orElseThrow(() -> new NotCompleted(
                    "Completed async job with query=[" + job.get().query() + "] was not found."));
            ObjectNode out = Json.object();
            var array = out.putArray("ids");
            for (UUID i : ids) array.addObject().put("id", i.toString());
            out.put("totalRecords", ids.size());
            return Optional.of(out);
        });
    }

    /** mod-search's SearchServiceException for ids of a job that is not COMPLETED (400, code service_error). */
    public static final class NotCompleted extends RuntimeException {
        NotCompleted(String message) {
            super(message, null, false, false);
        }
    }

    public void failUnfinished(String tenant) {
        db.tx(c -> {
            SearchStore.failUnfinishedJobs(c, Tenants.schema(tenant));
            return null;
        });
    }

    private static ObjectNode render(SearchStore.IdsJob job) {
        return Json.object().put("id", job.id().toString()).put("query", job.query()).put("status", job.status())
                .put("entityType", job.entityType()).put("createdDate", CREATED.format(job.createdDate()));
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
