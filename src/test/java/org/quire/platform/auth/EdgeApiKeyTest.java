package org.quire.platform.auth;

import org.junit.jupiter.api.Test;
import org.quire.platform.http.Authenticator;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The edge-common key format: what FOLIO's edge modules accept is read, anything else is malformed. */
class EdgeApiKeyTest {

    @Test
    void readsFolioKeys() {
        // edge-rtac's test key (BaseIntegrationTests): {"s":"BPaofNFncK6477DubxDh","t":"test","u":"test_admin"}
        EdgeApiKey k = EdgeApiKey.parse("eyJzIjoiQlBhb2ZORm5jSzY0NzdEdWJ4RGgiLCJ0IjoidGVzdCIsInUiOiJ0ZXN0X2FkbWluIn0=")
                .orElseThrow();
        assertThat(k).isEqualTo(new EdgeApiKey("BPaofNFncK6477DubxDh", "test", "test_admin"));
        // Unpadded and standard-alphabet spellings are the same key.
        assertThat(EdgeApiKey.parse("eyJzIjoiQlBhb2ZORm5jSzY0NzdEdWJ4RGgiLCJ0IjoidGVzdCIsInUiOiJ0ZXN0X2FkbWluIn0"))
                .contains(k);
    }

    @Test
    void generatedKeysRoundTripAndHashByContent() {
        EdgeApiKey k = EdgeApiKey.generate("diku", "edge-user");
        assertThat(k.salt()).hasSize(EdgeApiKey.SALT_LENGTH).matches("[0-9a-zA-Z]+");
        String text = k.encode();
        assertThat(text).matches("[A-Za-z0-9_=-]+");
        assertThat(new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8))
                .isEqualTo("{\"s\":\"" + k.salt() + "\",\"t\":\"diku\",\"u\":\"edge-user\"}");
        assertThat(EdgeApiKey.parse(text)).contains(k);
        assertThat(EdgeApiKey.parse(text).orElseThrow().hash()).isEqualTo(k.hash()).hasSize(32);
        assertThat(EdgeApiKey.generate("diku", "edge-user").hash()).isNotEqualTo(k.hash());
        assertThat(new EdgeApiKey(k.salt(), "diku", "other").hash()).isNotEqualTo(k.hash());
    }

    @Test
    void malformedKeysAreRefused() {
        for (String bad : new String[]{null, "", "   ", "not base64 !!", b64("not json"), b64("[1,2]"), b64("\"s\""),
                b64("{\"s\":\"x\",\"t\":\"diku\"}"), b64("{\"s\":\"\",\"t\":\"diku\",\"u\":\"u\"}"),
                b64("{\"s\":\"x\",\"t\":5,\"u\":\"u\"}"), b64("{\"s\":\"x\",\"t\":null,\"u\":\"u\"}"), "x".repeat(5000)}) {
            assertThat(EdgeApiKey.parse(bad)).as(String.valueOf(bad)).isEqualTo(Optional.empty());
        }
    }

    @Test
    void keyIsFoundWhereEdgeCommonLooks() {
        var none = Map.<String, java.util.List<String>>of();
        assertThat(Authenticator.apiKey(h -> Optional.empty(), Map.of("apiKey", java.util.List.of("A"),
                "apikey", java.util.List.of("B")))).contains("A");
        assertThat(Authenticator.apiKey(h -> Optional.empty(), Map.of("apikey", java.util.List.of("B")))).contains("B");
        assertThat(Authenticator.apiKey(h -> h.equals("Authorization") ? Optional.of("KEY") : Optional.empty(), none))
                .contains("KEY");
        assertThat(Authenticator.apiKey(h -> h.equals("Authorization") ? Optional.of("apikey KEY") : Optional.empty(),
                none)).contains("KEY");
        assertThat(Authenticator.apiKey(h -> h.equals("Authorization") ? Optional.of("Bearer abc") : Optional.empty(),
                none)).isEmpty();
        assertThat(Authenticator.apiKey(h -> Optional.empty(), none)).isEmpty();
    }

    private static String b64(String s) {
        return Base64.getUrlEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
