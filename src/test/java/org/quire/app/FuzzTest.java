package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.RawHttp;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.http.Router;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, "Must show": malformed requests against every registered route — bodies, CQL, parameters, headers,
 * encodings — generated from a fixed seed, sent as raw bytes with the fuzz tenant's administrator (every
 * permission) so that they reach the handlers. No answer may be a 5xx (or no answer at all), and the server still
 * answers afterwards. The routes come from the server itself, so a new route is fuzzed without touching this test.
 *
 * <p>Runs on its own tenant: valid-looking writes may create records, and collection deletes are only sent with
 * malformed CQL. POST /_/tenants never gets a body with a valid new tenant id (it would install a whole tenant).
 */
class FuzzTest {
    static final long SEED = 20_240_612L;
    static final int PER_ROUTE = 9;
    static final String TENANT = "fuzz";

    /** One generated request, kept readable for the failure list. */
    record Probe(String method, String target, List<String> headers, byte[] body) {
        String describe() {
            String b = body == null ? "" : new String(body, 0, Math.min(body.length, 160), StandardCharsets.UTF_8)
                    .replaceAll("[\\x00-\\x1f]", "·");
            return method + " " + (target.length() > 200 ? target.substring(0, 200) + "…" : target)
                    + " " + headers.stream().filter(h -> !h.startsWith("X-Okapi-Token")).toList()
                    + (body == null ? "" : " body(" + body.length + ")=" + b);
        }
    }

    @Test
    void malformedRequestsAcrossEveryRoute_neverA5xx_andTheServerStillAnswers() throws Exception {
        Api.Session s = Fixtures.tenant(TENANT);
        int port = TestServer.get().port();
        List<Router.RouteInfo> routes = TestServer.get().routes();
        assertThat(routes).as("the server's routes").hasSizeGreaterThan(100);

        Generator g = new Generator(new Random(SEED), s.token(), templates(routes));
        List<Probe> probes = new ArrayList<>();
        // Logout (and the like) last: they may end the session the other probes use.
        List<Router.RouteInfo> ordered = new ArrayList<>(routes.stream().filter(r -> !r.path().contains("logout")).toList());
        ordered.addAll(routes.stream().filter(r -> r.path().contains("logout")).toList());
        for (Router.RouteInfo r : ordered) {
            for (int i = 0; i < PER_ROUTE; i++) probes.add(g.probe(r));
            probes.addAll(g.deep(r));
        }
        probes.addAll(g.unroutable());

        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<RawHttp.Answer>> answers = new ArrayList<>();
        for (Probe p : probes) {
            answers.add(pool.submit(() -> RawHttp.send(port, RawHttp.request(p.method, p.target, p.headers, p.body),
                    20_000)));
        }
        Map<String, Integer> histogram = new TreeMap<>();
        List<String> offenders = new ArrayList<>();
        for (int i = 0; i < probes.size(); i++) {
            RawHttp.Answer a = answers.get(i).get();
            histogram.merge(a.status() < 0 ? "no answer" : String.valueOf(a.status()), 1, Integer::sum);
            if (a.status() < 0 || a.status() >= 500) {
                offenders.add(a.status() + " ← " + probes.get(i).describe() + "\n      answer: "
                        + a.body().substring(0, Math.min(300, a.body().length())));
            }
        }
        pool.shutdown();
        String summary = "FUZZ: " + probes.size() + " requests over " + routes.size() + " routes, seed " + SEED
                + ", " + (System.nanoTime() - started) / 1_000_000 + " ms, statuses " + histogram;
        System.out.println(summary);

        assertThat(probes).hasSizeGreaterThanOrEqualTo(1000);
        assertThat(offenders).as(summary + "\n5xx or no answer:\n  " + String.join("\n  ", offenders)).isEmpty();
        assertThat(s.api().send("GET", "/admin/health", null, null, null).status()).isEqualTo(200);
        // Nothing the probes stored breaks a later read: every collection still lists (a record nested deeper than the
        // writer allows once made every list page holding it a 500).
        List<String> unreadable = new ArrayList<>();
        for (Router.RouteInfo r : routes) {
            if (!r.method().equals("GET") || r.path().contains("{")) continue;
            Api.Reply page = s.get(r.path() + "?limit=1000");
            if (page.status() >= 500) unreadable.add(page.status() + " GET " + r.path() + ": " + page.body());
        }
        assertThat(unreadable).as("collections that no longer read").isEmpty();
        // The probes reached the handlers, not only the authentication in front of them.
        assertThat(histogram.getOrDefault("401", 0) + histogram.getOrDefault("403", 0))
                .as(summary).isLessThan(probes.size() / 3);
    }

