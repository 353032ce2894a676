package org.quire.platform.config;

import java.nio.file.Path;

/**
 * Everything a Quire process needs to know at start-up. Built from flags and environment variables by the CLI;
 * tests build it directly.
 *
 * @param dbUrl JDBC URL of an external PostgreSQL, or null to run the embedded one inside {@code dataDir}
 * @param seedDemo create the demo tenant {@code diku} with reference and sample data on first start
 * @param runJobs run the scheduled jobs (age to lost, expiry, notices); tests run them explicitly instead
 */
public record QuireConfig(int port, Path dataDir, String dbUrl, String dbUser, String dbPassword, int poolSize,
                          boolean seedDemo, boolean runJobs) {

    /** The pool is sized to the database's cores, not to tenants or modules (DESIGN.md "Runtime picture"). */
    public static int defaultPoolSize() {
        return Math.max(4, Math.min(20, Runtime.getRuntime().availableProcessors() * 4));
    }

    public static QuireConfig fromEnvironment(int port, Path dataDir, String dbUrlFlag, boolean seedDemo) {
        String url = dbUrlFlag != null ? dbUrlFlag : System.getenv("QUIRE_DB_URL");
        String pool = System.getenv("QUIRE_DB_POOL_SIZE");
        return new QuireConfig(port, dataDir, blankToNull(url), System.getenv("QUIRE_DB_USER"),
                System.getenv("QUIRE_DB_PASSWORD"), pool == null ? defaultPoolSize() : Integer.parseInt(pool), seedDemo,
                !"off".equals(System.getenv("QUIRE_JOBS")));
    }

    /**
     * The largest request body the server reads (bytes; larger ones are a 413 before they are read): the environment's
     * {@code QUIRE_MAX_BODY_BYTES}, 10 MB by default — far above any FOLIO record or batch a client sends in one call.
     */
    public static long maxBodyBytes() {
        String v = System.getenv("QUIRE_MAX_BODY_BYTES");
        return v == null || v.isBlank() ? 10L * 1024 * 1024 : Long.parseLong(v.trim());
    }

    /**
     * How many OAI-PMH list pages (ListRecords, ListIdentifiers) the server builds at once: the environment's
     * {@code QUIRE_OAI_CONCURRENT_PAGES}, by default one more than the cores and at most half of the database pool
     * ({@code poolSize}), so that harvests leave the rest to the other requests. More harvesters wait their turn
     * (OaiPmh). A page waits for PostgreSQL twice before it writes its XML; while it waits, its virtual thread leaves
     * its carrier (one per core), and the extra page keeps that core busy. On 2 cores, 8 harvesters of 100,000
     * records: 3 at once harvested 24,200–28,100 records/s (p95 45.1–53.8 ms a page), 2 at once 20,000–23,900
     * (49.8–62.4 ms), 4 at once 24,900 (51.1 ms) (docs/benchmarks.md, issue 15).
     */
    public static int oaiConcurrentPages(int poolSize) {
        return oaiConcurrentPages(System.getenv("QUIRE_OAI_CONCURRENT_PAGES"), poolSize);
    }

    static int oaiConcurrentPages(String v, int poolSize) {
        if (v == null || v.isBlank())
            return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors() + 1, poolSize / 2));
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("QUIRE_OAI_CONCURRENT_PAGES must be a whole number of at least 1, not '"
                + v + "'");
    }

    /**
     * The largest file a data-import upload accepts (bytes): the environment's {@code QUIRE_MAX_UPLOAD_BYTES}, 10 GiB by
     * default. Uploads are streamed to disk, never held in memory, so this bounds the disk, not the heap; it is apart
     * from {@link #maxBodyBytes()}, which bounds what other routes read into memory.
     */
    public static long maxUploadBytes() {
        String v = System.getenv("QUIRE_MAX_UPLOAD_BYTES");
        return v == null || v.isBlank() ? 10L * 1024 * 1024 * 1024 : Long.parseLong(v.trim());
    }

    /**
     * The OpenSearch cluster that holds the search indexes instead of the embedded Lucene indexes: the environment's
     * {@code QUIRE_SEARCH_URL} ({@code http://host:9200}), or the system property {@code quire.search.url} (the tests'
     * own node); unset: embedded.
     */
    public static String searchUrl() {
        String url = blankToNull(System.getProperty("quire.search.url"));
        return url != null ? url : blankToNull(System.getenv("QUIRE_SEARCH_URL"));
    }

    /**
     * The web origins allowed to call Quire from a browser with credentials: the environment's
     * {@code QUIRE_CORS_ORIGINS}, a comma-separated list of origins ({@code https://folio.example.org}), where
     * {@code *} lets any other origin read answers without credentials. Unset: this machine's origins only
     * (platform.http.CorsPolicy).
     */
    public static String corsOrigins() {
        return blankToNull(System.getenv("QUIRE_CORS_ORIGINS"));
    }

    /**
     * How long a client may stay silent in the middle of a request — after its request line, before its headers are
     * complete, or between two pieces of its body — before its connection is closed: the environment's
     * {@code QUIRE_READ_TIMEOUT} ("30", "30s" or "500ms"), 30 s by default. Time the server spends working on a request
     * does not count, nor an idle keep-alive connection between requests.
     */
    public static java.time.Duration readTimeout() {
        return duration("QUIRE_READ_TIMEOUT", System.getenv("QUIRE_READ_TIMEOUT"), java.time.Duration.ofSeconds(30));
    }

    /** "30" or "30s" (seconds), "500ms"; blank: the default. */
    static java.time.Duration duration(String name, String value, java.time.Duration byDefault) {
        if (value == null || value.isBlank()) return byDefault;
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        try {
            java.time.Duration d = v.endsWith("ms") ? java.time.Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)))
                    : java.time.Duration.ofSeconds(Long.parseLong(v.endsWith("s") ? v.substring(0, v.length() - 1) : v));
            if (d.isZero() || d.isNegative()) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a positive duration such as 30, 30s or 500ms, not '"
                    + value + "'");
        }
    }

    /**
     * The SIP2 server's TCP port: the environment's {@code QUIRE_SIP2_PORT} (edge-sip2's default is 6443), or the
     * system property {@code quire.sip2.port}; unset: no SIP2 server.
     */
    public static Integer sip2Port() {
        String v = blankToNull(System.getProperty("quire.sip2.port"));
        if (v == null) v = blankToNull(System.getenv("QUIRE_SIP2_PORT"));
        if (v == null) return null;
        Integer port = port(v.trim());
        if (port == null) throw new IllegalArgumentException("QUIRE_SIP2_PORT must be a TCP port (0-65535), not '" + v + "'");
        return port;
    }

    /** The charset of SIP2 messages: {@code QUIRE_SIP2_CHARSET}, IBM850 by default (edge-sip2's default). */
    public static java.nio.charset.Charset sip2Charset() {
        String v = blankToNull(System.getenv("QUIRE_SIP2_CHARSET"));
        try {
            return java.nio.charset.Charset.forName(v == null ? "IBM850" : v.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("QUIRE_SIP2_CHARSET is not a charset Java knows: '" + v + "'");
        }
    }

    /**
     * The tenant of a SIP2 login whose username names none ({@code tenant/username} names one):
     * {@code QUIRE_SIP2_TENANT}, {@code diku} (the demo tenant) by default.
     */
    public static String sip2Tenant() {
        String v = blankToNull(System.getenv("QUIRE_SIP2_TENANT"));
        return v == null ? "diku" : v.trim();
    }

    /**
     * Ports of tenants' own SIP2 listeners (edge-sip2 picks a tenant by port): {@code QUIRE_SIP2_TENANT_PORTS}, e.g.
     * {@code 6444=diku,6445=east}; a terminal on such a port logs in to that tenant alone. Empty when unset.
     */
    public static java.util.Map<Integer, String> sip2TenantPorts() {
        return sip2TenantPorts(System.getenv("QUIRE_SIP2_TENANT_PORTS"));
    }

    static java.util.Map<Integer, String> sip2TenantPorts(String value) {
        java.util.Map<Integer, String> out = new java.util.LinkedHashMap<>();
        String v = blankToNull(value);
        if (v == null) return out;
        for (String entry : v.split(",", -1)) {
            String[] kv = entry.trim().split("=", -1);
            Integer port = kv.length == 2 ? port(kv[0].trim()) : null;
            String tenant = kv.length == 2 ? kv[1].trim() : "";
            if (port == null || port == 0 || tenant.isEmpty()) { // the tenant id itself: QuireServer checks it
                throw new IllegalArgumentException("QUIRE_SIP2_TENANT_PORTS must be port=tenant pairs separated by "
                        + "commas (e.g. 6444=diku,6445=east), not '" + v + "'");
            }
            if (out.put(port, tenant) != null) {
                throw new IllegalArgumentException("QUIRE_SIP2_TENANT_PORTS names port " + port + " twice");
            }
        }
        return out;
    }

    private static Integer port(String v) {
        try {
            int port = Integer.parseInt(v);
            return port < 0 || port > 65535 ? null : port;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The SIP2 listeners' TLS key and certificate (edge-sip2's TLS option): a PKCS#12 file in
     * {@code QUIRE_SIP2_TLS_KEYSTORE} and its password in {@code QUIRE_SIP2_TLS_PASSWORD}; unset: plain TCP.
     */
    public static java.util.Optional<Sip2Tls> sip2Tls() {
        String path = blankToNull(System.getenv("QUIRE_SIP2_TLS_KEYSTORE"));
        if (path == null) return java.util.Optional.empty();
        String password = System.getenv("QUIRE_SIP2_TLS_PASSWORD");
        return java.util.Optional.of(new Sip2Tls(java.nio.file.Path.of(path), password == null ? "" : password));
    }

    /** A PKCS#12 key store with the SIP2 server's private key and certificate chain, and its password. */
    public record Sip2Tls(java.nio.file.Path keystore, String password) {
        @Override
        public String toString() {
            return "Sip2Tls[" + keystore + "]"; // never the password
        }
    }

    /** How long a SIP2 terminal may stay silent before it is disconnected: {@code QUIRE_SIP2_IDLE_TIMEOUT}, 30 min. */
    public static java.time.Duration sip2IdleTimeout() {
        return duration("QUIRE_SIP2_IDLE_TIMEOUT", System.getenv("QUIRE_SIP2_IDLE_TIMEOUT"),
                java.time.Duration.ofMinutes(30));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
