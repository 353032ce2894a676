package org.quire.search;

import org.quire.platform.db.Database;
import org.quire.platform.events.Event;
import org.quire.platform.tenancy.Tenants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Keeps each tenant's authority index equal to authority-storage's rows, as InstanceIndexer does for instances: a
 * batch consumer of the outbox's {@code authority.authority} events (AuthorityTypes) re-reads the authorities touched
 * in one statement, replaces all their heading documents (or deletes them when the authority is gone) and commits
 * before the dispatcher deletes the batch — idempotent, at least once, in order, searchable within a second.
 */
public final class AuthorityIndexer {
    private static final Logger log = LoggerFactory.getLogger(AuthorityIndexer.class);
    /** authority-storage's topic (AuthorityTypes.AUTHORITIES .events). */
    public static final Set<String> TOPICS = Set.of("authority.authority");
    private static final int PAGE = 500;

    private final Database db;
    private final SearchIndexes indexes;

    public AuthorityIndexer(Database db, SearchIndexes indexes) {
        this.db = db;
        this.indexes = indexes;
    }

    /** The dispatcher's batch consumer: one batch is one tenant's. */
    public void onEvents(List<Event> events) {
        Set<UUID> ids = new LinkedHashSet<>();
        for (Event e : events) if (TOPICS.contains(e.topic()) && e.recordId() != null) ids.add(e.recordId());
        if (ids.isEmpty()) return;
        String tenant = events.getFirst().tenant();
        List<AuthoritySearchStore.AuthorityRow> rows = db.read(c ->
                AuthoritySearchStore.authorities(c, Tenants.schema(tenant), ids));
        Map<String, List<AuthorityDocument>> docs = new LinkedHashMap<>();
        Set<String> gone = new HashSet<>();
        for (UUID id : ids) gone.add(id.toString());
        for (AuthoritySearchStore.AuthorityRow r : rows) {
            docs.put(r.id().toString(), AuthorityDocument.of(tenant, r.authority()));
            gone.remove(r.id().toString());
        }
        indexes.applyAuthorities(tenant, docs, gone); // to a live reindex's new index too
    }

    /**
     * At start, before the outbox is delivered: indexes the tenant fully when its authority index is empty while it
     * has authorities, or holds documents of another {@link AuthorityDocument#VERSION}. Events already in the outbox
     * are re-applied afterwards, harmlessly (idempotent).
     */
    public void indexIfEmpty(String tenant) {
        AuthorityIndex index = indexes.authorities(tenant);
        boolean stale = index.count() > 0 && !AuthorityDocument.VERSION.equals(index.documentVersion());
        if (index.count() > 0 && !stale) return;
        long total = db.read(c -> AuthoritySearchStore.count(c, Tenants.schema(tenant)));
        if (total == 0 && !stale) return;
        if (stale) index.clear();
        indexAll(tenant);
    }

    /**
     * Rebuilds the tenant's authority index offline ({@code quire reindex}, server stopped): the old documents are
     * dropped and the new ones added in one commit, so a reader sees the old index or the new one.
     */
    public long reindex(String tenant) {
        indexes.authorities(tenant).clear();
        return indexAll(tenant);
    }

    /** (Re)indexes every authority of the tenant page by page in id order, committing once at the end. */
    public long indexAll(String tenant) {
        String schema = Tenants.schema(tenant);
        AuthorityIndex index = indexes.authorities(tenant);
        long done = 0;
        UUID after = null;
        while (true) {
            UUID from = after;
            List<AuthoritySearchStore.AuthorityRow> page = db.read(c -> AuthoritySearchStore.page(c, schema, from, PAGE));
            if (page.isEmpty()) break;
            Map<String, List<AuthorityDocument>> docs = new LinkedHashMap<>();
            for (AuthoritySearchStore.AuthorityRow r : page) {
                docs.put(r.id().toString(), AuthorityDocument.of(tenant, r.authority()));
            }
            index.add(docs);
            done += page.size();
            after = page.getLast().id();
        }
        index.commit();
        log.info("Search: tenant {} authorities indexed, {} authorities", tenant, done);
        return done;
    }
}
