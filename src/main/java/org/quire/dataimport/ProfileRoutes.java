package org.quire.dataimport;

import org.marc4j.marc.Record;
import org.quire.dataimport.profiles.ProfileSnapshot;
import org.quire.dataimport.profiles.ProfileType;
import org.quire.platform.Ids;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Which actions of a job profile each record of a chunk reaches, walking the profile tree as mod-inventory's event
 * chain does: a job's children in order; an action applies to every record that reaches it; a match profile splits
 * the records into those that found exactly one existing instance, holdings record or item (its MATCH children run,
 * with that record) and those that found none (its NON_MATCH children). A record that finds more than one stops
 * there with FOLIO's error (mod-inventory's AbstractLoader); the actions it reached before still apply, as FOLIO's
 * chain has run them by then. A match below a MATCH only finds what fits the records already found, as FOLIO adds
 * the sub-match condition to its query: an instance match the instance found; a holdings match the holdings found,
 * else the found instance's holdings (HoldingLoader: {@code instanceId ==}); an item match the item found, else the
 * found holdings' items (ItemLoader: {@code holdingsRecordId ==}). Each match profile costs one statement per chunk
 * ({@link MatchStore}).
 */
final class ProfileRoutes {
    /** mod-inventory's AbstractLoader text when a match finds more than one record. */
    static final String MULTIPLE = "Found multiple records matching specified conditions";

    private final ProfileSnapshot job;
    private final Map<UUID, MatchRule> rules;
    private final boolean updates;

    /**
     * @param instance    the one existing instance the record matched (null: none matched)
     * @param holdings    the one existing holdings record it matched (null: none)
     * @param item        the one existing item it matched (null: none)
     * @param error       why the record stopped (multiple matches), else null
     * @param errorEntity what the failing match looked for
     */
    record Route(List<ProfileSnapshot> actions, UUID instance, UUID holdings, UUID item, boolean matched,
                 String error, MatchRule.Entity errorEntity, Set<MatchRule.Entity> unmatched) {
    }

    /** A record to route: its position in the chunk and its MARC. */
    record Incoming(int order, Record marc) {
    }

    private ProfileRoutes(ProfileSnapshot job, Map<UUID, MatchRule> rules, boolean updates) {
        this.job = job;
        this.rules = rules;
        this.updates = updates;
    }

    /** The job's routes with every match profile checked now (a Refused, 422, for one Quire cannot run). */
    static ProfileRoutes of(ProfileSnapshot job) {
        Map<UUID, MatchRule> rules = new HashMap<>();
        collect(job, rules);
        return new ProfileRoutes(job, rules, hasUpdate(job));
    }

    private static boolean hasUpdate(ProfileSnapshot node) {
        for (ProfileSnapshot child : node.children()) {
            if (child.contentType() == ProfileType.ACTION_PROFILE
                    && "UPDATE".equals(child.content().path("action").asText())) return true;
            if (hasUpdate(child)) return true;
        }
        return false;
    }

    private static void collect(ProfileSnapshot node, Map<UUID, MatchRule> rules) {
        for (ProfileSnapshot child : node.children()) {
            if (child.contentType() == ProfileType.MATCH_PROFILE) rules.put(child.id(), MatchRule.of(child));
            collect(child, rules);
        }
    }

    /**
     * Whether records are routed: the job matches, or updates (an UPDATE with no match above it reaches every record
     * and fails on each with FOLIO's message); otherwise every record takes the job's own actions.
     */
    boolean matches() {
        return !rules.isEmpty() || updates;
    }

