package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * All SQL of the users module that is not a {@link RecordStore}'s (those are declared in {@link UserTypes} and
 * {@link CustomFields}): patrons as circulation reads them, the composite user and open transactions of
 * mod-users-bl, credentials, refresh tokens, sessions and failed logins of mod-login, departments with their usage, request preferences,
 * address types in use and custom field values. Every method runs in the caller's transaction, so a use case
 * composes them; each is one statement.
 */
public final class UsersStore {
    private UsersStore() {
    }

    // ---- patrons (circulation) -----------------------------------------------------------------------------------

    /**
     * A user with their patron group, manual blocks and their group's patron block limits (the limits whose condition
     * blocks anything), in ONE statement: a patron whose group has none costs no statement for automated blocks.
     */
    private static final String PATRON = """
            SELECT u.jsonb, g.jsonb,
                   (SELECT coalesce(json_agg(b.jsonb), '[]') FROM %1$s.manual_block b WHERE b.user_id = u.id),
                   (SELECT coalesce(json_agg(json_build_object('conditionId', l.condition_id, 'value', l.value,
                           'blockBorrowing', c.block_borrowing, 'blockRenewals', c.block_renewals,
                           'blockRequests', c.block_requests, 'message', c.jsonb->>'message')), '[]')
                    FROM %1$s.patron_block_limit l JOIN %1$s.patron_block_condition c ON c.id = l.condition_id
                    WHERE l.patron_group_id = u.patron_group
                      AND (c.block_borrowing OR c.block_renewals OR c.block_requests))
            FROM %1$s.users u LEFT JOIN %1$s.patron_group g ON g.id = u.patron_group
            WHERE u.%2$s = ?
            """;

    public static Optional<PatronView> patronByBarcode(Connection c, String schema, String barcode)
            throws SQLException {
        return Sql.one(c, patronByBarcodeSql(schema), List.of(barcode), UsersStore::patron);
    }

