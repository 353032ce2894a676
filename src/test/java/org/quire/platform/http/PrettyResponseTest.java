package org.quire.platform.http;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.quire.app.DemoData;
import org.quire.platform.Json;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A JSON answer written pretty from its value is byte for byte what pretty-printing its compact text gave. */
class PrettyResponseTest {
    @Test
    void realInstancesAndOddValues_printTheSameBothWays() {
        ObjectNode odd = Json.object();
        odd.put("int", 42).put("long", 9_007_199_254_740_993L).put("double", 1.5).put("tiny", 1.0E-10)
                .put("negative", -0.0)
                .put("text", "ünïcödé \"quoted\" \\ / \u0001 \u2028 😀").putNull("nothing").put("yes", true);
        odd.putArray("empty");
        odd.putObject("emptyObject");
        odd.putArray("nested").addArray().addObject().put("deep", "x");
        List<Object> values = new java.util.ArrayList<>(List.of(odd, Json.array(), Map.of("record", List.of(1, 2)),
                "a string", 3));
        for (DemoData.SeedTitle t : DemoData.seedTitles().subList(0, 200)) values.add(t.instance());
        for (Object v : values) {
            byte[] viaText = Json.pretty(Json.write(v).getBytes(StandardCharsets.UTF_8));
            byte[] direct = Response.json(200, v).pretty().body();
            assertThat(new String(direct, StandardCharsets.UTF_8)).isEqualTo(new String(viaText, StandardCharsets.UTF_8));
        }
    }

    @Test
    void aBigDecimal_isWrittenAsItIs_prettyOrNot() {
        // re-reading the compact text made it a double (1.2345678901234567E19); written from the value it stays exact
        ObjectNode v = Json.object().put("big", new BigDecimal("12345678901234567890.1234567890"));
        assertThat(new String(Response.ok(v).pretty().body(), StandardCharsets.UTF_8))
                .isEqualTo("{\n  \"big\" : 12345678901234567890.1234567890\n}");
        assertThat(new String(Response.ok(v).body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"big\":12345678901234567890.1234567890}");
    }

    @Test
    void aJsonAnswer_isCompactUnlessAskedToBePretty_andNullIsWritten() {
        ObjectNode v = Json.object().put("a", 1);
        assertThat(new String(Response.ok(v).body(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
        assertThat(new String(Response.ok(v).pretty().body(), StandardCharsets.UTF_8)).isEqualTo("{\n  \"a\" : 1\n}");
        assertThat(new String(Response.ok(null).body(), StandardCharsets.UTF_8)).isEqualTo("null");
        assertThat(Response.text(400, "no").pretty().body()).isEqualTo("no".getBytes(StandardCharsets.UTF_8));
    }
}