    /**
     * A real record per collection path, read from the demo tenant's sample data (its first record), so that a
     * malformed write can be one bad field in an otherwise valid record and get past validation into the database.
     */
    static Map<String, ObjectNode> templates(List<Router.RouteInfo> routes) {
        Api.Session diku = TestServer.api().demoAdmin();
        Map<String, ObjectNode> out = new TreeMap<>();
        for (Router.RouteInfo r : routes) {
            if (!r.method().equals("GET") || r.path().contains("{")) continue;
            Api.Reply reply = diku.get(r.path() + "?limit=1");
            if (reply.status() != 200 || !reply.body().startsWith("{")) continue;
            JsonNode page = reply.json();
            for (var it = page.properties().iterator(); it.hasNext(); ) {
                JsonNode v = it.next().getValue();
                if (v.isArray() && !v.isEmpty() && v.get(0).isObject()) {
                    out.put(r.path(), (ObjectNode) v.get(0));
                    break;
                }
            }
        }
        // Writes whose records no collection lists. Logins and password changes name another user than the probes'
        // own: five failed logins would lock the admin out and a password change would end its sessions, and every
        // later probe would only test the 401.
        String other = TENANT + "_nobody";
        out.put("/authn/login", Json.object().put("username", other).put("password", "pw"));
        out.put("/bl-users/login", Json.object().put("username", other).put("password", "pw"));
        out.put("/authn/credentials", Json.object().put("username", other).put("password", "pw"));
        out.put("/authn/update", Json.object().put("username", other).put("password", "pw")
                .put("newPassword", "pw2"));
        out.put("/circulation/check-out-by-barcode", Fixtures.checkOut("fuzz-item", "fuzz-user"));
        out.put("/circulation/check-in-by-barcode", Fixtures.checkIn("fuzz-item", Fixtures.CIRC_DESK_1));
        return out;
    }

