package dev.vaultload.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessHealthTest {

    @Test
    void aSampleOfThisJvmIsPlausible() {
        ProcessHealth probe = new ProcessHealth();
        HealthSample before = probe.sample(0);
        System.gc();
        HealthSample after = probe.sample(1000);

        long maxHeapBytes = Runtime.getRuntime().maxMemory();
        assertTrue(after.heapUsedBytes() > 0 && after.heapUsedBytes() <= maxHeapBytes, after.toString());
        assertTrue(after.liveThreads() >= 1, after.toString());
        assertTrue(after.gcCount() > before.gcCount(), "System.gc() collects: " + after);
        assertTrue(after.gcPauseMillis() >= before.gcPauseMillis(), after.toString());
        assertTrue(after.processCpuMillis() >= before.processCpuMillis() && after.processCpuMillis() > 0, after.toString());
        if (Files.isReadable(Path.of("/proc/self/status"))) {
            assertTrue(after.rssKnown(), "Linux says VmRSS");
            assertTrue(after.rssBytes() > 16L * 1024 * 1024 && after.rssBytes() < 64L * 1024 * 1024 * 1024,
                    "a JVM's RSS is between 16 MiB and 64 GiB: " + after.rssBytes());
        }
    }

    @Test
    void readsVmRssInKibibytesAndUnknownWithoutIt() {
        assertEquals(123_456L * 1024, ProcessHealth.rssBytes(List.of("Name:\tjava", "VmRSS:\t  123456 kB", "Threads:\t20")));
        assertEquals(HealthSample.UNKNOWN, ProcessHealth.rssBytes(List.of("Name:\tjava")));
    }

    @Test
    void concurrentCollectorsDoNotCountAsPauses() {
        assertTrue(ProcessHealth.isPausing("G1 Young Generation"));
        assertTrue(ProcessHealth.isPausing("ZGC Pauses"));
        assertFalse(ProcessHealth.isPausing("G1 Concurrent GC"));
        assertFalse(ProcessHealth.isPausing("ZGC Major Cycles"));
    }
}
