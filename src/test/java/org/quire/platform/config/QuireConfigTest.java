package org.quire.platform.config;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

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

    @Test
    void oaiConcurrentPages_aPositiveNumber_oneMoreThanTheCoresWhenUnset_atMostHalfThePool() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(QuireConfig.oaiConcurrentPages(null, 100)).isEqualTo(Math.min(cores + 1, 50));
        assertThat(QuireConfig.oaiConcurrentPages(" ", 100)).isEqualTo(Math.min(cores + 1, 50));
        assertThat(QuireConfig.oaiConcurrentPages(null, 4)).isEqualTo(Math.min(cores + 1, 2));
        assertThat(QuireConfig.oaiConcurrentPages(null, 1)).isEqualTo(1);
        assertThat(QuireConfig.oaiConcurrentPages(" 3 ", 4)).isEqualTo(3); // the setting is taken as given
        for (String bad : List.of("0", "-2", "two", "1.5")) {
            assertThatThrownBy(() -> QuireConfig.oaiConcurrentPages(bad, 8)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("QUIRE_OAI_CONCURRENT_PAGES must be a whole number of at least 1, not '" + bad + "'");
        }
    }

    @Test
    void sip2TenantPorts_arePortTenantPairs_emptyWhenUnset() {
        assertThat(QuireConfig.sip2TenantPorts(null)).isEmpty();
        assertThat(QuireConfig.sip2TenantPorts(" ")).isEmpty();
        assertThat(QuireConfig.sip2TenantPorts("6444=diku, 6445 = east_campus"))
                .containsExactly(java.util.Map.entry(6444, "diku"), java.util.Map.entry(6445, "east_campus"));
    }

    @Test
    void sip2TenantPorts_thatAreNoPortTenantPairs_areRefusedNamingTheOption() {
        for (String bad : new String[]{"6444", "6444=", "=diku", "x=diku", "70000=diku", "0=diku", "-1=diku",
                "6444=diku,", "6444=diku=east"}) {
            assertThatThrownBy(() -> QuireConfig.sip2TenantPorts(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("QUIRE_SIP2_TENANT_PORTS must be port=tenant pairs")
                    .hasMessageContaining("'" + bad + "'");
        }
        assertThatThrownBy(() -> QuireConfig.sip2TenantPorts("6444=diku,6444=east"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names port 6444 twice");
    }
}
