package dev.vaultload.stats;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads the health of the running JVM: heap used, RSS, live threads, GC count and pause time, process CPU.
 * RSS comes from {@code /proc/self/status} (Linux); elsewhere it is {@link HealthSample#UNKNOWN}.
 */
public final class ProcessHealth {
    private static final Path PROC_STATUS = Path.of("/proc/self/status");
    private static final String VM_RSS = "VmRSS:";

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();

    public HealthSample sample(long runMillis) {
        long gcCount = 0;
        long gcPauseMillis = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            gcCount += Math.max(0, collector.getCollectionCount());
            if (isPausing(collector.getName())) {
                gcPauseMillis += Math.max(0, collector.getCollectionTime());
            }
        }
        return new HealthSample(runMillis, memory.getHeapMemoryUsage().getUsed(), rssBytes(), threads.getThreadCount(),
                gcCount, gcPauseMillis, ProcessCpu.nanos() / 1_000_000);
    }

    /**
     * G1's "G1 Concurrent GC" and ZGC's or Shenandoah's "... Cycles" beans count concurrent work that runs
     * beside the application, not pauses; the other beans (G1 Young/Old, ZGC Pauses, Serial, Parallel) pause.
     */
    static boolean isPausing(String collectorName) {
        return !collectorName.contains("Concurrent") && !collectorName.contains("Cycles");
    }

    private static long rssBytes() {
        if (!Files.isReadable(PROC_STATUS)) {
            return HealthSample.UNKNOWN;
        }
        try {
            return rssBytes(Files.readAllLines(PROC_STATUS));
        } catch (IOException e) {
            return HealthSample.UNKNOWN;
        }
    }

    /** VmRSS of a {@code /proc/<pid>/status} file, e.g. {@code VmRSS:   123456 kB}; UNKNOWN when absent. */
    static long rssBytes(List<String> statusLines) {
        for (String line : statusLines) {
            if (line.startsWith(VM_RSS)) {
                String[] parts = line.substring(VM_RSS.length()).trim().split("\\s+");
                return Long.parseLong(parts[0]) * 1024;
            }
        }
        return HealthSample.UNKNOWN;
    }
}
