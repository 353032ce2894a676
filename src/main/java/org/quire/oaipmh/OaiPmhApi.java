package org.quire.oaipmh;

import org.quire.platform.db.Database;
import org.quire.platform.http.Request;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OAI-PMH 2.0 at FOLIO's paths: mod-oai-pmh's {@code GET /oai/records?verb=…} (tenant + token, permission
 * {@code oai-pmh.records.collection.get} from its ModuleDescriptor) and edge-oai-pmh's {@code GET|POST /oai} and
 * {@code /oai/{apiKeyPath}} with an edge API key (the key's user needs the same permission, which edge-oai-pmh's call
 * to mod-oai-pmh needs). POST takes the arguments as an {@code application/x-www-form-urlencoded} body (OAI-PMH
 * §3.1.1.2). Every answer is {@code text/xml}.
 */
public final class OaiPmhApi {
    static final String PERMISSION = "oai-pmh.records.collection.get";

    private OaiPmhApi() {
    }

    /** @param concurrentPages how many list pages are built at once (QuireConfig.oaiConcurrentPages) */
    public static void register(Router r, Database db, int concurrentPages) {
        OaiPmh oai = new OaiPmh(db, concurrentPages);
        r.edgeGet("/oai/records", PERMISSION, PERMISSION, req -> answer(oai, req, req.query()));
        for (String path : List.of("/oai", "/oai/{apiKeyPath}")) {
            r.edgeGet(path, PERMISSION, PERMISSION, req -> answer(oai, req, req.query()));
            r.edgePost(path, PERMISSION, PERMISSION, req -> answer(oai, req, withForm(req)));
        }
    }

    private static Response answer(OaiPmh oai, Request req, Map<String, List<String>> args) {
        String host = req.header().apply("Host").map(String::trim).filter(h -> !h.isEmpty()).orElse("localhost");
        OaiPmh.Answer a = oai.handle(req.tenant(), req.schema(), args, host);
        return new Response(a.status(), "text/xml", a.xml(), new LinkedHashMap<>());
    }

    /** The query's arguments (the API key) and the form body's (the OAI arguments), each value kept. */
    private static Map<String, List<String>> withForm(Request req) {
        Map<String, List<String>> args = new HashMap<>();
        req.query().forEach((k, v) -> args.put(k, new ArrayList<>(v)));
        String body = req.bodyText();
        for (String pair : body.split("&")) {
            if (pair.isBlank()) continue;
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            args.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return args;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.trim(), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s; // a malformed escape is kept as sent: it then fails as an unknown verb or a bad argument
        }
    }
}
