package dev.vaultload.stats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The CPU this JVM has used so far, all its threads together (workers, the HTTP client's, the GC's). */
public final class ProcessCpu {
    /**
     * Looked up once: {@link ManagementFactory#getThreadMXBean()} searches the platform's MXBeans through streams on
     * every call, and a WRITE reads the thread's clock twice per 64 KiB it generates.
     */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ProcessCpu() {
    }

    /** The CPU the calling thread has used so far, for tasks that measure themselves. */
    public static long currentThreadNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    public static long nanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
