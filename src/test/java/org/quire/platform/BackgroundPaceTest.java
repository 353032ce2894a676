package org.quire.platform;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Background work (a live reindex, an import) rests in proportion to how busy requests kept the cores: not at all when idle, 8× when saturated. */
class BackgroundPaceTest {
    static final long PAGE = 100_000_000L; // a page that took 100 ms

    @Test
    void rest_growsWithTheRequestsInFlight_upToEightPagesWhenEveryCoreIsBusy() {
        BackgroundPace pace = new BackgroundPace(1.0, 2);
        assertThat(pace.restMillis(PAGE, 0)).as("idle server").isZero();
        assertThat(pace.restMillis(PAGE, 1)).as("one core busy of two").isEqualTo(400);
        assertThat(pace.restMillis(PAGE, 2)).as("both cores busy").isEqualTo(800);
        assertThat(pace.restMillis(PAGE, 20)).as("20 requests in flight").isEqualTo(800);
    }

    @Test
    void throttle_scalesTheRest_andZeroNeverRests() {
        assertThat(new BackgroundPace(2.0, 2).restMillis(PAGE, 2)).isEqualTo(1_600);
        assertThat(new BackgroundPace(0, 2).restMillis(PAGE, 20)).isZero();
        assertThat(new BackgroundPace(1.0, 4).restMillis(PAGE, 1)).as("one core busy of four").isEqualTo(200);
    }

    @Test
    void throttleSetting_isANumberAtLeastZero_elseOne() {
        assertThat(BackgroundPace.throttle(null, "QUIRE_TEST_THROTTLE")).isEqualTo(1.0);
        assertThat(BackgroundPace.throttle(" ", "QUIRE_TEST_THROTTLE")).isEqualTo(1.0);
        assertThat(BackgroundPace.throttle("0.5", "QUIRE_TEST_THROTTLE")).isEqualTo(0.5);
        assertThat(BackgroundPace.throttle("0", "QUIRE_TEST_THROTTLE")).isZero();
        assertThat(BackgroundPace.throttle("-1", "QUIRE_TEST_THROTTLE")).isEqualTo(1.0);
        assertThat(BackgroundPace.throttle("fast", "QUIRE_TEST_THROTTLE")).isEqualTo(1.0);
        assertThat(BackgroundPace.throttle("Infinity", "QUIRE_TEST_THROTTLE")).isEqualTo(1.0);
        assertThat(BackgroundPace.throttle("NaN", "QUIRE_TEST_THROTTLE")).isEqualTo(1.0);
    }
}