    /** Malformed requests from one seeded Random; everything it makes is a pure function of the seed. */
    static final class Generator {
        /** Writes whatever the generator builds, however deep: the server's limits are what is tested. */
        private static final com.fasterxml.jackson.databind.ObjectMapper WRITER = new com.fasterxml.jackson.databind
                .ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder().streamWriteConstraints(
                        com.fasterxml.jackson.core.StreamWriteConstraints.builder().maxNestingDepth(10_000).build())
                .build());
        private static final Pattern PARAM = Pattern.compile("\\{[^}]+}");
        private static final String[] FIELDS = {"id", "name", "code", "barcode", "itemBarcode", "userBarcode",
                "servicePointId", "userId", "itemId", "holdingsRecordId", "instanceId", "title", "status", "username",
                "password", "userName", "newPassword", "active", "patronGroup", "personal", "dueDate", "loanDate",
                "checkInDate", "requestType", "requestDate", "requesterId", "amount", "metadata", "_version", "source",
                "instanceTypeId", "permanentLocationId", "materialTypeId", "permanentLoanTypeId", "domain", "typeId",
                "links", "content", "items", "permissions", "value", "startDate", "endDate", "openings", "type",
                "description", "label", "loanId", "accountId", "paymentMethod", "notifyPatron", "ids", "itemIds",
                "holdingsRecordIds", "toHoldingsRecordId", "toInstanceId", "fulfillmentPreference", "position",
                "destinationItemId", "servicePoints", "enabled", "expirationDate", "tenant", "adminUsername",
                "adminPassword", "refreshToken", "query", "entityType", "refId", "visible", "order", "helpText",
                "selectField", "rules", "rulesAsText", "loanPolicyId", "patronBlockConditionId", "hrid", "callNumber"};
        private static final String[] CQL = {"title==\"unclosed", "(title==a", "title==a)", "((((((", "title=",
                "==", "title =/bogusModifier a", "title <=> a", "title any", "cql.allRecords=1 sortBy",
                "cql.allRecords=1 sortBy title/sort.nonsense", "cql.allRecords=1 sortBy ((", "noSuchIndex==x",
                "id==*", "id==\"not-a-uuid\"", "barcode==\"\\", "\"", "and or not", "title==a prox b",
                "title==a and", "title==%00", "title==a\u0000b", "metadata.createdDate>\"yesterday\"",
                "_version==\"x\"", "active==maybe", "title==\"" + "x".repeat(3000) + "\"", "title==\\*\\?\\^",
                "> title", "title adj/relevant a", "(a=b) sortBy title/sort.descending/sort.ascending", "%zz",
                "id==(a or b", "\u00ff\u00fe", "title===a", "title== ", "requestDate > 1e99999",
                "dueDate < \"2020-13-45T99:99:99Z\"", "amount > NaN", "position==-1", "id==\"" + UUID.randomUUID()
                + "\" sortBy id/sort.ascending/string"};
        private static final String[] PARAMS = {"limit=-1", "limit=abc", "limit=99999999999999999999",
                "limit=2147483648", "offset=-5", "offset=99999999999", "offset=1e3", "limit=0&limit=10&limit=x",
                "query=a&query=b", "%zz=1", "a=%zz", "lang=%00", "limit=%", "query=%E0%A4%A", "totalRecords=bogus",
                "expandAll=notabool", "includeRoutingServicePoints=yes", "fullPeriod=x", "startDate=nonsense",
                "endDate=2020-99-99", "servicePointId=not-a-uuid", "requestId=%00", "loadReference=maybe",
                "instanceIds=not-a-uuid", "type=%FF%FE", "format=pdf", "sort=;drop table users", "order=sideways",
                "q=" + "a".repeat(5000), "limit=1&offset=", "=", "&&&", "query", "?"};
        private static final String[] SEGMENTS = {"not-a-uuid", "%00", "%zz", "'", "%22", "..", "%2e%2e",
                "00000000-0000-0000-0000-000000000000", "-1", "99999999999999999999", "%C3%28", "%FF", "null",
                "%7Bid%7D", "%E2%82%AC", "a%20b", ";", "*", "%2F", "x".repeat(3000), "0", "true", "%F0%9F%98%80",
                "ffffffff-ffff-ffff-ffff-fffffffffffff", "3a40852d-49fd-4df2-a1f9-6e2641a6e91", "diku", "fuzz",
                "%u0041", "a\\b", "%ef%bf%bf", "instance", "item", "users", "1.5"};
        private static final String[] VALID_IDS = {Fixtures.CIRC_DESK_1, Fixtures.MAIN_LIBRARY, Fixtures.BOOK,
                Fixtures.CAN_CIRCULATE, Fixtures.STAFF, Fixtures.TEXT_TYPE};
        private static final String[] CONTENT_TYPES = {"text/plain", "application/xml", "garbage", "application/json; charset=latin1",
                "multipart/form-data; boundary=", "application/json; charset=utf-16", "", "*/*", "application/x-www-form-urlencoded"};

        private final Random rnd;
        private final String token;
        private final Map<String, ObjectNode> templates;

        Generator(Random rnd, String token, Map<String, ObjectNode> templates) {
            this.rnd = rnd;
            this.token = token;
            this.templates = templates;
        }

        /** The real record a write to this route takes: its path's, or its collection's for /{id} and /{id}/… */
        private ObjectNode template(String path) {
            for (String p = path; !p.isEmpty(); p = p.substring(0, Math.max(0, p.lastIndexOf('/')))) {
                ObjectNode t = templates.get(p.endsWith("/") ? p.substring(0, p.length() - 1) : p);
                if (t != null) return t;
            }
            return null;
        }

