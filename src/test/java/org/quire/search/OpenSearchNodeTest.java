package org.quire.search;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** The test OpenSearch node is real: it creates an index over HTTP and answers for it. */
class OpenSearchNodeTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void putsAndGetsAnIndex() throws Exception {
        String base = OpenSearchNode.url();
        HttpResponse<String> root = send("GET", base + "/", null);
        assertThat(root.statusCode()).isEqualTo(200);
        assertThat(root.body()).contains("\"distribution\" : \"opensearch\"").contains("\"number\" : \"3.8.0\"");
        HttpResponse<String> put = send("PUT", base + "/smoke_index",
                "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0},"
                        + "\"mappings\":{\"properties\":{\"title\":{\"type\":\"text\"}}}}");
        assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
        HttpResponse<String> get = send("GET", base + "/smoke_index", null);
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(get.body()).contains("\"smoke_index\"").contains("\"title\":{\"type\":\"text\"}");
        assertThat(send("GET", base + "/no_such_index", null).statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> send(String method, String uri, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri)).header("Content-Type", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
