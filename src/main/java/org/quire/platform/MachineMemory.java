package org.quire.platform;

import java.lang.management.ManagementFactory;

/** The machine's memory as the JVM sees it: the host's, or a container's limit inside one. */
public final class MachineMemory {
    private MachineMemory() {
    }

    /** In bytes; -1 when the JVM cannot tell. */
    public static long bytes() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : -1;
    }
}
