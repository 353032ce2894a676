package org.quire;

import org.quire.platform.db.Sql;
import org.quire.platform.tenancy.Tenants;

import java.util.List;

/**
 * The SQL statements one action runs against a tenant's schema, counted by PostgreSQL itself (pg_stat_statements,
 * preloaded by the embedded PostgreSQL, see Database.embedded), not by the code under test. COMMIT names no schema
 * and is not counted. Outbox events are delivered first, and the dispatcher's own statements (background work after
 * commit: its claim, mark, flush and delete, marked {@code EventDispatcher.MARK} as OAI-PMH's re-dating of an item's
 * instance is, and the search indexer's reads, marked {@code SearchStore.MARK}) are left out — they run when the
 * dispatcher gets to them, which may be before the count or after; the action's own writes to the outbox count. The counting query
 * passes the schema as a parameter, so its own text does not match.
 */
public final class StatementCount {
    private StatementCount() {
    }

    public static long of(String tenant, Runnable action) {
        var db = TestServer.get().database();
        db.read(c -> Sql.update(c, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements", List.of()));
        TestServer.get().events().deliverAll();
        db.read(c -> Sql.list(c, "SELECT pg_stat_statements_reset()", List.of(), rs -> 1));
        action.run();
        return db.read(c -> Sql.one(c, "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements "
                        + "WHERE strpos(query, ?) > 0 AND strpos(query, ?) = 0 AND strpos(query, ?) = 0",
                List.of(Tenants.schema(tenant) + ".", org.quire.platform.events.EventDispatcher.MARK.trim(),
                        org.quire.search.SearchStore.MARK.trim()),
                rs -> rs.getLong(1)).orElseThrow());
    }
}
