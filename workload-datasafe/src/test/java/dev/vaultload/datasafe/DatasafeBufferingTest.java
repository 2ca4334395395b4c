package dev.vaultload.datasafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.run.Suite;
import dev.vaultload.run.SuiteSession;
import dev.vaultload.storage.StorageProviders;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DATASAFE declares the document it holds in the heap, so that a run whose threads' documents cannot fit is refused
 * before it starts instead of dying of an OutOfMemoryError (four threads of 64 MiB in a 256 MiB heap did).
 */
class DatasafeBufferingTest {
    private static final long MIB = 1 << 20;
    /** FootprintCheck's share of the heap that a provider and the engines may fill. */
    private static final double HEAP_SHARE = 0.75;

    @TempDir
    Path reports;

    private final DocumentBuffering buffering = new DatasafeEngineFactory().buffering(EngineOptions.defaults());

    @Test
    void anOperationHoldsUpToTwiceItsDocumentRoundedUpToAPowerOfTwo() {
        assertEquals(128 * MIB, buffering.heapBytes().applyAsLong(64 * MIB));
        assertEquals(256 * MIB, buffering.heapBytes().applyAsLong(64 * MIB + 1));
        assertEquals(2, buffering.heapBytes().applyAsLong(0));
        assertTrue(buffering.maxDocumentBytes().isEmpty(), "it reads documents of any size that fit");
    }

    @Test
    void theSweepsRunThatRanOutOfMemoryWouldBeRefusedAndItsOneThreadRunNot() {
        long sweepHeapBytes = 256 * MIB;
        assertTrue(4 * buffering.heapBytes().applyAsLong(64 * MIB) > HEAP_SHARE * sweepHeapBytes, "4 threads x 64 MiB");
        assertTrue(buffering.heapBytes().applyAsLong(64 * MIB) < HEAP_SHARE * sweepHeapBytes,
                "1 thread x 64 MiB passed in the sweep");
    }

    /** Four threads, each document an eighth of this JVM's heap or more: held twice over, they need all of it. */
    @Test
    void aRunWhoseDocumentsCannotFitTheHeapIsRefusedBeforeItStarts() {
        long maxHeapBytes = Runtime.getRuntime().maxMemory();
        long fileSizeKib = Long.highestOneBit(maxHeapBytes / 8) * 2 / 1024;
        Map<String, String> settings = Map.of("ENGINES", "DATASAFE", "STORAGE_PROVIDERS", "FILESYSTEM",
                "THREADS", "4", "FILE_SIZES", Long.toString(fileSizeKib), "REPORT_DIR", reports.toString());

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SuiteSession.start(
                Suite.RandomActionsOnDatasafeTest.name(), false, settings::get, StorageProviders::named).close());

        assertTrue(refused.getMessage().startsWith("Invalid FILE_SIZES='" + fileSizeKib + "' (KiB): "),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("engine DATASAFE holds a whole document in a doubling byte array"),
                refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"));
    }
}