    public static Optional<PatronView> patronById(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, Sql.filled(PATRON, schema, "id"), List.of(id), UsersStore::patron);
    }

    /** The statement behind {@link #patronByBarcode} (public so a test can EXPLAIN exactly it). */
    public static String patronByBarcodeSql(String schema) {
        return Sql.filled(PATRON, schema, "barcode");
    }

    /**
     * Serialises this patron's check-outs until the transaction ends, taken before their loans are counted against a
     * limit: otherwise two check-outs at once each count the loans without the other's and both pass. A statement of
     * its own, because the count after it must see loans committed while this waited (under READ COMMITTED each
     * statement reads a fresh snapshot). FOR NO KEY UPDATE leaves the row free for readers.
     */
    public static void lockPatronForBorrowing(Connection c, String schema, UUID id) throws SQLException {
        Sql.list(c, lockPatronSql(schema), List.of(id), rs -> 1);
    }

    /** The statement of {@link #lockPatronForBorrowing} (public so a test can EXPLAIN exactly it). */
    public static String lockPatronSql(String schema) {
        return "SELECT 1 FROM " + schema + ".users WHERE id = ? FOR NO KEY UPDATE";
    }

    private static PatronView patron(ResultSet rs) throws SQLException {
        String g = rs.getString(2);
        return new PatronView(Json.parseObject(rs.getString(1)), g == null ? null : Json.parseObject(g),
                objects(rs.getString(3)), objects(rs.getString(4)));
    }

    private static List<ObjectNode> objects(String jsonArray) {
        List<ObjectNode> out = new ArrayList<>();
        for (JsonNode n : Json.parse(jsonArray)) out.add((ObjectNode) n);
        return out;
    }

    // ---- mod-users-bl ----------------------------------------------------------------------------------------------

    /** The composite user's parts (see {@link CompositeUser}) in one statement. */
    private static final String COMPOSITE_USER = """
            SELECT u.jsonb, g.jsonb, p.jsonb, s.jsonb,
                   CASE WHEN s.id IS NOT NULL THEN
                       (SELECT coalesce(json_agg(sp.jsonb ORDER BY sp.name), '[]') FROM %1$s.service_point sp
                        WHERE sp.id = ANY(s.service_points_ids) OR sp.id = s.default_service_point_id) END,
                   (SELECT coalesce(json_agg(x.jsonb ORDER BY x.id), '[]') FROM %1$s.proxy_for x
                    WHERE x.user_id = u.id)
            FROM %1$s.users u
            LEFT JOIN %1$s.patron_group g ON g.id = u.patron_group
            LEFT JOIN %1$s.permission_user p ON p.user_id = u.id
            LEFT JOIN %1$s.service_points_user s ON s.user_id = u.id
            WHERE u.%2$s = ?
            """;

    static Optional<CompositeUser> compositeUserById(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, COMPOSITE_USER.formatted(schema, "id"), List.of(id), UsersStore::compositeUser);
    }

    static Optional<CompositeUser> compositeUserByUsername(Connection c, String schema, String username)
            throws SQLException {
        return Sql.one(c, COMPOSITE_USER.formatted(schema, "username"), List.of(username), UsersStore::compositeUser);
    }

    private static CompositeUser compositeUser(ResultSet rs) throws SQLException {
        return new CompositeUser(Json.parseObject(rs.getString(1)), object(rs.getString(2)), object(rs.getString(3)),
                object(rs.getString(4)), rs.getString(5) == null ? null : (ArrayNode) Json.parse(rs.getString(5)),
                (ArrayNode) Json.parse(rs.getString(6)));
    }

    private static ObjectNode object(String json) {
        return json == null ? null : Json.parseObject(json);
    }

    /** The five counts of {@link OpenTransactions}, each an index probe. */
    private static final String OPEN_TRANSACTIONS = """
            SELECT u.id, u.barcode,
                   (SELECT count(*) FROM %1$s.loan l WHERE l.user_id = u.id AND l.status_name = 'Open'),
                   (SELECT count(*) FROM %1$s.request r WHERE r.requester_id = u.id AND r.status LIKE 'Open%%'),
                   (SELECT count(*) FROM %1$s.account a WHERE a.user_id = u.id AND a.status_name = 'Open'),
                   (SELECT count(*) FROM %1$s.proxy_for p WHERE p.user_id = u.id OR p.proxy_user_id = u.id),
                   (SELECT count(*) FROM %1$s.manual_block b WHERE b.user_id = u.id)
            FROM %1$s.users u WHERE u.%2$s = ?
            """;

    static Optional<OpenTransactions> openTransactionsById(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, OPEN_TRANSACTIONS.formatted(schema, "id"), List.of(id), UsersStore::openTransactions);
    }

    static Optional<OpenTransactions> openTransactionsByUsername(Connection c, String schema, String username)
            throws SQLException {
        return Sql.one(c, OPEN_TRANSACTIONS.formatted(schema, "username"), List.of(username),
                UsersStore::openTransactions);
    }

    private static OpenTransactions openTransactions(ResultSet rs) throws SQLException {
        return new OpenTransactions(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getInt(4), rs.getInt(5),
                rs.getInt(6), rs.getInt(7));
    }

    // ---- mod-login -------------------------------------------------------------------------------------------------

    /** A user's password hash (null without credentials) and their consecutive failed logins (mod-login's). */
    record StoredCredentials(String hash, int failedLogins) {
    }

    /** The user's password hash and failed-login count, in one statement. */
    static StoredCredentials credentials(Connection c, String schema, UUID userId) throws SQLException {
        return Sql.one(c, "SELECT (SELECT hash FROM " + schema + ".credentials WHERE user_id = x.id), "
                        + "coalesce((SELECT attempt_count FROM " + schema + ".auth_attempts WHERE user_id = x.id), 0) "
                        + "FROM (SELECT ?::uuid AS id) x", List.of(userId),
                rs -> new StoredCredentials(rs.getString(1), rs.getInt(2))).orElseThrow();
    }

    /** Sets or replaces the user's password hash: whether it replaced one (PostgreSQL's xmax is 0 on insert). */
    static boolean saveCredentials(Connection c, String schema, UUID userId, String hash) throws SQLException {
        return Sql.one(c, "INSERT INTO " + schema + ".credentials (user_id, hash) VALUES (?, ?) ON CONFLICT (user_id) "
                + "DO UPDATE SET hash = EXCLUDED.hash, updated = now() RETURNING xmax::text <> '0'", List.of(userId, hash),
                rs -> rs.getBoolean(1)).orElseThrow();
    }

    /** Replaces the user's password hash if it is still {@code stored} (a login's re-hash loses to a change). */
    static void replacePasswordHash(Connection c, String schema, UUID userId, String stored, String fresh)
            throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".credentials SET hash = ?, updated = now() WHERE user_id = ? AND hash = ?",
                List.of(fresh, userId, stored));
    }

    // ---- mod-users' patron PINs -------------------------------------------------------------------------------------

    /** The hash of the patron's PIN; empty when none is set. */
    static Optional<String> pinHash(Connection c, String schema, UUID userId) throws SQLException {
        return Sql.one(c, "SELECT hash FROM " + schema + ".patron_pin WHERE user_id = ?", List.of(userId),
                rs -> rs.getString(1));
    }

    /** Sets or replaces the patron's PIN hash; false when the user does not exist (nothing written). */
    static boolean savePin(Connection c, String schema, UUID userId, String hash) throws SQLException {
        return Sql.update(c, "INSERT INTO " + schema + ".patron_pin (user_id, hash) SELECT id, ? FROM " + schema
                + ".users WHERE id = ? ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, updated = now()",
                List.of(hash, userId)) > 0;
    }

    static void deletePin(Connection c, String schema, UUID userId) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".patron_pin WHERE user_id = ?", List.of(userId));
    }

    static void deleteCredentials(Connection c, String schema, UUID userId) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".credentials WHERE user_id = ?", List.of(userId));
    }

    static void saveRefreshToken(Connection c, String schema, UUID tokenId, UUID userId, Instant expires)
            throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".refresh_token (id, user_id, expires) VALUES (?, ?, ?)",
                List.of(tokenId, userId, expires));
    }

    /** Whether the refresh token was there to delete (a refresh token is good for one use). */
    static boolean deleteRefreshToken(Connection c, String schema, UUID tokenId) throws SQLException {
        return Sql.update(c, "DELETE FROM " + schema + ".refresh_token WHERE id = ?", List.of(tokenId)) > 0;
    }

    /**
     * Spends a refresh token: whether it was there and its user exists and is active (a user deactivated by any path
     * cannot refresh, even one that left their refresh tokens).
     */
    static boolean spendRefreshToken(Connection c, String schema, UUID tokenId) throws SQLException {
        return Sql.update(c, "DELETE FROM " + schema + ".refresh_token r WHERE r.id = ? AND EXISTS (SELECT 1 FROM "
                + schema + ".users u WHERE u.id = r.user_id AND u.active)", List.of(tokenId)) > 0;
    }

    static void deleteRefreshTokens(Connection c, String schema, UUID userId) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".refresh_token WHERE user_id = ?", List.of(userId));
    }

    // ---- sessions and failed logins (issue 12) -----------------------------------------------------------------

    /** Every token of the user issued before {@code notBefore} is dead (never moves back). */
    static void setSessionsNotBefore(Connection c, String schema, UUID userId, Instant notBefore) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".session_not_before (user_id, not_before) VALUES (?, ?) "
                + "ON CONFLICT (user_id) DO UPDATE SET not_before = greatest(session_not_before.not_before, "
                + "EXCLUDED.not_before)", List.of(userId, notBefore));
    }

    /** Session {@code sid} is revoked until {@code expires}; revocations past theirs go on the way. */
    static void revokeSession(Connection c, String schema, UUID sid, UUID userId, Instant expires) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".revoked_session WHERE user_id = ? AND expires < now()",
                List.of(userId));
        Sql.update(c, "INSERT INTO " + schema + ".revoked_session (sid, user_id, expires) VALUES (?, ?, ?) "
                + "ON CONFLICT (sid) DO NOTHING", List.of(sid, userId, expires));
    }

    /**
     * Counts a failed login (mod-login's auth_attempts): one more, or the first again when the previous failure is
     * more than {@code timeoutMinutes} old. The new count; one statement, atomic under concurrent logins.
     */
    static int countFailedLogin(Connection c, String schema, UUID userId, int timeoutMinutes) throws SQLException {
        return Sql.one(c, "INSERT INTO " + schema + ".auth_attempts AS a (user_id, attempt_count, last_attempt) "
                        + "VALUES (?, 1, now()) ON CONFLICT (user_id) DO UPDATE SET attempt_count = CASE WHEN "
                        + "a.last_attempt < now() - make_interval(mins => ?) THEN 1 ELSE a.attempt_count + 1 END, "
                        + "last_attempt = now() RETURNING attempt_count", List.of(userId, timeoutMinutes),
                rs -> rs.getInt(1)).orElseThrow();
    }

    static void resetFailedLogins(Connection c, String schema, UUID userId) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".auth_attempts SET attempt_count = 0, last_attempt = now() "
                + "WHERE user_id = ? AND attempt_count <> 0", List.of(userId));
    }

    /**
     * The values of the tenant's configuration entries with these codes (mod-configuration's table, which mod-login
     * reads with {@code code==<code>}; the first entry of a code wins, as mod-login takes {@code configs[0]}).
     */
    static java.util.Map<String, String> configValues(Connection c, String schema, List<String> codes)
            throws SQLException {
        java.util.Map<String, String> values = new java.util.HashMap<>();
        Sql.list(c, "SELECT code, jsonb->>'value' FROM " + schema + ".config_entry WHERE code = ANY(?) "
                        + "ORDER BY created_date NULLS LAST, id", List.of(c.createArrayOf("text", codes.toArray())),
                rs -> values.putIfAbsent(rs.getString(1), rs.getString(2)));
        return values;
    }

    // ---- departments -----------------------------------------------------------------------------------------------

    /** The users naming department {@code d.id}: a containment test the GIN index users_departments_idx answers. */
    private static final String DEPARTMENT_USAGE = "(SELECT count(*) FROM %1$s.users u WHERE u.jsonb -> 'departments' "
            + "@> jsonb_build_array(d.id::text))";

    /** A page of departments with their usageNumber: one statement (two when the page is full). */
    static RecordStore.Page departments(RecordStore store, Connection c, String schema, String cql, int limit,
                                        int offset) throws SQLException {
        SqlWhere where = store.translate(cql);
        String order = where.orderBy().isEmpty() ? store.type().defaultSort() : where.orderBy();
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        String from = " FROM " + schema + ".department d WHERE " + where.where();
        List<ObjectNode> rows = limit == 0 ? List.of() : Sql.list(c, "SELECT d.jsonb || jsonb_build_object("
                + "'usageNumber', " + DEPARTMENT_USAGE.formatted(schema) + ")" + from + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", params, rs -> Json.parseObject(rs.getString(1)));
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*)" + from, where.params(), rs -> rs.getLong(1)).orElse(0L);
        return new RecordStore.Page(rows, total);
    }

    static Optional<ObjectNode> department(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT d.jsonb || jsonb_build_object('usageNumber', " + DEPARTMENT_USAGE.formatted(schema)
                + ") FROM " + schema + ".department d WHERE d.id = ?", List.of(id), rs -> Json.parseObject(rs.getString(1)));
    }

    /** A stored department that has the id, or (case-insensitively) the name or code, of one being written. */
    record DepartmentClash(String id, boolean sameName, boolean sameCode) {
    }

    static List<DepartmentClash> departmentClashes(Connection c, String schema, String id, String name, String code)
            throws SQLException {
        return Sql.list(c, "SELECT id::text, lower(name) = lower(?), lower(code) = lower(?) FROM " + schema
                        + ".department WHERE id = ?::uuid OR lower(name) = lower(?) OR lower(code) = lower(?)",
                List.of(name, code, id, name, code),
                rs -> new DepartmentClash(rs.getString(1), rs.getBoolean(2), rs.getBoolean(3)));
    }

    /** Whether any user names the department. */
    static boolean departmentInUse(Connection c, String schema, String id) throws SQLException {
        return Sql.one(c, "SELECT EXISTS (SELECT 1 FROM " + schema + ".users u WHERE u.jsonb -> 'departments' "
                + "@> jsonb_build_array(?::text))", List.of(id), rs -> rs.getBoolean(1)).orElse(false);
    }

    /** Which of these departments exist (their ids as text). */
    static Set<String> existingDepartments(Connection c, String schema, List<UUID> ids) throws SQLException {
        return new HashSet<>(Sql.list(c, "SELECT id::text FROM " + schema + ".department WHERE id = ANY(?)",
                List.of(c.createArrayOf("uuid", ids.toArray())), rs -> rs.getString(1)));
    }

    // ---- address types and request preferences --------------------------------------------------------------------

    /**
     * How many users' addresses name the address type: a containment test on their JSON (a scan; deleting an address
     * type is a rare administrative act, not worth a typed column every user write would maintain).
     */
    static long usersWithAddressType(Connection c, String schema, String addressTypeId) throws SQLException {
        return Sql.one(c, "SELECT count(*) FROM " + schema + ".users WHERE jsonb -> 'personal' -> 'addresses' "
                        + "@> jsonb_build_array(jsonb_build_object('addressTypeId', ?::text))", List.of(addressTypeId),
                rs -> rs.getLong(1)).orElse(0L);
    }

    /** Whether the user already has a request preference other than {@code preferenceId}. */
    static boolean otherRequestPreferenceExists(Connection c, String schema, String userId, UUID preferenceId)
            throws SQLException {
        return Sql.one(c, "SELECT EXISTS (SELECT 1 FROM " + schema + ".user_request_preference "
                        + "WHERE user_id = ?::uuid AND id <> ?)", List.of(userId, preferenceId),
                rs -> rs.getBoolean(1)).orElse(false);
    }

    // ---- custom fields ---------------------------------------------------------------------------------------------

    /** Serialises every write of the tenant's custom fields until the transaction ends. */
    static void lockCustomFields(Connection c, String schema) throws SQLException {
        Sql.one(c, "SELECT pg_advisory_xact_lock(hashtext(? || '/custom_field'))", List.of(schema), rs -> 1);
    }

    static int maxCustomFieldOrder(Connection c, String schema) throws SQLException {
        return Sql.one(c, "SELECT coalesce(max(ord), 0) FROM " + schema + ".custom_field", List.of(),
                rs -> rs.getInt(1)).orElse(0);
    }

    /** The refIds that begin with {@code stem}. */
    static List<String> customFieldRefIdsStartingWith(Connection c, String schema, String stem) throws SQLException {
        return Sql.list(c, "SELECT ref_id FROM " + schema + ".custom_field WHERE ref_id LIKE ?",
                List.of(stem.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"), rs -> rs.getString(1));
    }

    /** Closes the gaps in the fields' order (1, 2, 3 … by order, then id), in the column and the JSON. */
    static void renumberCustomFields(Connection c, String schema) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".custom_field f SET ord = n.rn, jsonb = jsonb_set(f.jsonb, '{order}', "
                + "to_jsonb(n.rn)) FROM (SELECT id, row_number() OVER (ORDER BY ord, id)::int AS rn FROM " + schema
                + ".custom_field) n WHERE f.id = n.id AND f.ord <> n.rn", List.of());
    }

    /** How many users have a value for the field. */
    static long usersWithCustomField(Connection c, String schema, String refId) throws SQLException {
        return Sql.one(c, "SELECT count(*) FROM " + schema + ".users WHERE jsonb_exists(jsonb -> 'customFields', ?)",
                List.of(refId), rs -> rs.getLong(1)).orElse(0L);
    }

    /** How many users chose the option. */
    static long usersWithCustomFieldOption(Connection c, String schema, String refId, String optionId)
            throws SQLException {
        return Sql.one(c, "SELECT count(*) FROM " + schema + ".users WHERE "
                        + "jsonb -> 'customFields' -> ? @> to_jsonb(?::text)", List.of(refId, optionId),
                rs -> rs.getLong(1)).orElse(0L);
    }

    /** RecordService.deleteAllValues: one statement over the users holding a value. */
    static void removeCustomFieldValues(Connection c, String schema, String refId) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".users SET jsonb = jsonb #- ARRAY['customFields', ?::text] "
                + "WHERE jsonb_exists(jsonb -> 'customFields', ?)", List.of(refId, refId));
    }

    /**
     * RecordService.deleteMissedOptionValues: a removed option leaves the users who chose it; a multi-select keeps
     * its other choices, a value left empty is removed. One statement.
     */
    static void removeCustomFieldOptionValues(Connection c, String schema, String refId, List<String> gone)
            throws SQLException {
        Sql.update(c, """
                UPDATE %1$s.users u SET jsonb = CASE WHEN kept.v IS NULL OR kept.v = '[]'::jsonb
                        THEN u.jsonb #- ARRAY['customFields', ?::text]
                        ELSE jsonb_set(u.jsonb, ARRAY['customFields', ?::text], kept.v) END
                FROM (SELECT x.id, CASE jsonb_typeof(x.val)
                        WHEN 'array' THEN (SELECT jsonb_agg(e) FROM jsonb_array_elements(x.val) e
                                           WHERE NOT (e #>> '{}') = ANY(?))
                        ELSE CASE WHEN (x.val #>> '{}') = ANY(?) THEN NULL ELSE x.val END END AS v
                      FROM (SELECT id, jsonb -> 'customFields' -> ? AS val FROM %1$s.users
                            WHERE jsonb_exists(jsonb -> 'customFields', ?)) x) kept
                WHERE u.id = kept.id AND kept.v IS DISTINCT FROM (u.jsonb -> 'customFields' -> ?)
                """.formatted(schema), List.of(refId, refId, c.createArrayOf("text", gone.toArray()),
                c.createArrayOf("text", gone.toArray()), refId, refId, refId));
    }

    /** The username of the user with this id (text, as metadata holds it), empty when there is none. */
    static Optional<String> username(Connection c, String schema, String userId) throws SQLException {
        return Sql.one(c, "SELECT username FROM " + schema + ".users WHERE id = ?::uuid", List.of(userId),
                rs -> rs.getString(1));
    }
}
