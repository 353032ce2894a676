package org.quire.platform.http;

import io.helidon.http.Method;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the route of a request among hundreds without trying each: routes are grouped by method and first path
 * segment, and a request is matched, segment by segment, only against the few routes of its group, in registration
 * order (the first that matches wins, as in Helidon's routing). Helidon's own routing tries every route's path pattern
 * in turn; with ~500 routes that was 8% of the server's CPU on a check-out (JFR, issue 10), and it grew with every
 * module. Paths are literal segments and {@code {name}} parameters; every route's first segment is literal.
 */
final class RouteIndex<R> {
    /** A route's path split into segments; a parameter segment is stored as its name with {@code paramAt} set. */
    private record Entry<R>(R route, String[] segments, boolean[] param) {
        Map<String, String> match(String[] path) {
            if (path.length != segments.length) return null;
            Map<String, String> params = null;
            for (int i = 0; i < path.length; i++) {
                if (param[i]) {
                    if (path[i].isEmpty()) return null;
                    if (params == null) params = new LinkedHashMap<>();
                    params.put(segments[i], path[i]);
                } else if (!segments[i].equals(path[i])) {
                    return null;
                }
            }
            return params == null ? Map.of() : params;
        }
    }

    /** The route a request matched, with its path parameters. */
    record Match<R>(R route, Map<String, String> pathParams) {
    }

    private final Map<Method, Map<String, List<Entry<R>>>> byMethodAndFirst = new HashMap<>();

    void add(Method method, String path, R route) {
        String[] segments = split(path);
        boolean[] param = new boolean[segments.length];
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            if (s.length() > 2 && s.startsWith("{") && s.endsWith("}")) {
                param[i] = true;
                segments[i] = s.substring(1, s.length() - 1);
            } else if (s.contains("{") || s.contains("*")) {
                throw new IllegalArgumentException("Unsupported route path " + path);
            }
        }
        if (segments.length == 0 || param[0]) throw new IllegalArgumentException("Route path needs a literal first segment: " + path);
        byMethodAndFirst.computeIfAbsent(method, m -> new HashMap<>())
                .computeIfAbsent(segments[0], f -> new ArrayList<>()).add(new Entry<>(route, segments, param));
    }

    /** The first route registered for this method and path, or null. */
    Match<R> find(Method method, String path) {
        Map<String, List<Entry<R>>> byFirst = byMethodAndFirst.get(method);
        if (byFirst == null) return null;
        String[] segments = split(path);
        if (segments.length == 0) return null;
        List<Entry<R>> candidates = byFirst.get(segments[0]);
        if (candidates == null) return null;
        for (Entry<R> e : candidates) {
            Map<String, String> params = e.match(segments);
            if (params != null) return new Match<>(e.route, params);
        }
        return null;
    }

    /** The methods some route uses. */
    java.util.Set<Method> methods() {
        return byMethodAndFirst.keySet();
    }

    /** "/a/b/c" → [a, b, c]; a trailing slash is ignored, an empty segment inside is kept (and matches nothing). */
    private static String[] split(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        if (p.endsWith("/")) p = p.substring(0, p.length() - 1);
        return p.isEmpty() ? new String[0] : p.split("/", -1);
    }
}
