package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.KeyManagerClock;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.load.Pause;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.TimeSplit;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.storage.InjectedLatency;
import dev.vaultload.storage.LatencyInjectingBlobStore;
import java.io.InputStream;
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
        assertSplitAddsUp(WriteReadRuns.statistics(result, OperationType.CREATE_USER));
        assertEquals(0, WriteReadRuns.statistics(result, OperationType.READ).timeSplit().kmsCallsPerOperation(), "no key manager here");
    }

    @Test
    void aKeyManagerCalledByTheEngineIsItsOwnPartOfTheSplit() {
        // every GET of the engine first waits 2 ms on a "key manager" that records its call as a binding does
        RunResult result = new WriteReadRuns(reports, CipherSuite.AES256_GCM).run(new InMemoryBlobStore("kms"),
                store -> new PlaintextEngine(new KeyManagerBeforeEachGet(store, Duration.ofMillis(2))), 2, 40);

        TimeSplit read = WriteReadRuns.statistics(result, OperationType.READ).timeSplit();
        assertSplitAddsUp(WriteReadRuns.statistics(result, OperationType.READ));
        assertEquals(1.0, read.kmsCallsPerOperation(), 1e-9, "one GET, so one call, per READ: " + read);
        assertTrue(read.kmsMeanMicros() >= 2_000 && read.kmsPercentileMicros().get("50") >= 2_000, read.toString());
        assertTrue(read.kmsShare() > 0.5, "2 ms against microseconds of store and engine: " + read);
        assertEquals(0, WriteReadRuns.statistics(result, OperationType.WRITE).timeSplit().kmsCallsPerOperation(), "WRITE makes no GET");
    }

    /** Exactly, from the exact sums: mean store time + mean key-manager time + mean engine time = mean latency. */
    private static void assertSplitAddsUp(OperationStatistics operation) {
        TimeSplit split = operation.timeSplit();
        double meanLatencyMicros = (double) operation.sumLatencyMicros() / operation.count();
        assertEquals(meanLatencyMicros, split.storageMeanMicros() + split.kmsMeanMicros() + split.engineMeanMicros(), 1e-6,
                operation.type() + ": " + split);
    }

    /** Stands for an engine's key-manager call: a wait on the operation's thread, recorded the way a binding does. */
    private static final class KeyManagerBeforeEachGet extends ForwardingBlobStore {
        private final Duration wait;

        KeyManagerBeforeEachGet(BlobStore store, Duration wait) {
            super(store);
            this.wait = wait;
        }

        @Override
        public InputStream get(String key) {
            long startNanos = System.nanoTime();
            Pause.millis(wait.toMillis());
            KeyManagerClock.recordCall(System.nanoTime() - startNanos);
            return super.get(key);
        }
    }
}
