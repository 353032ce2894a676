package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.SqlWhere;
import org.quire.platform.db.Sql;
import org.quire.platform.records.RecordStore;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** All SQL of the data-import profiles: the profile tables (through their RecordStores), associations, snapshots. */
public final class ProfileStore {
    private ProfileStore() {
    }

    // ---- profiles ----------------------------------------------------------------------------------------------

    static Optional<ObjectNode> get(Connection c, String schema, ProfileType t, UUID id) throws SQLException {
        return ProfileTables.of(t).get(c, schema, id);
    }

    static Map<UUID, ObjectNode> getMany(Connection c, String schema, ProfileType t, Collection<UUID> ids)
            throws SQLException {
        return ProfileTables.of(t).getMany(c, schema, ids);
    }

    /** A CQL page; hidden profiles (FOLIO's system ones) only with {@code showHidden}, as FOLIO's ProfileDao. */
    static RecordStore.Page search(Connection c, String schema, ProfileType t, String cql, boolean showHidden,
                                   int limit, int offset) throws SQLException {
        RecordStore store = ProfileTables.of(t);
        SqlWhere where = store.translate(cql);
        String order = where.orderBy().isEmpty() ? store.type().defaultSort() : where.orderBy();
        String from = " FROM " + schema + "." + store.type().table() + " WHERE (" + where.where() + ")"
                + (showHidden ? "" : " AND NOT hidden");
        List<Object> params = new ArrayList<>(where.params());
        params.add(limit);
        params.add(offset);
        List<ObjectNode> rows = limit == 0 ? List.of() : Sql.list(c, "SELECT jsonb" + from + " ORDER BY " + order
                + " LIMIT ? OFFSET ?", params, rs -> Json.parseObject(rs.getString(1)));
        long total = RecordStore.pageTellsTotal(limit, offset, rows.size()) ? offset + rows.size()
                : Sql.one(c, "SELECT count(*)" + from, where.params(), rs -> rs.getLong(1)).orElse(0L);
        return new RecordStore.Page(rows, total);
    }

