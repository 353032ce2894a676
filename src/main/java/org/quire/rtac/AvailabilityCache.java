package org.quire.rtac;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * RTAC's answers kept between requests, per instance (issue 16: the answer for 300 holdings records × 2 items took
 * 9 ms of PostgreSQL and 1.3 ms of JSON writing, 36× one GET of the instance, however narrow the statement).
 *
 * <p>Exact, across every process on the database: an answer is kept with the version of its instance and the
 * tenant's epoch, read by the statement that read its data (same snapshot). Every write that can change the answer
 * gives the instance a new version in the writer's own transaction (V46__availability_versions.sql: triggers, so
 * whoever writes — another Quire process, data import, plain SQL), and a change of reference names a new epoch. An
 * answer is given again only when one statement reads the same epoch and version: then no change to what it shows
 * has committed since it was read.
 *
 * <p>Bounded by {@link #MAX_BYTES} of answers (their JSON's size, counted twice for the records beside it); the
 * least recently used go first. One per server: two servers in one JVM (tests) may have equal schema names.
 */
final class AvailabilityCache {
    static final long MAX_BYTES = 64L << 20;

    /** One instance's answer for one value of fullPeriodicals (a periodical's rows differ between the two). */
    record Key(String schema, UUID instanceId, boolean fullPeriodicals) {
    }

    /**
     * An instance's answer: its rows ({@code holdings} null when the instance is unknown or suppressed) and their
     * JSON as sent, written once, and the epoch and version it was read with.
     */
    record Entry(String instanceId, RtacStore.Versions.Of version, InstanceHoldings holdings, byte[] json) {
        static Entry notFound(String instanceId, RtacStore.Versions.Of version) {
            return new Entry(instanceId, version, null, null);
        }

        long weight() {
            return 2L * (json == null ? 0 : json.length) + 200;
        }
    }

    private final long maxBytes;
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(256, 0.75f, true);
    private long bytes;

    AvailabilityCache() {
        this(MAX_BYTES);
    }

    AvailabilityCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    synchronized Entry get(Key key) {
        return entries.get(key);
    }

    /** Keeps an answer that has a version (an id never created has none: nothing would tell of its creation). */
    synchronized void put(Key key, Entry entry) {
        if (entry.version().version() == null || entry.weight() > maxBytes) return;
        Entry old = entries.put(key, entry);
        if (old != null) bytes -= old.weight();
        bytes += entry.weight();
        Iterator<Map.Entry<Key, Entry>> eldest = entries.entrySet().iterator();
        while (bytes > maxBytes && eldest.hasNext()) {
            bytes -= eldest.next().getValue().weight();
            eldest.remove();
        }
    }

    synchronized int size() {
        return entries.size();
    }
}
