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
        Integer before = BackgroundPriority.policyOfCurrentThread();
        AtomicReference<Integer> lowered = new AtomicReference<>();
        AtomicReference<Boolean> answered = new AtomicReference<>();
        Thread t = new Thread(() -> {
            answered.set(BackgroundPriority.lowerCurrentThread());
            lowered.set(BackgroundPriority.policyOfCurrentThread());
        });
        t.start();
        t.join();
        assertThat(answered.get()).isTrue();
        assertThat(before).isZero(); // SCHED_OTHER
        if (Files.isExecutable(Path.of("/usr/bin/chrt"))) {
            assertThat(lowered.get()).as("SCHED_IDLE").isEqualTo(BackgroundPriority.SCHED_IDLE);
        }
        assertThat(BackgroundPriority.policyOfCurrentThread()).isEqualTo(before); // the caller's thread only
    }

    @Test
    void threadsOfTheFactory_areNamedDaemonsAndLowerThemselves() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/thread-self")), "Linux only");
        AtomicReference<Integer> policy = new AtomicReference<>();
        AtomicReference<Integer> nice = new AtomicReference<>();
        Thread t = BackgroundPriority.threads("batch-job").newThread(() -> {
            policy.set(BackgroundPriority.policyOfCurrentThread());
            nice.set(BackgroundPriority.niceOfCurrentThread());
        });
        assertThat(t.getName()).isEqualTo("batch-job");
        assertThat(t.isDaemon()).isTrue();
        t.start();
        t.join();
        assertThat(policy.get() == BackgroundPriority.SCHED_IDLE || nice.get() == BackgroundPriority.NICE)
                .as("SCHED_IDLE or nice %d: policy %s, nice %s", BackgroundPriority.NICE, policy.get(), nice.get())
                .isTrue();
    }
}
