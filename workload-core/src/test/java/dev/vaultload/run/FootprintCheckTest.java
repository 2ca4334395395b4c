package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.DocumentBuffering;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.storage.MemoryStorageProviderFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FootprintCheckTest {

    /** One user writing {@code documents} documents of {@code sizeBytes} each, as an imported trace gives them. */
    private static Fixture sized(int documents, long sizeBytes) {
        List<Operation> operations = new ArrayList<>(List.of(new Operation.CreateUser("u")));
        for (int document = 0; document < documents; document++) {
            operations.add(new Operation.Write("u", new ContentId("c" + document), "doc-" + document,
                    OptionalLong.of(sizeBytes), false, OptionalLong.of(document)));
        }
        return new Fixture(null, operations, Map.of(), Map.of());
    }

    private static void check(Fixture fixture, String fileSizesKib) {
        check(fixture, fileSizesKib, Map.of());
    }

    private static void check(Fixture fixture, String fileSizesKib, Map<String, DocumentBuffering> engines) {
        Map<String, String> settings = Map.of("STORAGE_PROVIDERS", "MEMORY", "FILE_SIZES", fileSizesKib, "THREADS", "1");
        FootprintCheck.refuseWhatCannotFit(new RunConfigParser(settings::get).parse(), fixture,
                List.of(new MemoryStorageProviderFactory()), engines, settings::get);
    }

    /** An engine that holds a whole document in the heap while it works on it, and reads none over 1 GiB. */
    private static final Map<String, DocumentBuffering> WHOLE = Map.of("WHOLE",
            new DocumentBuffering(sizeBytes -> sizeBytes, OptionalLong.of(1L << 30), "holds a whole document"));

    @Test
    void anEnginesBuffersCountBesideTheProvidersAndItsLimitIsNamed() {
        long heapBytes = Runtime.getRuntime().maxMemory();

        // half the heap fits in MEMORY alone; with an engine holding the same document once more, it does not
        assertDoesNotThrow(() -> check(sized(1, heapBytes / 2), "1"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> check(sized(1, heapBytes / 2), "1", WHOLE));
        assertTrue(refused.getMessage().contains("and engine WHOLE holds a whole document"), refused.getMessage());

        IllegalArgumentException overLimit = assertThrows(IllegalArgumentException.class,
                () -> check(sized(1, (1L << 30) + 1), "1", WHOLE));
        assertTrue(overLimit.getMessage().contains("engine WHOLE holds a whole document, and reads no document over 1.0 GiB"),
                overLimit.getMessage());
    }

    @Test
    void anImportedFixturesOwnSizesAreWhatMustFitNotFileSizes() {
        long heapBytes = Runtime.getRuntime().maxMemory();

        // FILE_SIZES of 1 KiB would fit many times over; the fixture's own documents, twice the heap, cannot
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> check(sized(4, heapBytes / 2), "1"));
        assertTrue(refused.getMessage().contains("4 documents live per thread at the fixture's peak"), refused.getMessage());

        // a FILE_SIZES larger than the heap does not matter when every WRITE carries its size of 1 KiB
        assertDoesNotThrow(() -> check(sized(4, 1024), Long.toString(2 * heapBytes / 1024)));
    }
}
