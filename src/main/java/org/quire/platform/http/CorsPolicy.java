package org.quire.platform.http;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which web origins may call Quire from a browser (CORS), and whether with credentials (FOLIO's cookies,
 * folioAccessToken and folioRefreshToken). An origin that is allowed gets its own origin echoed with
 * {@code Access-Control-Allow-Credentials: true}, as FOLIO's staff UI needs; an origin that is not gets no CORS
 * headers at all, so the browser keeps the answer from the page (and refuses the preflight, answered 403).
 *
 * <p>Default (no {@code QUIRE_CORS_ORIGINS}): origins on this machine only ({@code localhost}, {@code 127.0.0.1},
 * {@code [::1]}, any port, http or https) — a newcomer's local FOLIO UI works at once, and no web site a user visits
 * can act with their cookies. Otherwise the configured list, comma-separated exact origins
 * ({@code https://folio.example.org}); {@code *} in the list lets any other origin read answers but without
 * credentials ({@code Access-Control-Allow-Origin: *}, which browsers never combine with cookies).
 */
public final class CorsPolicy {
    /** Whether to answer CORS at all, and how: echo the origin with credentials, or "*" without. */
    public enum Grant { NONE, WITH_CREDENTIALS, ANY_WITHOUT_CREDENTIALS }

    private final Set<String> origins;
    private final boolean local;
    private final boolean any;

    private CorsPolicy(Set<String> origins, boolean local, boolean any) {
        this.origins = origins;
        this.local = local;
        this.any = any;
    }

    /** The default: this machine's origins, with credentials. */
    public static final CorsPolicy LOCAL = new CorsPolicy(Set.of(), true, false);

    /** The policy of {@code QUIRE_CORS_ORIGINS} ({@code null} or blank: {@link #LOCAL}). */
    public static CorsPolicy parse(String configured) {
        if (configured == null || configured.isBlank()) return LOCAL;
        Set<String> list = Arrays.stream(configured.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .collect(Collectors.toSet());
        boolean any = list.remove("*");
        for (String o : list) {
            if (normalise(o) == null) throw new IllegalArgumentException("QUIRE_CORS_ORIGINS: '" + o + "' is not an "
                    + "origin (scheme://host[:port], e.g. https://folio.example.org) or *");
        }
        return new CorsPolicy(list.stream().map(CorsPolicy::normalise).collect(Collectors.toSet()), false, any);
    }

    /** What the request's {@code Origin} header (null: none) is granted. */
    public Grant grant(String origin) {
        if (origin == null) return Grant.NONE;
        String o = normalise(origin);
        if (o != null && (origins.contains(o) || (local && isLocal(o)))) return Grant.WITH_CREDENTIALS;
        return any ? Grant.ANY_WITHOUT_CREDENTIALS : Grant.NONE;
    }

    /** scheme://host[:port] in lower case, or null when {@code origin} is not one (e.g. "null", a path). */
    private static String normalise(String origin) {
        try {
            URI u = new URI(origin.trim());
            String scheme = u.getScheme();
            if (scheme == null || u.getHost() == null || u.getRawUserInfo() != null
                    || (u.getRawPath() != null && !u.getRawPath().isEmpty()) || u.getRawQuery() != null
                    || u.getRawFragment() != null) return null;
            return scheme.toLowerCase(Locale.ROOT) + "://" + u.getHost().toLowerCase(Locale.ROOT)
                    + (u.getPort() < 0 ? "" : ":" + u.getPort());
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    private static boolean isLocal(String normalised) {
        URI u = URI.create(normalised);
        return ("http".equals(u.getScheme()) || "https".equals(u.getScheme()))
                && Set.of("localhost", "127.0.0.1", "[::1]").contains(u.getHost());
    }
}
