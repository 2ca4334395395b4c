package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.TimeSplit;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.InjectedLatency;
import dev.vaultload.storage.LatencyInjectingBlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimeSplitTest {
    @TempDir
    Path reports;

    @Test
    void aSlowStoreTakesMostOfTheLatencyAndTheSplitAddsUpToIt() {
        RunResult result = new WriteReadRuns(reports, CipherSuite.AES256_GCM).run(new LatencyInjectingBlobStore(
                new InMemoryBlobStore("slow"), new InjectedLatency.Fixed(Duration.ofMillis(20))), 2, 40);

        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
            OperationStatistics operation = WriteReadRuns.statistics(result, type);
            TimeSplit split = operation.timeSplit();
            assertSplitAddsUp(operation);
            // 20 ms against well under 1 ms of engine work, once warm: the cold first operations weigh little
            assertTrue(split.storageShare() > 0.8, type + " on a 20 ms store: " + split);
            assertTrue(split.storagePercentileMicros().get("50") >= 20_000, type + ": " + split);
        }
    }

    @Test
    void onMemoryTheEngineTakesMostOfTheLatency() {
        // 1 ms of engine work per document against a few microseconds of in-memory store
        RunResult result = new WriteReadRuns(reports, CipherSuite.AES256_GCM).run(new InMemoryBlobStore("fast"),
                store -> new PlaintextEngine(store, Duration.ofMillis(1)), 2, 200);

        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ)) {
            OperationStatistics operation = WriteReadRuns.statistics(result, type);
            assertSplitAddsUp(operation);
            assertTrue(operation.timeSplit().storageShare() < 0.3, type + " on MEMORY: " + operation.timeSplit());
        }
        assertEquals(null, WriteReadRuns.statistics(result, OperationType.CREATE_USER).timeSplit(), "only WRITE, READ, SHARE");
    }

    /** Exactly, from the exact sums: mean store time + mean engine time = mean latency. */
    private static void assertSplitAddsUp(OperationStatistics operation) {
        TimeSplit split = operation.timeSplit();
        double meanLatencyMicros = (double) operation.sumLatencyMicros() / operation.count();
        assertEquals(meanLatencyMicros, split.storageMeanMicros() + split.engineMeanMicros(), 1e-6, operation.type() + ": " + split);
    }
}
