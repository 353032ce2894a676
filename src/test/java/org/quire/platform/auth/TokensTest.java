package org.quire.platform.auth;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Verified tokens are remembered, but never beyond their expiry and never when they did not verify. */
class TokensTest {
    private final Tokens tokens = new Tokens(new byte[32]);
    private final UUID user = UUID.randomUUID();

    @Test
    void aRememberedTokenStillExpires() throws InterruptedException {
        String token = tokens.issue("ann", user, "diku", "access", Duration.ofMillis(1500));
        assertThat(tokens.verify(token)).isNotNull().extracting(Tokens.Claims::userId).isEqualTo(user);
        assertThat(tokens.verify(token)).as("second use, from memory").isNotNull();
        Thread.sleep(2000);
        assertThat(tokens.verify(token)).as("expired, though verified before").isNull();
    }

    @Test
    void aForgedOrAlteredTokenIsRejectedEveryTime() {
        String token = tokens.issue("ann", user, "diku", "access", Duration.ofMinutes(5));
        String otherSecret = new Tokens(new byte[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}).issue("ann", user, "diku", "access", Duration.ofMinutes(5));
        String[] parts = token.split("\\.");
        String altered = parts[0] + "." + parts[1] + "x." + parts[2];
        for (int i = 0; i < 2; i++) {
            assertThat(tokens.verify(otherSecret)).isNull();
            assertThat(tokens.verify(altered)).isNull();
        }
        assertThat(tokens.verify(token)).isNotNull();
    }

    @Test
    void theMemoryIsBounded() {
        for (int i = 0; i < Tokens.MAX_VERIFIED + 10; i++) {
            assertThat(tokens.verify(tokens.issue("u" + i, user, "diku", "access", Duration.ofMinutes(5)))).isNotNull();
            assertThat(tokens.remembered()).isLessThanOrEqualTo(Tokens.MAX_VERIFIED);
        }
        assertThat(tokens.remembered()).isBetween(1, 10);
    }
}
