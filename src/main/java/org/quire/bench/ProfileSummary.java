package org.quire.bench;

import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one level's .jfr file with the JDK's own {@link RecordingFile} and keeps what a reader needs to find where the
 * server's time goes: methods by self and by total samples, samples by subsystem, GC pauses and allocation.
 */
final class ProfileSummary {
    static final int SELF_TOP = 25;
    static final int TOTAL_TOP = 15;
    static final int ALLOCATION_TOP = 10;

    /**
     * Package prefixes to subsystems, first match wins. A sample is charged to its first frame from the top that is
     * not the JDK's, so the JDK code a library calls (HashMap, a socket write) counts for that library; a sample with
     * only JDK frames is "JDK (no library or Quire frame)". Quire's modules not named here count as "other modules".
     */
    private static final List<Map.Entry<String, String>> SUBSYSTEMS = List.of(
            Map.entry("org.quire.search.", "search indexing (Quire)"),
            Map.entry("org.apache.lucene.", "search indexing (Lucene)"),
            Map.entry("com.ibm.icu.", "search indexing (ICU analysis)"),
            Map.entry("org.marc4j.", "MARC (marc4j)"),
            Map.entry("org.postgresql.", "JDBC driver (PostgreSQL)"),
            Map.entry("com.zaxxer.hikari.", "connection pool (Hikari)"),
            Map.entry("com.fasterxml.jackson.", "JSON (Jackson)"),
            Map.entry("io.helidon.", "HTTP server (Helidon)"),
            Map.entry("com.nimbusds.", "tokens (Nimbus JOSE)"),
            Map.entry("at.favre.lib.crypto.bcrypt.", "password hashing (bcrypt)"),
            Map.entry("org.bouncycastle.", "crypto (Bouncy Castle)"),
            Map.entry("io.micrometer.", "metrics (Micrometer)"),
            Map.entry("io.prometheus.", "metrics (Micrometer)"),
            Map.entry("ch.qos.logback.", "logging"),
            Map.entry("org.slf4j.", "logging"),
            Map.entry("org.flywaydb.", "migrations (Flyway)"),
            Map.entry("org.quire.platform.http.", "Quire: HTTP routing and rendering"),
            Map.entry("org.quire.platform.auth.", "Quire: authentication, permissions"),
            Map.entry("org.quire.platform.records.", "Quire: record store"),
            Map.entry("org.quire.platform.cql.", "Quire: CQL"),
            Map.entry("org.quire.platform.db.", "Quire: database access"),
            Map.entry("org.quire.platform.events.", "Quire: events, outbox"),
            Map.entry("org.quire.platform.", "Quire: platform (other)"),
            Map.entry("org.quire.circulation.", "Quire: circulation"),
            Map.entry("org.quire.inventory.", "Quire: inventory"),
            Map.entry("org.quire.users.", "Quire: users"),
            Map.entry("org.quire.notices.", "Quire: notices"),
            Map.entry("org.quire.feesfines.", "Quire: fees/fines"),
            Map.entry("org.quire.", "Quire: other modules"));

    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private ProfileSummary() {
    }

