package org.quire.search;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A live reindex rests in proportion to how busy requests kept the cores: not at all when idle, 8× when saturated. */
class ReindexPaceTest {
    static final long PAGE = 100_000_000L; // a page that took 100 ms

    @Test
    void rest_growsWithTheRequestsInFlight_upToEightPagesWhenEveryCoreIsBusy() {
        ReindexPace pace = new ReindexPace(1.0, 2);
        assertThat(pace.restMillis(PAGE, 0)).as("idle server").isZero();
        assertThat(pace.restMillis(PAGE, 1)).as("one core busy of two").isEqualTo(400);
        assertThat(pace.restMillis(PAGE, 2)).as("both cores busy").isEqualTo(800);
        assertThat(pace.restMillis(PAGE, 20)).as("20 requests in flight").isEqualTo(800);
    }

    @Test
    void throttle_scalesTheRest_andZeroNeverRests() {
        assertThat(new ReindexPace(2.0, 2).restMillis(PAGE, 2)).isEqualTo(1_600);
        assertThat(new ReindexPace(0, 2).restMillis(PAGE, 20)).isZero();
        assertThat(new ReindexPace(1.0, 4).restMillis(PAGE, 1)).as("one core busy of four").isEqualTo(200);
    }

    @Test
    void throttleSetting_isANumberAtLeastZero_elseOne() {
        assertThat(ReindexPace.throttle(null)).isEqualTo(1.0);
        assertThat(ReindexPace.throttle(" ")).isEqualTo(1.0);
        assertThat(ReindexPace.throttle("0.5")).isEqualTo(0.5);
        assertThat(ReindexPace.throttle("0")).isZero();
        assertThat(ReindexPace.throttle("-1")).isEqualTo(1.0);
        assertThat(ReindexPace.throttle("fast")).isEqualTo(1.0);
        assertThat(ReindexPace.throttle("Infinity")).isEqualTo(1.0);
        assertThat(ReindexPace.throttle("NaN")).isEqualTo(1.0);
    }
}
