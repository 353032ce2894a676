package org.quire.platform.events;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The dispatcher's wait before a delivery: short when little happens, longer under load, never past its cap. */
class DispatcherLingerTest {
    @Test
    void aQuietTenant_isDeliveredAfterTheShortestWait() {
        assertThat(EventDispatcher.linger(0, 0)).isEqualTo(200);
        assertThat(EventDispatcher.linger(5, 1)).isEqualTo(204);
    }

    @Test
    void theWaitGrowsWithTheEventsTheLastWakeUpDelivered() {
        assertThat(EventDispatcher.linger(10, 50)).isEqualTo(400);
        assertThat(EventDispatcher.linger(10, 100)).isEqualTo(600);
    }

    @Test
    void theWaitGrowsWithTheLastDeliverysTime() {
        assertThat(EventDispatcher.linger(250, 10)).isEqualTo(500);
    }

    @Test
    void theWaitNeverPassesItsCap_soWritesStaySearchableWithinASecond() {
        assertThat(EventDispatcher.linger(10, 500)).isEqualTo(700);
        assertThat(EventDispatcher.linger(2_000, 0)).isEqualTo(700);
    }
}