        /** A real record with one field (perhaps nested) made absurd: wrong type, NUL, huge, deep. */
        private byte[] mutated(ObjectNode template) {
            ObjectNode copy = template.deepCopy();
            if (rnd.nextInt(3) == 0) copy.remove(List.of("id", "hrid", "metadata"));
            ObjectNode target = copy;
            // Walk down into a nested object now and then (status, personal, metadata ...).
            for (int depth = 0; depth < 3 && rnd.nextBoolean(); depth++) {
                List<String> objects = new ArrayList<>();
                target.properties().forEach(e -> { if (e.getValue().isObject()) objects.add(e.getKey()); });
                if (objects.isEmpty()) break;
                target = (ObjectNode) target.get(objects.get(rnd.nextInt(objects.size())));
            }
            List<String> names = new ArrayList<>();
            target.fieldNames().forEachRemaining(names::add);
            String field = names.isEmpty() || rnd.nextInt(6) == 0 ? pick(FIELDS) : names.get(rnd.nextInt(names.size()));
            JsonNode old = target.get(field);
            JsonNode bad = switch (rnd.nextInt(6)) {
                case 5 -> nested(pick(new Integer[]{50, 99, 150, 900}));
                case 0 -> Json.MAPPER.getNodeFactory().textNode(
                        (old != null && old.isTextual() ? old.asText() : "x") + "\u0000");
                case 1 -> Json.MAPPER.getNodeFactory().textNode("y".repeat(rnd.nextBoolean() ? 2_100 : 200_000));
                default -> absurdNode();
            };
            target.set(field, bad);
            try {
                return WRITER.writeValueAsBytes(copy);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        private <T> T pick(T[] a) {
            return a[rnd.nextInt(a.length)];
        }

        Probe probe(Router.RouteInfo r) {
            String method = r.method();
            String path = pathOf(r.path());
            String query = queryOf(method, r.path());
            byte[] body = null;
            boolean writes = method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
            if (writes || rnd.nextInt(8) == 0) {
                ObjectNode t = writes ? template(r.path()) : null;
                body = t != null && rnd.nextInt(3) > 0 ? mutated(t) : body();
            }
            if (r.path().equals("/_/tenants") && method.equals("POST")) body = neverANewTenant(body);
            List<String> headers = headers(body != null);
            return new Probe(method, path + query, headers, body);
        }

        /**
         * A valid record of a POST route (its sample record, without id) carrying a deeply nested value, as an unknown
         * property and in place of its first object-valued field: such a record, once stored, must still be
         * readable (issue 12: 1,000 levels were accepted, then every list page holding it was a 500).
         */
        List<Probe> deep(Router.RouteInfo r) {
            ObjectNode t = r.method().equals("POST") && !r.path().contains("{") ? templates.get(r.path()) : null;
            if (t == null) return List.of();
            List<Probe> out = new ArrayList<>();
            for (boolean unknown : new boolean[]{true, false}) {
                ObjectNode copy = t.deepCopy();
                copy.remove(List.of("id", "hrid", "metadata"));
                String field = unknown ? "fuzzNested" : null;
                if (!unknown) {
                    for (var it = copy.properties().iterator(); it.hasNext() && field == null; ) {
                        var e = it.next();
                        if (e.getValue().isObject()) field = e.getKey();
                    }
                    if (field == null) continue;
                }
                copy.set(field, nested(900));
                try {
                    out.add(new Probe("POST", r.path(), headers(true).stream()
                            .map(h -> h.startsWith("Content-Type") ? "Content-Type: application/json" : h).toList(),
                            WRITER.writeValueAsBytes(copy)));
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw new IllegalStateException(e);
                }
            }
            return out;
        }

        /** Requests that match no route or bend the request line itself. */
        List<Probe> unroutable() {
            List<Probe> out = new ArrayList<>();
            for (String target : List.of("/", "/%00", "/%zz", "//", "/../../etc/passwd", "/users/../_/tenants",
                    "/users?query=%", "*", "/users#frag", "/users;jsessionid=1", "/users?query=%F0%28%8C%28",
                    "/" + "a/".repeat(500), "/inventory/instances?" + "a=1&".repeat(500))) {
                for (String m : List.of("GET", "POST", "BREW", "PROPFIND", "TRACE", "PATCH")) {
                    out.add(new Probe(m, target, headers(m.equals("POST")), m.equals("POST") ? body() : null));
                }
            }
            return out;
        }

        private String pathOf(String template) {
            Matcher m = PARAM.matcher(template);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                String v = switch (rnd.nextInt(4)) {
                    case 0 -> UUID.nameUUIDFromBytes(longBytes()).toString();
                    case 1 -> pick(VALID_IDS);
                    default -> pick(SEGMENTS);
                };
                m.appendReplacement(sb, Matcher.quoteReplacement(v));
            }
            m.appendTail(sb);
            String p = sb.toString();
            if (rnd.nextInt(20) == 0) p = p + "/";
            return p;
        }

        private byte[] longBytes() {
            byte[] b = new byte[8];
            rnd.nextBytes(b);
            return b;
        }

        private String queryOf(String method, String template) {
            if (method.equals("DELETE") && !template.contains("{")) {
                // A collection delete: only ever with malformed CQL (or none), never one that matches records.
                return rnd.nextBoolean() ? "" : "?query=" + encode(pick(CQL).replace("cql.allRecords=1", "(("));
            }
            return switch (rnd.nextInt(5)) {
                case 0 -> "";
                case 1, 2 -> "?query=" + encode(pick(CQL)) + (rnd.nextBoolean() ? "&" + pick(PARAMS) : "");
                case 3 -> "?" + pick(PARAMS);
                default -> "?" + pick(PARAMS) + "&" + pick(PARAMS) + "&query=" + encode(pick(CQL));
            };
        }

        /** Percent-encodes CQL, except that a NUL stays "%00" and "%zz" stays malformed on purpose. */
        private String encode(String cql) {
            StringBuilder sb = new StringBuilder();
            for (byte b : cql.getBytes(StandardCharsets.UTF_8)) {
                int c = b & 0xff;
                if (c == '%') sb.append('%');
                else if (c == 0) sb.append("%00");
                else if (Character.isLetterOrDigit(c) && c < 128 || "-._~".indexOf(c) >= 0) sb.append((char) c);
                else sb.append(String.format("%%%02X", c));
            }
            return sb.toString();
        }

        private List<String> headers(boolean hasBody) {
            List<String> h = new ArrayList<>();
            int k = rnd.nextInt(12);
            switch (k) {
                case 0 -> h.add("X-Okapi-Token: " + token);                               // missing tenant
                case 1 -> h.addAll(List.of("X-Okapi-Tenant: nosuchtenant", "X-Okapi-Token: " + token));
                case 2 -> h.addAll(List.of("X-Okapi-Tenant: " + TENANT, "X-Okapi-Token: garbage.token.here"));
                case 3 -> h.addAll(List.of("X-Okapi-Tenant: " + TENANT, "X-Okapi-Token: " + token,
                        "Accept: " + pick(new String[]{"application/xml", "text/html;q=x", "garbage", "*/*;q=-1"})));
                case 4 -> h.addAll(List.of("X-Okapi-Tenant: ../" + TENANT, "X-Okapi-Token: " + token));
                case 5 -> h.addAll(List.of("X-Okapi-Tenant: " + "t".repeat(300), "X-Okapi-Token: " + token));
                case 6 -> h.addAll(List.of("X-Okapi-Tenant: " + TENANT, "X-Okapi-Tenant: diku",
                        "X-Okapi-Token: " + token));
                case 7 -> h.addAll(List.of("X-Okapi-Tenant: " + TENANT, "Authorization: Bearer " + token + "x",
                        "Cookie: folioAccessToken=%zz; folioRefreshToken="));
                default -> h.addAll(List.of("X-Okapi-Tenant: " + TENANT, "X-Okapi-Token: " + token));
            }
            if (hasBody) {
                h.add("Content-Type: " + (rnd.nextInt(4) == 0 ? pick(CONTENT_TYPES) : "application/json"));
                if (rnd.nextInt(15) == 0) h.add("Content-Encoding: gzip");
            }
            return h;
        }

        private byte[] body() {
            String json = switch (rnd.nextInt(16)) {
                case 0 -> truncate(plausible());
                case 1 -> "";
                case 2 -> "[" + plausible() + "]";
                case 3 -> "{\"a\":".repeat(1000) + "{}" + "}".repeat(1000);
                case 4 -> "[".repeat(5000) + "]".repeat(5000);
                case 5 -> "null";
                case 6 -> pick(new String[]{"42", "\"text\"", "true", "1e999999", "-0", "NaN", "{", "}", "{,}",
                        "{\"a\" 1}", "{'a':1}", "<xml/>", "{\"a\":1}{\"b\":2}", "\ufeff{}", "{\"a\":\"\\ud800\"}",
                        "{\"a\":\"\\u00\"}", "{\"a\":01}", "{\"id\":\"\\u0000\"}", "{\"\\u0000\":1}"});
                default -> plausible();
            };
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            if (rnd.nextInt(12) == 0) return withInvalidUtf8(bytes);
            return bytes;
        }

        /** Bytes that are not UTF-8 (a lone continuation byte, an overlong NUL, a truncated sequence) inside JSON. */
        private byte[] withInvalidUtf8(byte[] json) {
            byte[][] bad = {{(byte) 0x80}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xFF},
                    {(byte) 0xED, (byte) 0xA0, (byte) 0x80}};
            int at = -1;
            for (int i = 0; i < json.length; i++) if (json[i] == '"' && (at < 0 || rnd.nextBoolean())) at = i + 1;
            if (at < 0) at = json.length;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(json, 0, at);
            out.writeBytes(pick(bad));
            out.write(json, at, json.length - at);
            return out.toByteArray();
        }

