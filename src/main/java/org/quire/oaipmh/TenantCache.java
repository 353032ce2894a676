package org.quire.oaipmh;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Values per tenant schema, each read again once it is older than its time to live: what OAI-PMH reads per request
 * but a librarian changes rarely (the tenant's settings, its reference names), so that a change is seen within
 * seconds without a statement per request.
 */
final class TenantCache<V> {
    private record Entry<V>(V value, long until) {
    }

    private final long ttlNanos;
    private final Map<String, Entry<V>> entries = new ConcurrentHashMap<>();

    TenantCache(long ttlNanos) {
        this.ttlNanos = ttlNanos;
    }

    /** The schema's value, read with {@code read} when there is none or it has expired. */
    V get(String schema, Function<String, V> read) {
        V kept = kept(schema);
        return kept != null ? kept : put(schema, read.apply(schema));
    }

    /** The schema's value while it has not expired, else null. */
    V kept(String schema) {
        Entry<V> e = entries.get(schema);
        return e != null && System.nanoTime() - e.until < 0 ? e.value : null;
    }

    /** Keeps a value just read for the time to live, and returns it. */
    V put(String schema, V value) {
        entries.put(schema, new Entry<>(value, System.nanoTime() + ttlNanos));
        return value;
    }
}
