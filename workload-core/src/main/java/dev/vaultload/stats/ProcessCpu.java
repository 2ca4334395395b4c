package dev.vaultload.stats;

import java.lang.management.ManagementFactory;

/** The CPU this JVM has used so far, all its threads together (workers, the HTTP client's, the GC's). */
public final class ProcessCpu {
    private ProcessCpu() {
    }

    /** The CPU the calling thread has used so far, for tasks that measure themselves. */
    public static long currentThreadNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    public static long nanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
