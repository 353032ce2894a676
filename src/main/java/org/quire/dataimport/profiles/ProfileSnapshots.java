package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.db.Database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Builds profile trees (mod-di-converter-storage's ProfileSnapshotServiceImpl.constructSnapshot) — the read API of
 * the import pipeline: {@link #forJob} gives a job profile's actions, match profiles and mapping profiles in run
 * order; {@link #pin} stores that tree for a job execution (FOLIO's jobProfileSnapshots) and {@link #pinned} reads
 * it back, so editing a profile does not change a running import.
 *
 * <p>Round trips: one recursive statement for the links, then one per kind of profile found (at most four).
 */
public final class ProfileSnapshots {
    private final Database db;

    public ProfileSnapshots(Database db) {
        this.db = db;
    }

    /** A job profile's tree, or empty when there is no such job profile. */
    public Optional<ProfileSnapshot> forJob(String schema, UUID jobProfileId) {
        return db.read(c -> build(c, schema, ProfileType.JOB_PROFILE, jobProfileId, jobProfileId));
    }

    /** A job profile's tree stored under a new snapshot id (its root's id); empty when there is no such job. */
    public Optional<ProfileSnapshot> pin(String schema, UUID jobProfileId) {
        return db.tx(c -> {
            Optional<ProfileSnapshot> s = build(c, schema, ProfileType.JOB_PROFILE, jobProfileId, jobProfileId);
            if (s.isPresent()) ProfileStore.saveSnapshot(c, schema, s.get().id(), s.get().toJson());
            return s;
        });
    }

    public Optional<ProfileSnapshot> pinned(String schema, UUID snapshotId) {
        return db.read(c -> ProfileStore.snapshot(c, schema, snapshotId)).map(ProfileSnapshot::fromJson);
    }

    /**
     * The tree below any profile; links scoped to another job than {@code jobProfileId} are left out. Empty when
     * the profile does not exist.
     */
    static Optional<ProfileSnapshot> build(Connection c, String schema, ProfileType type, UUID id, UUID jobProfileId)
            throws SQLException {
        Optional<ObjectNode> root = ProfileStore.get(c, schema, type, id);
        if (root.isEmpty()) return Optional.empty();
        List<Association> links = new ArrayList<>();
        Set<UUID> seen = new HashSet<>();
        // A profile reached twice (a diamond) contributes its links once, as FOLIO's removeDuplicatesByAssociationId
        for (Association a : ProfileStore.tree(c, schema, type, id, jobProfileId)) if (seen.add(a.id())) links.add(a);
        Map<ProfileType, Set<UUID>> wanted = new EnumMap<>(ProfileType.class);
        for (Association a : links) wanted.computeIfAbsent(a.detailProfileType(), k -> new HashSet<>()).add(a.detailProfileId());
        Map<ProfileType, Map<UUID, ObjectNode>> contents = new EnumMap<>(ProfileType.class);
        for (var e : wanted.entrySet()) contents.put(e.getKey(), ProfileStore.getMany(c, schema, e.getKey(), e.getValue()));
        Map<String, List<Association>> byMaster = new LinkedHashMap<>();
        for (Association a : links) byMaster.computeIfAbsent(key(a.masterProfileType(), a.masterProfileId()), k -> new ArrayList<>()).add(a);
        return Optional.of(new ProfileSnapshot(UUID.randomUUID(), id, type, null, 0, root.get(),
                children(type, id, byMaster, contents, 0)));
    }

    private static List<ProfileSnapshot> children(ProfileType type, UUID id, Map<String, List<Association>> byMaster,
                                                  Map<ProfileType, Map<UUID, ObjectNode>> contents, int depth) {
        List<ProfileSnapshot> out = new ArrayList<>();
        if (depth > 32) return out; // a cycle a client made; the statement stops at the same depth
        for (Association a : byMaster.getOrDefault(key(type, id), List.of())) {
            ObjectNode content = contents.getOrDefault(a.detailProfileType(), Map.of()).get(a.detailProfileId());
            if (content == null) continue; // a link to a profile deleted meanwhile
            out.add(new ProfileSnapshot(UUID.randomUUID(), a.detailProfileId(), a.detailProfileType(), a.reactTo(),
                    a.order(), content, children(a.detailProfileType(), a.detailProfileId(), byMaster, contents, depth + 1)));
        }
        out.sort(java.util.Comparator.comparingInt(ProfileSnapshot::order));
        return out;
    }

    private static String key(ProfileType t, UUID id) {
        return t.name() + ":" + id;
    }
}