        private String truncate(String json) {
            return json.substring(0, rnd.nextInt(Math.max(1, json.length())));
        }

        /** An object of FOLIO field names: mostly plausible values, some of the wrong type or absurd. */
        private String plausible() {
            StringBuilder sb = new StringBuilder("{");
            int n = 1 + rnd.nextInt(7);
            for (int i = 0; i < n; i++) {
                if (i > 0) sb.append(',');
                String f = pick(FIELDS);
                sb.append('"').append(f).append("\":").append(rnd.nextInt(3) == 0 ? absurd() : sensible(f));
            }
            return sb.append('}').toString();
        }

        private String sensible(String field) {
            if (field.endsWith("Id") || field.equals("id") || field.equals("patronGroup"))
                return "\"" + (rnd.nextBoolean() ? pick(VALID_IDS) : UUID.nameUUIDFromBytes(longBytes())) + "\"";
            if (field.endsWith("Date")) return "\"2024-0" + (1 + rnd.nextInt(9)) + "-15T10:00:00.000Z\"";
            return switch (field) {
                case "status" -> "{\"name\":\"Available\"}";
                case "active", "enabled", "visible", "notifyPatron" -> "true";
                case "amount", "position", "_version", "order" -> String.valueOf(rnd.nextInt(5));
                case "personal" -> "{\"lastName\":\"Fuzz\",\"email\":\"a@b\"}";
                case "items", "links", "ids", "itemIds", "holdingsRecordIds", "permissions", "servicePoints",
                     "openings" -> "[\"" + pick(VALID_IDS) + "\"]";
                case "username", "userName" -> "\"" + TENANT + "_admin\"";
                case "password", "newPassword", "adminPassword" -> "\"" + "p".repeat(rnd.nextBoolean() ? 100 : 2) + "\"";
                default -> "\"fuzz-" + rnd.nextInt(1000) + "\"";
            };
        }

