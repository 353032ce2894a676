package org.quire.platform.config;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QuireConfigTest {
    static final Duration DEFAULT = Duration.ofSeconds(30);

    @Test
    void readTimeout_inSecondsOrMilliseconds_defaultWhenUnset() {
        assertThat(QuireConfig.duration("QUIRE_READ_TIMEOUT", null, DEFAULT)).isEqualTo(DEFAULT);
        assertThat(QuireConfig.duration("QUIRE_READ_TIMEOUT", " ", DEFAULT)).isEqualTo(DEFAULT);
        assertThat(QuireConfig.duration("QUIRE_READ_TIMEOUT", "45", DEFAULT)).isEqualTo(Duration.ofSeconds(45));
        assertThat(QuireConfig.duration("QUIRE_READ_TIMEOUT", "10s", DEFAULT)).isEqualTo(Duration.ofSeconds(10));
        assertThat(QuireConfig.duration("QUIRE_READ_TIMEOUT", "500MS", DEFAULT)).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void readTimeout_thatIsNoPositiveDuration_isRefusedNamingTheOption() {
        for (String bad : new String[]{"0", "-5", "abc", "5m", "ms"}) {
            assertThatThrownBy(() -> QuireConfig.duration("QUIRE_READ_TIMEOUT", bad, DEFAULT))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("QUIRE_READ_TIMEOUT must be a positive duration")
                    .hasMessageContaining("'" + bad + "'");
        }
    }
}