    /** The route of every record, by its order. */
    Map<Integer, Route> route(Connection c, String schema, List<Incoming> records) throws SQLException {
        Map<Integer, Walk> walks = new HashMap<>();
        for (Incoming r : records) walks.put(r.order(), new Walk());
        walk(c, schema, job.children().stream().filter(n -> n.reactTo() == null).toList(), records, walks);
        Map<Integer, Route> out = new HashMap<>();
        for (var e : walks.entrySet()) {
            Walk w = e.getValue();
            out.put(e.getKey(), new Route(List.copyOf(w.actions), w.instance, w.holdings, w.item, w.matched, w.error,
                    w.errorEntity, Set.copyOf(w.unmatched)));
        }
        return out;
    }

    private static final class Walk {
        final List<ProfileSnapshot> actions = new ArrayList<>();
        UUID instance;
        UUID holdings;
        UUID item;
        boolean matched;
        String error;
        MatchRule.Entity errorEntity;
        /** What a match looked for and did not find. */
        final Set<MatchRule.Entity> unmatched = new java.util.HashSet<>();

        /** Whether a hit fits what the record already matched (FOLIO's sub-match condition). */
        boolean fits(MatchRule.Entity entity, MatchStore.Hit hit) {
            return switch (entity) {
                case INSTANCE -> instance == null || instance.equals(hit.id());
                case HOLDINGS -> holdings != null ? holdings.equals(hit.id())
                        : instance == null || instance.equals(hit.parent());
                case ITEM -> item != null ? item.equals(hit.id()) : holdings == null || holdings.equals(hit.parent());
            };
        }

        void found(MatchRule.Entity entity, UUID id) {
            switch (entity) {
                case INSTANCE -> instance = id;
                case HOLDINGS -> holdings = id;
                case ITEM -> item = id;
            }
            matched = true;
        }
    }

    private void walk(Connection c, String schema, List<ProfileSnapshot> nodes, List<Incoming> records,
                      Map<Integer, Walk> walks) throws SQLException {
        if (records.isEmpty()) return;
        for (ProfileSnapshot node : nodes) {
            if (node.contentType() == ProfileType.ACTION_PROFILE) {
                for (Incoming r : records) walks.get(r.order()).actions.add(node);
            } else if (node.contentType() == ProfileType.MATCH_PROFILE) {
                MatchRule rule = rules.get(node.id());
                Map<Integer, List<String>> values = new HashMap<>();
                Set<String> all = new LinkedHashSet<>();
                for (Incoming r : records) {
                    List<String> v = rule.values(r.marc()).stream().map(x -> key(rule, x)).toList();
                    values.put(r.order(), v);
                    all.addAll(v);
                }
                Map<String, Set<MatchStore.Hit>> found = MatchStore.find(c, schema, rule, all);
                List<Incoming> matched = new ArrayList<>(), notMatched = new ArrayList<>();
                for (Incoming r : records) {
                    Walk w = walks.get(r.order());
                    Set<UUID> ids = new LinkedHashSet<>();
                    for (String v : values.get(r.order())) {
                        for (MatchStore.Hit hit : found.getOrDefault(v, Set.of())) {
                            if (w.fits(rule.entity(), hit)) ids.add(hit.id());
                        }
                    }
                    if (ids.size() > 1) {
                        w.error = MULTIPLE;
                        w.errorEntity = rule.entity();
                    } else if (ids.size() == 1) {
                        w.found(rule.entity(), ids.iterator().next());
                        matched.add(r);
                    } else {
                        w.unmatched.add(rule.entity());
                        notMatched.add(r);
                    }
                }
                walk(c, schema, node.reactingTo("MATCH"), matched, walks);
                walk(c, schema, node.reactingTo("NON_MATCH"), notMatched, walks);
                // A match ends its branch: what follows it in the job runs for the records it let through.
                List<Incoming> rest = new ArrayList<>(matched);
                rest.addAll(notMatched);
                records = rest;
            }
        }
    }

    /** Ids compare as canonical UUID text (the database answers them lower-case); other values as they are. */
    private static String key(MatchRule rule, String v) {
        return rule.byId() ? Ids.parse(v).map(UUID::toString).orElse(v) : v;
    }
}