    /** Whether another profile of this kind has the name (FOLIO's isProfileExistByName: exact, other ids). */
    static boolean nameTaken(Connection c, String schema, ProfileType t, String name, UUID exceptId) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + "." + ProfileTables.of(t).type().table()
                + " WHERE name = ? AND id <> ?", List.of(name, exceptId), rs -> true).isPresent();
    }

    static ObjectNode insert(Connection c, String schema, ProfileType t, ObjectNode profile, UUID userId)
            throws SQLException {
        return ProfileTables.of(t).insert(c, schema, profile, userId);
    }

    static ObjectNode update(Connection c, String schema, ProfileType t, UUID id, ObjectNode profile, UUID userId)
            throws SQLException {
        return ProfileTables.of(t).update(c, schema, id, profile, userId);
    }

    static boolean delete(Connection c, String schema, ProfileType t, UUID id) throws SQLException {
        return ProfileTables.of(t).delete(c, schema, id);
    }

    // ---- associations ------------------------------------------------------------------------------------------

    private static final String COLUMNS = "id, master_profile_id, master_profile_type, detail_profile_id, "
            + "detail_profile_type, detail_order, react_to, job_profile_id";

    private static Association association(ResultSet rs) throws SQLException {
        return new Association(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
                ProfileType.valueOf(rs.getString(3)), rs.getObject(4, UUID.class), ProfileType.valueOf(rs.getString(5)),
                rs.getInt(6), rs.getString(7), rs.getObject(8, UUID.class));
    }

    static List<Association> associations(Connection c, String schema, ProfileType master, ProfileType detail)
            throws SQLException {
        return Sql.list(c, "SELECT " + COLUMNS + " FROM " + schema + ".di_profile_association"
                + " WHERE master_profile_type = ? AND detail_profile_type = ? ORDER BY master_profile_id, detail_order, id",
                List.of(master.name(), detail.name()), ProfileStore::association);
    }

    static Optional<Association> association(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT " + COLUMNS + " FROM " + schema + ".di_profile_association WHERE id = ?",
                List.of(id), ProfileStore::association);
    }

    static void insertAssociations(Connection c, String schema, List<Association> links) throws SQLException {
        for (Association a : links) {
            Sql.update(c, "INSERT INTO " + schema + ".di_profile_association (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)", java.util.Arrays.asList(a.id(), a.masterProfileId(),
                    a.masterProfileType().name(), a.detailProfileId(), a.detailProfileType().name(), a.order(),
                    a.reactTo(), a.jobProfileId()));
        }
    }

    static boolean deleteAssociation(Connection c, String schema, UUID id) throws SQLException {
        return Sql.update(c, "DELETE FROM " + schema + ".di_profile_association WHERE id = ?", List.of(id)) > 0;
    }

    /** Removes the links from master to detail (FOLIO's delete by master and detail). */
    static void deleteLink(Connection c, String schema, UUID masterId, ProfileType masterType, UUID detailId,
                           ProfileType detailType) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".di_profile_association WHERE master_profile_id = ?"
                + " AND master_profile_type = ? AND detail_profile_id = ? AND detail_profile_type = ?",
                List.of(masterId, masterType.name(), detailId, detailType.name()));
    }

    /** Whether the profile is some other profile's detail: in use, so FOLIO refuses to delete it. */
    static boolean isDetail(Connection c, String schema, ProfileType t, UUID id) throws SQLException {
        return Sql.one(c, "SELECT 1 FROM " + schema + ".di_profile_association WHERE detail_profile_id = ?"
                + " AND detail_profile_type = ? LIMIT 1", List.of(id, t.name()), rs -> true).isPresent();
    }

    /** A deleted profile's links as master, and (for a job) every link scoped to it. */
    static void deleteLinksOf(Connection c, String schema, ProfileType t, UUID id) throws SQLException {
        Sql.update(c, "DELETE FROM " + schema + ".di_profile_association WHERE (master_profile_id = ?"
                + " AND master_profile_type = ?) OR job_profile_id = ?", List.of(id, t.name(), id));
    }

    /** The links whose master or detail (per {@code asMaster}) is one of the profiles: one round trip. */
    static List<Association> linksOf(Connection c, String schema, ProfileType t, Collection<UUID> ids,
                                     boolean asMaster) throws SQLException {
        if (ids.isEmpty()) return List.of();
        String side = asMaster ? "master" : "detail";
        return Sql.list(c, "SELECT " + COLUMNS + " FROM " + schema + ".di_profile_association WHERE " + side
                + "_profile_id = ANY(?) AND " + side + "_profile_type = ? ORDER BY detail_order, id",
                List.of(c.createArrayOf("uuid", ids.toArray()), t.name()), ProfileStore::association);
    }

    /**
     * Every link below a profile, depth first, for one job: links scoped to another job are left out, as FOLIO's
     * get_profile_snapshot. One recursive statement; {@code depth} bounds a cycle a client could make.
     */
    static List<Association> tree(Connection c, String schema, ProfileType t, UUID id, UUID jobProfileId)
            throws SQLException {
        String a = schema + ".di_profile_association";
        return Sql.list(c, "WITH RECURSIVE tree AS ("
                + " SELECT " + COLUMNS + ", 1 AS depth FROM " + a
                + " WHERE master_profile_id = ? AND master_profile_type = ? AND (job_profile_id IS NULL OR job_profile_id = ?)"
                + " UNION ALL SELECT x.id, x.master_profile_id, x.master_profile_type, x.detail_profile_id,"
                + " x.detail_profile_type, x.detail_order, x.react_to, x.job_profile_id, tree.depth + 1 FROM " + a + " x"
                + " JOIN tree ON x.master_profile_id = tree.detail_profile_id AND x.master_profile_type = tree.detail_profile_type"
                + " WHERE (x.job_profile_id IS NULL OR x.job_profile_id = ?) AND tree.depth < 32)"
                + " SELECT " + COLUMNS + " FROM tree ORDER BY depth, detail_order, id",
                java.util.Arrays.asList(id, t.name(), jobProfileId, jobProfileId), ProfileStore::association);
    }

    /**
     * The action profiles' {@code mapping_name} (what the action list searches and sorts as "mapping"), brought up
     * to date after a write: one statement over the tenant's (few) action profiles, writing only those that changed.
     */
    static void refreshMappingNames(Connection c, String schema) throws SQLException {
        Sql.update(c, "UPDATE " + schema + ".di_action_profile a SET mapping_name = x.names FROM (SELECT p.id,"
                + " (SELECT string_agg(m.name, ' ' ORDER BY m.name) FROM " + schema + ".di_profile_association l"
                + " JOIN " + schema + ".di_mapping_profile m ON m.id = l.detail_profile_id WHERE l.master_profile_id = p.id"
                + " AND l.master_profile_type = 'ACTION_PROFILE' AND l.detail_profile_type = 'MAPPING_PROFILE') AS names"
                + " FROM " + schema + ".di_action_profile p) x WHERE a.id = x.id AND a.mapping_name IS DISTINCT FROM x.names",
                List.of());
    }

    // ---- pinned job snapshots ----------------------------------------------------------------------------------

    static void saveSnapshot(Connection c, String schema, UUID id, ObjectNode snapshot) throws SQLException {
        Sql.update(c, "INSERT INTO " + schema + ".di_job_profile_snapshot (id, jsonb) VALUES (?, ?)",
                List.of(id, new Sql.Json(snapshot.toString())));
    }

    static Optional<ObjectNode> snapshot(Connection c, String schema, UUID id) throws SQLException {
        return Sql.one(c, "SELECT jsonb FROM " + schema + ".di_job_profile_snapshot WHERE id = ?", List.of(id),
                rs -> Json.parseObject(rs.getString(1)));
    }
}
