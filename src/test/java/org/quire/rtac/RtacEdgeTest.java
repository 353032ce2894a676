package org.quire.rtac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.platform.Json;
import org.quire.platform.auth.EdgeApiKey;
import org.quire.users.ApiKeysApi;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * edge-rtac over an edge API key: keys issued over HTTP and on the command line, the three edge paths in JSON and
 * XML, edge-rtac's and edge-common's answers for unknown instances and bad, revoked or inactive keys.
 */
class RtacEdgeTest {
    static final String TENANT = "rtac_edge";
    static Api.Session s;
    static String book, bookHoldings, edgeUser, key;

    @BeforeAll
    static void data() {
        s = Fixtures.tenant(TENANT);
        book = Fixtures.instance(s, "A book for discovery");
        bookHoldings = Fixtures.holdings(s, book, Fixtures.MAIN_LIBRARY);
        ObjectNode item = Json.object().put("holdingsRecordId", bookHoldings).put("barcode", "edge-1")
                .put("materialTypeId", Fixtures.BOOK).put("permanentLoanTypeId", Fixtures.CAN_CIRCULATE);
        item.putObject("status").put("name", "Available");
        assertThat(s.post("/item-storage/items", item).status()).isEqualTo(201);
        edgeUser = user("edge-rtac-user", true, RtacApi.BATCH_PERMISSION);
        key = issue("edge-rtac-user").path("apiKey").asText();
    }

    /** An institutional user with these permissions. */
    static String user(String username, boolean active, String... permissions) {
        String id = UUID.randomUUID().toString();
        assertThat(s.post("/users", Json.object().put("id", id).put("username", username).put("active", active)
                .put("type", "system")).status()).isEqualTo(201);
        var perms = Json.array();
        for (String p : permissions) perms.add(p);
        assertThat(s.post("/perms/users", Json.object().put("userId", id).set("permissions", perms)).status())
                .isEqualTo(201);
        return id;
    }

    static JsonNode issue(String username) {
        Api.Reply r = s.post("/quire/api-keys", Json.object().put("username", username));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    @Test
    void administratorIssuesListsAndRevokesKeys() throws Exception {
        String otherUser = UUID.randomUUID().toString();
        user("edge-admin-api", true, RtacApi.BATCH_PERMISSION);
        Api.Reply created = s.post("/quire/api-keys", Json.object().put("username", "edge-admin-api"));
        assertThat(created.status()).isEqualTo(201);
        JsonNode k = created.json();
        assertThat(created.header("Location")).contains("/quire/api-keys/" + k.path("id").asText());
        assertThat(k.path("tenant").asText()).isEqualTo(TENANT);
        assertThat(k.path("username").asText()).isEqualTo("edge-admin-api");
        assertThat(k.path("revoked").asBoolean()).isFalse();
        assertThat(k.path("createdByUserId").asText()).isNotEmpty();
        EdgeApiKey parsed = EdgeApiKey.parse(k.path("apiKey").asText()).orElseThrow();
        assertThat(parsed.tenant()).isEqualTo(TENANT);
        assertThat(parsed.username()).isEqualTo("edge-admin-api");
        assertThat(edge("/rtac/" + book, k.path("apiKey").asText()).statusCode()).isEqualTo(200);

        JsonNode list = s.get("/quire/api-keys").json();
        JsonNode listed = find(list.path("apiKeys"), k.path("id").asText());
        assertThat(listed.path("username").asText()).isEqualTo("edge-admin-api");
        assertThat(listed.has("apiKey")).isFalse();
        assertThat(list.path("totalRecords").asInt()).isEqualTo(list.path("apiKeys").size());

        // The database holds neither the key nor its salt.
        try (Connection c = DriverManagerHolder.connect(); ResultSet rs = c.createStatement()
                .executeQuery("SELECT * FROM platform.api_key WHERE id = '" + k.path("id").asText() + "'")) {
            assertThat(rs.next()).isTrue();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                String v = rs.getString(i);
                if (v != null) assertThat(v).doesNotContain(parsed.salt()).doesNotContain(k.path("apiKey").asText());
            }
        }

        assertThat(s.delete("/quire/api-keys/" + k.path("id").asText()).status()).isEqualTo(204);
        assertThat(edge("/rtac/" + book, k.path("apiKey").asText()).statusCode()).isEqualTo(401);
        assertThat(find(s.get("/quire/api-keys").json().path("apiKeys"), k.path("id").asText())
                .path("revokedDate").asText()).isNotEmpty();
        // Revoking again changes nothing; unknown and malformed ids are 404.
        assertThat(s.delete("/quire/api-keys/" + k.path("id").asText()).status()).isEqualTo(204);
        assertThat(s.delete("/quire/api-keys/" + otherUser).status()).isEqualTo(404);
        assertThat(s.delete("/quire/api-keys/not-a-uuid").status()).isEqualTo(404);
        // Another tenant's administrator neither sees nor revokes this tenant's keys.
        Api.Session diku = TestServer.api().demoAdmin();
        assertThat(diku.get("/quire/api-keys").body()).doesNotContain(k.path("id").asText());
        assertThat(diku.delete("/quire/api-keys/" + key("edge-rtac-user")).status()).isEqualTo(404);
    }

