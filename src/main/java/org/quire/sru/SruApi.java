package org.quire.sru;

import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SRU 1.1/1.2/2.0 at {@code /sru}: GET with the parameters in the URL, or POST with them form-encoded (SRU's HTTP
 * POST binding; SOAP — SRW — is not served). FOLIO has no SRU in core (Net-Z3950-FOLIO serves it beside FOLIO), so
 * the route follows the SRU standard: every refusal is a diagnostic inside a 200 answer, as SRU 1.2 requires and 2.0
 * allows. Like FOLIO's edge modules, the route takes an edge API key ({@code apikey} in the URL or the Authorization
 * header: standard SRU clients cannot log in) — the request then runs as the key's user — or tenant + token; either
 * way the user needs mod-search's {@code search.instances.collection.get}. Failures of authentication are answered
 * with their HTTP status and an SRU 1.2 diagnostic 3 body, so an SRU client shows why.
 */
public final class SruApi {
    static final String PERMISSION = "search.instances.collection.get";
    static final String CONTENT_TYPE = "text/xml; charset=UTF-8";

    private SruApi() {
    }

    public static void register(Router r, SruSearch search) {
        r.edgeGet("/sru", PERMISSION, PERMISSION, req -> answer(search, req, req.query()), SruApi::failure);
        r.edgePost("/sru", PERMISSION, PERMISSION, req -> post(search, req), SruApi::failure);
    }

    private static Response post(SruSearch search, Request req) {
        String type = req.header().apply("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        if (req.body() != null && req.body().length > 0 && !type.startsWith("application/x-www-form-urlencoded")) {
            SruRequest refused = new SruRequest(SruVersion.V1_2, SruRequest.Operation.SEARCH_RETRIEVE, null, 1, 0,
                    SruSchema.MARCXML, false, null,
                    new SruDiagnostic(SruDiagnostic.UNSUPPORTED_PARAMETER_VALUE, "Content-Type"));
            return xml(SruXml.searchRetrieve(refused, null, List.of(refused.refused())));
        }
        Map<String, List<String>> params = new LinkedHashMap<>(req.query());
        form(req.bodyText()).forEach((k, v) -> params.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        return answer(search, req, params);
    }

    private static Response answer(SruSearch search, Request req, Map<String, List<String>> params) {
        SruRequest r = SruRequest.parse(params);
        if (r.operation() != SruRequest.Operation.SEARCH_RETRIEVE) {
            String host = req.header().apply("Host").orElse("localhost");
            return xml(SruXml.explain(r, hostName(host), port(host)));
        }
        if (r.refused() != null) return xml(SruXml.searchRetrieve(r, null, List.of(r.refused())));
        try {
            return xml(SruXml.searchRetrieve(r, search.run(req.tenant(), r), List.of()));
        } catch (SruDiagnostic.Fatal f) {
            return xml(SruXml.searchRetrieve(r, null, List.of(f.diagnostic())));
        }
    }

    /** The platform's refusals before the handler ran (key, tenant, token, permission) as an SRU diagnostic. */
    private static Response failure(Response out) {
        String text = new String(out.body(), StandardCharsets.UTF_8);
        int code = out.status() == 400 || out.status() == 401 || out.status() == 403
                ? SruDiagnostic.AUTHENTICATION : SruDiagnostic.GENERAL_ERROR;
        return new Response(out.status(), CONTENT_TYPE, SruXml.failure(new SruDiagnostic(code, text))
                .getBytes(StandardCharsets.UTF_8), new LinkedHashMap<>());
    }

    private static Response xml(String body) {
        return new Response(200, CONTENT_TYPE, body.getBytes(StandardCharsets.UTF_8), new LinkedHashMap<>());
    }

    /** An {@code application/x-www-form-urlencoded} body; a malformed escape keeps its text as it is. */
    static Map<String, List<String>> form(String body) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            if (pair.isBlank()) continue;
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            out.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** The Host header's name ({@code [::1]:8080} → {@code ::1}). */
    static String hostName(String host) {
        String h = host.trim();
        if (h.startsWith("[")) return h.substring(1, Math.max(1, h.indexOf(']')));
        int colon = h.lastIndexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    /** The Host header's port, 80 when it names none (or none readable). */
    static int port(String host) {
        String h = host.trim();
        int colon = h.lastIndexOf(':');
        if (colon < 0 || colon < h.lastIndexOf(']')) return 80;
        try {
            return Integer.parseInt(h.substring(colon + 1));
        } catch (NumberFormatException e) {
            return 80;
        }
    }
}