        /** {"a":{"a":…{}}}, {@code depth} objects deep. */
        private static JsonNode nested(int depth) {
            ObjectNode top = Json.object();
            ObjectNode o = top;
            for (int i = 1; i < depth; i++) o = o.putObject("a");
            return top;
        }

        private JsonNode absurdNode() {
            String text = absurd();
            try {
                return Json.parse(text);
            } catch (RuntimeException e) {
                return Json.MAPPER.getNodeFactory().textNode(text);
            }
        }

        private String absurd() {
            return switch (rnd.nextInt(14)) {
                case 0 -> "99999999999999999999999999999999";
                case 1 -> "-1e400";
                case 2 -> "\"" + "x".repeat(rnd.nextBoolean() ? 3000 : 100_000) + "\"";
                case 3 -> "\"a\\u0000b\"";
                case 4 -> "[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]";
                case 5 -> "{\"name\":{\"name\":[1,{\"x\":null}]}}";
                case 6 -> "null";
                case 7 -> "true";
                case 8 -> "[]";
                case 9 -> "{}";
                case 10 -> "\"not-a-date-or-uuid\"";
                case 11 -> "1.5e3";
                case 12 -> "\"\\ud83d\"";
                default -> "\"" + "€\\\"'%00;--".repeat(50) + "\"";
            };
        }

        /**
         * A body for POST /_/tenants whose id can never install a new tenant (that is seconds of work per tenant):
         * every "id" member becomes the existing fuzz tenant's id (a 400), its original value kept under another name.
         */
        private static byte[] neverANewTenant(byte[] body) {
            String text = new String(body, StandardCharsets.ISO_8859_1);
            return text.replace("\"id\":", "\"id\":\"" + TENANT + "\",\"was\":").getBytes(StandardCharsets.ISO_8859_1);
        }
    }
}