    @Test
    void issuingRefusesBadInput() {
        Api.Reply missing = s.post("/quire/api-keys", Json.object());
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().at("/errors/0/parameters/0/key").asText()).isEqualTo("username");
        assertThat(s.post("/quire/api-keys", Json.object().put("username", 5)).status()).isEqualTo(400);
        assertThat(s.api().send("POST", "/quire/api-keys", "{bad json", TENANT, s.token()).status()).isEqualTo(400);
        Api.Reply unknown = s.post("/quire/api-keys", Json.object().put("username", "nobody-here"));
        assertThat(unknown.status()).isEqualTo(422);
        assertThat(unknown.json().at("/errors/0/message").asText())
                .isEqualTo("No user with username 'nobody-here' in tenant " + TENANT);
        // Quire's own permission names.
        String clerk = user("edge-clerk", true, ApiKeysApi.LIST_PERMISSION);
        assertThat(s.post("/authn/credentials", Json.object().put("userId", clerk).put("password", "pw")).status())
                .isEqualTo(201);
        Api.Session limited = TestServer.api().login(TENANT, "edge-clerk", "pw");
        assertThat(limited.get("/quire/api-keys").status()).isEqualTo(200);
        Api.Reply refused = limited.post("/quire/api-keys", Json.object().put("username", "edge-clerk"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body()).isEqualTo("Access requires permission: " + ApiKeysApi.CREATE_PERMISSION);
    }

