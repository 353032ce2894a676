package org.quire.platform.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JSON answer is written when it is sent (Response keeps its value): one that cannot be written — nested past the
 * writer's limit — is still answered, by the error mapper, compact or pretty as the route is, and a writable one on a
 * pretty route comes out pretty.
 */
class UnwritableAnswerTest {
    static ReadTimeouts timeouts;
    static WebServer server;

    @BeforeAll
    static void start() {
        ObjectNode deep = Json.object();
        ObjectNode n = deep;
        for (int i = 0; i < Json.MAX_DEPTH + 10; i++) n = n.putObject("d");
        Router router = new Router();
        router.prettyPrint("/pretty/");
        router.get("/compact/deep", Router.PUBLIC, req -> Response.ok(deep));
        router.get("/pretty/deep", Router.PUBLIC, req -> Response.ok(deep));
        router.get("/pretty/fine", Router.PUBLIC, req -> Response.ok(Json.object().put("a", 1)));
        timeouts = new ReadTimeouts(Duration.ofSeconds(5));
        server = WebServers.start(0, router.toHelidon(null, new ErrorMapper(Map.of()), timeouts), 1_000_000, timeouts);
    }

    @AfterAll
    static void stop() {
        server.stop();
        timeouts.close();
    }

    static HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anUnwritableValue_isAnsweredByTheErrorMapper_onBothKindsOfRoute() throws Exception {
        for (String path : new String[]{"/compact/deep", "/pretty/deep"}) {
            HttpResponse<String> r = get(path);
            assertThat(r.statusCode()).as(path).isEqualTo(500);
            assertThat(r.body()).as(path).startsWith("Internal server error (").endsWith("); see the server log");
        }
    }

    @Test
    void aWritableValueOnAPrettyRoute_isPretty() throws Exception {
        HttpResponse<String> r = get("/pretty/fine");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("{\n  \"a\" : 1\n}");
    }
}
