package org.quire.platform.http;

import io.helidon.webserver.WebServer;
import org.junit.jupiter.api.Test;
import org.quire.platform.RequestLoad;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Every request the router serves adds its time to the process's request load, a failed one too. */
class RequestLoadTest {

    @Test
    void aServedRequest_addsAtLeastItsHandlersTime() throws Exception {
        Router router = new Router();
        router.get("/slow", Router.PUBLIC, req -> {
            Thread.sleep(60);
            return Response.text(200, "done");
        });
        router.get("/failing", Router.PUBLIC, req -> {
            Thread.sleep(60);
            throw new IllegalStateException("boom");
        });
        ReadTimeouts timeouts = new ReadTimeouts(Duration.ofSeconds(5));
        WebServer server = WebServers.start(0, router.toHelidon(null, new ErrorMapper(Map.of()), timeouts), 1_000_000,
                timeouts);
        try {
            for (Map.Entry<String, Integer> call : Map.of("/slow", 200, "/failing", 500).entrySet()) {
                String path = call.getKey();
                long before = RequestLoad.busyNanos();
                URI uri = URI.create("http://localhost:" + server.port() + path);
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as(path).isEqualTo(call.getValue());
                // counted once the answer is sent, which the client may see first
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (RequestLoad.busyNanos() - before < 60_000_000L && System.nanoTime() < deadline) Thread.sleep(5);
                assertThat(RequestLoad.busyNanos() - before).as(path).isGreaterThanOrEqualTo(60_000_000L);
            }
        } finally {
            server.stop();
            timeouts.close();
        }
    }

    @Test
    void inFlight_isBusyTimeOverWallTime() {
        assertThat(RequestLoad.inFlight(1_000, 1_000 + 3_000_000_000L, 1_500_000_000L)).isEqualTo(2.0);
        assertThat(RequestLoad.inFlight(5, 5, 1_000)).isZero();
        assertThat(RequestLoad.inFlight(5, 6, 0)).as("no time passed").isZero();
    }
}