    @Test
    void keyServesTheEdgePathsInJsonAndXml() throws Exception {
        HttpResponse<String> one = edge("/rtac/" + book + "?apikey=" + enc(key) + "&fullPeriodicals=false&lang=en",
                null, "application/json");
        assertThat(one.statusCode()).as(one.body()).isEqualTo(200);
        JsonNode j = Json.parse(one.body());
        assertThat(j.path("instanceId").asText()).isEqualTo(book);
        assertThat(j.path("holdings").get(0).path("status").asText()).isEqualTo("Available");
        assertThat(j.path("holdings").get(0).path("barcode").asText()).isEqualTo("edge-1");
        // edge-api-utils' apiKey parameter, and the Authorization header (bare, or "apikey <key>").
        assertThat(edge("/rtac/" + book + "?apiKey=" + enc(key), null, null).statusCode()).isEqualTo(200);
        assertThat(edge("/rtac/" + book, key).statusCode()).isEqualTo(200);
        assertThat(edge("/rtac/" + book, "apikey " + key).statusCode()).isEqualTo(200);

        HttpResponse<String> xml = edge("/rtac/" + book + "?apikey=" + enc(key), null, "application/xml");
        assertThat(xml.headers().firstValue("Content-Type").orElse("")).startsWith("application/xml");
        assertThat(xml.body()).contains("<holdings><instanceId>" + book + "</instanceId><holding>")
                .contains("<status>Available</status>");

        String other = Fixtures.instance(s, "Another title");
        Fixtures.holdings(s, other, Fixtures.MAIN_LIBRARY);
        HttpResponse<String> batch = edge("/rtac?instanceIds=" + book + "," + other + "&apikey=" + enc(key)
                + "&fullPeriodicals=true", null, "application/json");
        assertThat(batch.statusCode()).isEqualTo(200);
        JsonNode b = Json.parse(batch.body());
        assertThat(b.path("holdings").get(0).path("instanceId").asText()).isEqualTo(book);
        assertThat(b.path("holdings").get(1).path("instanceId").asText()).isEqualTo(other);
        HttpResponse<String> batchXml = edge("/rtac?instanceIds=" + book + "&apikey=" + enc(key), null, "text/xml");
        assertThat(batchXml.body()).contains("<instances><holdings><instanceId>" + book + "</instanceId>");
        assertThat(batchXml.headers().firstValue("Content-Type").orElse("")).startsWith("text/xml");

        // Tenant + token keep working on the same paths, with their own permission and answers.
        assertThat(s.get("/rtac/" + book).status()).isEqualTo(200);
        assertThat(s.get("/rtac/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(s.get("/rtac?instanceIds=" + book).status()).isEqualTo(200);
    }

    @Test
    void unknownInstanceIsEdgeRtacsSoftError() throws Exception {
        String unknown = UUID.randomUUID().toString();
        HttpResponse<String> r = edge("/rtac/" + unknown + "?apikey=" + enc(key), null, "application/json");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode e = Json.parse(r.body());
        assertThat(e.path("message").asText()).isEqualTo("Instance " + unknown + " can not be retrieved");
        assertThat(e.path("code").asText()).isEqualTo("404");
        HttpResponse<String> x = edge("/rtac/" + unknown + "?apikey=" + enc(key), null, "application/xml");
        assertThat(x.statusCode()).isEqualTo(200);
        assertThat(x.body()).contains("<error><message>Instance " + unknown + " can not be retrieved</message>"
                + "<code>404</code></error>");
        assertThat(edge("/rtac/not-a-uuid?apikey=" + enc(key), null, null).statusCode()).isEqualTo(200);
        JsonNode batch = Json.parse(edge("/rtac?instanceIds=" + unknown + "&apikey=" + enc(key), null, null).body());
        assertThat(batch.path("holdings")).isEmpty();
        assertThat(batch.at("/errors/0/message").asText()).isEqualTo("Instance " + unknown + " can not be retrieved");
        HttpResponse<String> noIds = edge("/rtac?apikey=" + enc(key), null, null);
        assertThat(noIds.statusCode()).isEqualTo(400);
    }

    @Test
    void legacyFolioRtacPath() throws Exception {
        HttpResponse<String> xml = edge("/prod/rtac/folioRTAC?mms_id=" + book + "&apikey=" + enc(key), null, null);
        assertThat(xml.statusCode()).isEqualTo(200);
        assertThat(xml.headers().firstValue("Content-Type").orElse("")).startsWith("application/xml");
        assertThat(xml.body()).contains("<holdings><instanceId>" + book + "</instanceId><holding>");
        HttpResponse<String> json = edge("/prod/rtac/folioRTAC?mms_id=" + book + "&apikey=" + enc(key), null,
                "application/json");
        assertThat(Json.parse(json.body()).at("/holdings/0/instanceId").asText()).isEqualTo(book);
        HttpResponse<String> both = edge("/prod/rtac/folioRTAC?mms_id=" + book + "&apikey=" + enc(key), null,
                "application/json, application/xml");
        assertThat(both.body()).contains("<holdings>");
        HttpResponse<String> unknown = edge("/prod/rtac/folioRTAC?mms_id=" + UUID.randomUUID() + "&apikey="
                + enc(key), null, null);
        assertThat(unknown.statusCode()).isEqualTo(200);
        // An empty <holdings/> (StAX writes it as a start and an end tag).
        assertThat(unknown.body()).matches("(?s).*<holdings(/>|></holdings>)").doesNotContain("<holding>");
        // Failures of any sort: 200 with empty instances, as edge-rtac 2.x.
        for (String path : List.of("/prod/rtac/folioRTAC?mms_id=" + book,
                "/prod/rtac/folioRTAC?mms_id=" + book + "&apikey=garbage",
                "/prod/rtac/folioRTAC?apikey=" + enc(key),
                "/prod/rtac/folioRTAC?mms_id=&apikey=")) {
            HttpResponse<String> r = edge(path, null, null);
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            assertThat(r.body()).as(path).isEqualTo(RtacApi.LEGACY_EMPTY);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/xml");
        }
        assertThat(edge("/prod/rtac/folioRTAC?mms_id=" + book + "&apikey=" + enc(key), null, "text/plain")
                .statusCode()).isEqualTo(406);
    }

    @Test
    void badKeysAreEdgeCommons401() throws Exception {
        String wrongSalt = new EdgeApiKey("not-the-salt", TENANT, "edge-rtac-user").encode();
        String unknownTenant = new EdgeApiKey("salt", "nosuchtenant", "edge-rtac-user").encode();
        String badTenantId = new EdgeApiKey("salt", "Robert'); DROP TABLE", "x").encode();
        String notJson = Base64.getUrlEncoder().encodeToString("hello".getBytes(StandardCharsets.UTF_8));
        String noUser = Base64.getUrlEncoder().encodeToString(("{\"s\":\"x\",\"t\":\"" + TENANT + "\"}")
                .getBytes(StandardCharsets.UTF_8));
        for (String bad : List.of(wrongSalt, unknownTenant, badTenantId, notJson, noUser, "%%%not-base64")) {
            for (String path : List.of("/rtac/" + book, "/rtac?instanceIds=" + book)) {
                HttpResponse<String> r = edge(path + (path.contains("?") ? "&" : "?") + "apikey=" + enc(bad), null, null);
                assertThat(r.statusCode()).as(path + " " + bad).isEqualTo(401);
                assertThat(r.body()).isEqualTo("Invalid API Key: " + bad);
                assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
            }
        }
        HttpResponse<String> none = edge("/rtac/" + book, null, null);
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.body()).isEqualTo("Invalid API Key: ");
        assertThat(edge("/rtac/" + book + "?apikey=", null, null).body()).isEqualTo("Invalid API Key: ");
    }

    @Test
    void revokedKeyStopsAtOnceInThisProcess() throws Exception {
        user("edge-revoked", true, RtacApi.BATCH_PERMISSION);
        JsonNode k = issue("edge-revoked");
        String text = k.path("apiKey").asText();
        assertThat(edge("/rtac/" + book, text).statusCode()).isEqualTo(200); // now cached
        assertThat(s.delete("/quire/api-keys/" + k.path("id").asText()).status()).isEqualTo(204);
        HttpResponse<String> r = edge("/rtac/" + book, text);
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(r.body()).isEqualTo("Invalid API Key: " + text);
    }

    @Test
    void inactiveUserOrMissingPermission() throws Exception {
        user("edge-inactive", false, RtacApi.BATCH_PERMISSION);
        HttpResponse<String> inactive = edge("/rtac/" + book, issue("edge-inactive").path("apiKey").asText());
        assertThat(inactive.statusCode()).isEqualTo(403);
        assertThat(inactive.body()).isEqualTo("Access Denied");

        user("edge-unprivileged", true, RtacApi.ITEM_PERMISSION);
        String weak = issue("edge-unprivileged").path("apiKey").asText();
        for (String path : List.of("/rtac/" + book, "/rtac?instanceIds=" + book)) {
            HttpResponse<String> r = edge(path, weak);
            assertThat(r.statusCode()).isEqualTo(403);
            assertThat(r.body()).isEqualTo("Access requires permission: rtac.batch.post");
        }
    }

    @Test
    void keyIsNoTokenOutsideTheEdgePaths() throws Exception {
        HttpResponse<String> users = edge("/users?apikey=" + enc(key), null, null);
        assertThat(users.statusCode()).isEqualTo(400);
        assertThat(users.body()).startsWith("Missing Tenant");
        HttpResponse<String> withTenant = send(HttpRequest.newBuilder(uri("/users"))
                .header("X-Okapi-Tenant", TENANT).header("Authorization", key).GET());
        assertThat(withTenant.statusCode()).isEqualTo(401);
        HttpResponse<String> batchPost = send(HttpRequest.newBuilder(uri("/rtac-batch?apikey=" + enc(key)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"instanceIds\":[\"" + book + "\"]}")));
        assertThat(batchPost.statusCode()).isEqualTo(400);
        assertThat(edge("/quire/api-keys?apikey=" + enc(key), null, null).statusCode()).isEqualTo(400);
    }

    @Test
    void commandLineIssuesListsAndRevokes() throws Exception {
        user("edge-cli", true, RtacApi.BATCH_PERMISSION);
        Cli create = cli("apikey", "create", "--tenant", TENANT, "--user", "edge-cli");
        assertThat(create.code).as(create.err).isZero();
        String cliKey = create.out.trim();
        assertThat(EdgeApiKey.parse(cliKey).orElseThrow().username()).isEqualTo("edge-cli");
        assertThat(create.err).contains("Issued API key");
        assertThat(edge("/rtac/" + book, cliKey).statusCode()).isEqualTo(200);

        Cli list = cli("apikey", "list", "--tenant", TENANT);
        assertThat(list.code).isZero();
        assertThat(list.out).contains("edge-cli").doesNotContain(cliKey);
        Cli listUnknown = cli("apikey", "list", "--tenant", "nosuchtenant");
        assertThat(listUnknown.code).isEqualTo(2);
        assertThat(listUnknown.err).contains("quire: No such tenant: nosuchtenant");

        Cli revoke = cli("apikey", "revoke", cliKey);
        assertThat(revoke.code).as(revoke.err).isZero();
        assertThat(revoke.out).startsWith("Revoked API key ").contains("edge-cli");
        // Another process revoked it: the server's cached entry lasts at most ApiKeys.TTL_MILLIS (5 s).
        long deadline = System.currentTimeMillis() + 7_000;
        int status;
        do {
            status = edge("/rtac/" + book, cliKey).statusCode();
            if (status != 401) Thread.sleep(250);
        } while (status != 401 && System.currentTimeMillis() < deadline);
        assertThat(status).isEqualTo(401);

        Cli unknownUser = cli("apikey", "create", "--tenant", TENANT, "--user", "nobody-here");
        assertThat(unknownUser.code).isEqualTo(2);
        assertThat(unknownUser.err).contains("quire: No user with username 'nobody-here' in tenant " + TENANT);
        Cli unknownTenant = cli("apikey", "create", "--tenant", "nosuchtenant", "--user", "x");
        assertThat(unknownTenant.code).isEqualTo(2);
        assertThat(unknownTenant.err).contains("quire: No such tenant: nosuchtenant");
        Cli garbage = cli("apikey", "revoke", "garbage");
        assertThat(garbage.code).isEqualTo(2);
        assertThat(garbage.err).contains("quire: No such API key");
        assertThat(cli("apikey", "create", "--tenant", TENANT).code).isEqualTo(2); // --user is required
    }

    // --- helpers

    record Cli(int code, String out, String err) {
    }

    static Cli cli(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db-url", TestServer.get().database().embeddedJdbcUrl(),
                "--data-dir", Files.createTempDirectory("quire-cli").toString()));
        org.quire.CliRun r = org.quire.CliRun.of(all);
        return new Cli(r.code(), r.out(), r.err());
    }

    static String key(String username) {
        for (JsonNode k : s.get("/quire/api-keys").json().path("apiKeys")) {
            if (k.path("username").asText().equals(username)) return k.path("id").asText();
        }
        throw new AssertionError("no key for " + username);
    }

    static JsonNode find(JsonNode array, String id) {
        for (JsonNode n : array) if (n.path("id").asText().equals(id)) return n;
        throw new AssertionError("not listed: " + id);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static URI uri(String path) {
        return URI.create("http://localhost:" + TestServer.get().port() + path);
    }

    /** A GET as a discovery layer makes it: no tenant, no token; the key in Authorization when given. */
    static HttpResponse<String> edge(String path, String authorization) throws Exception {
        return edge(path, authorization, null);
    }

    static HttpResponse<String> edge(String path, String authorization, String accept) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).GET();
        if (authorization != null) b.header("Authorization", authorization);
        if (accept != null) b.header("Accept", accept);
        return send(b);
    }

    static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A plain JDBC connection to the test server's embedded database. */
    static final class DriverManagerHolder {
        static Connection connect() throws Exception {
            return java.sql.DriverManager.getConnection(TestServer.get().database().embeddedJdbcUrl());
        }
    }
}
