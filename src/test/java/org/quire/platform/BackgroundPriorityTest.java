package org.quire.platform;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BackgroundPriorityTest {

    @Test
    void lowersTheCallingThreadOnly() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/thread-self")), "Linux only");
        Integer before = BackgroundPriority.niceOfCurrentThread();
        AtomicReference<Integer> lowered = new AtomicReference<>();
        AtomicReference<Boolean> answered = new AtomicReference<>();
        Thread t = new Thread(() -> {
            answered.set(BackgroundPriority.lowerCurrentThread());
            lowered.set(BackgroundPriority.niceOfCurrentThread());
        });
        t.start();
        t.join();
        assertThat(answered.get()).isTrue();
        assertThat(lowered.get()).isEqualTo(Math.max(before, BackgroundPriority.NICE));
        assertThat(BackgroundPriority.niceOfCurrentThread()).isEqualTo(before); // the caller's thread, not the process
    }
}