    static BenchReport.LevelProfile read(int users, Path file, String relativeName, Duration recorded)
            throws IOException {
        Map<String, Long> self = new HashMap<>(), total = new HashMap<>(), subsystems = new HashMap<>(),
                allocations = new HashMap<>();
        long samples = 0, collections = 0, allocated = 0;
        double pauseMs = 0, maxPauseMs = 0;
        try (RecordingFile jfr = new RecordingFile(file)) {
            while (jfr.hasMoreEvents()) {
                RecordedEvent e = jfr.readEvent();
                switch (e.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> {
                        RecordedStackTrace stack = e.getStackTrace();
                        if (stack == null || stack.getFrames().isEmpty()) continue;
                        samples++;
                        List<RecordedFrame> frames = stack.getFrames();
                        self.merge(frameName(frames.getFirst()), 1L, Long::sum);
                        subsystems.merge(subsystem(frames), 1L, Long::sum);
                        Set<String> seen = new HashSet<>();
                        for (RecordedFrame f : frames) {
                            String type = typeName(f);
                            if (type.startsWith("org.quire.") && seen.add(outerClass(type))) {
                                total.merge(outerClass(type), 1L, Long::sum);
                            }
                        }
                    }
                    case "jdk.GarbageCollection" -> {
                        collections++;
                        double longest = e.getDuration("longestPause").toNanos() / 1e6;
                        pauseMs += e.getDuration("sumOfPauses").toNanos() / 1e6;
                        maxPauseMs = Math.max(maxPauseMs, longest);
                    }
                    case "jdk.ObjectAllocationSample" -> {
                        long weight = e.getLong("weight");
                        allocated += weight;
                        RecordedClass c = e.getClass("objectClass");
                        allocations.merge(c == null ? "(unknown)" : readableClass(c.getName()), weight, Long::sum);
                    }
                    default -> {
                    }
                }
            }
        }
        double seconds = recorded.toMillis() / 1000.0;
        Double rate = allocated == 0 || seconds <= 0 ? null : allocated / 1e6 / seconds;
        return new BenchReport.LevelProfile(users, relativeName, seconds, samples, top(self, samples, SELF_TOP),
                top(total, samples, TOTAL_TOP), top(subsystems, samples, Integer.MAX_VALUE),
                new BenchReport.Gc(collections, pauseMs, maxPauseMs, rate), top(allocations, allocated, ALLOCATION_TOP));
    }

    /**
     * class.method, without the signature: overloads together read better than a column of descriptors. A lambda's
     * hidden class loses its address ({@code Foo$$Lambda.0x…} → {@code Foo$$Lambda}), so one lambda is one row in
     * every run.
     */
    static String frameName(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        if (m == null) return "(unknown)";
        return withoutLambdaAddress(typeName(f)) + "." + m.getName();
    }

    private static String typeName(RecordedFrame f) {
        RecordedMethod m = f.getMethod();
        return m == null || m.getType() == null ? "" : m.getType().getName();
    }

    static String withoutLambdaAddress(String className) {
        return className.replaceAll("\\$\\$Lambda[./]0x[0-9a-f]+(/0x[0-9a-f]+)?", "\\$\\$Lambda");
    }

    /**
     * The class a frame's time is charged to in the total table: its top-level class, so that a class's lambdas and
     * nested records count with it (one row for the check-out, not one per lambda in it).
     */
    static String outerClass(String className) {
        int nested = className.indexOf('$');
        return nested < 0 ? className : className.substring(0, nested);
    }

    /** "[B" → "byte[]", "[Ljava.lang.String;" → "java.lang.String[]": as the JVM names array classes. */
    static String readableClass(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') dims++;
        if (dims == 0) return name;
        String element = switch (name.substring(dims)) {
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            case "Z" -> "boolean";
            default -> name.substring(dims).replaceAll("^L|;$", "");
        };
        return element + "[]".repeat(dims);
    }

    static String subsystem(List<RecordedFrame> frames) {
        for (RecordedFrame f : frames) {
            String type = typeName(f);
            if (type.isEmpty() || JDK_PACKAGES.stream().anyMatch(type::startsWith)) continue;
            return subsystemOf(type);
        }
        return "JDK (no library or Quire frame)";
    }

    /** The subsystem of a class; a library not in the list is named by its first two package names. */
    static String subsystemOf(String className) {
        for (Map.Entry<String, String> s : SUBSYSTEMS) {
            if (className.startsWith(s.getKey())) return s.getValue();
        }
        String[] parts = className.split("\\.");
        return "other: " + (parts.length > 2 ? parts[0] + "." + parts[1] : className);
    }

    private static List<BenchReport.Share> top(Map<String, Long> counts, long of, int limit) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(limit)
                .map(e -> new BenchReport.Share(e.getKey(), e.getValue(), of == 0 ? 0 : 100.0 * e.getValue() / of))
                .toList();
    }
}
