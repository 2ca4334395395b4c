package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineFactory;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.KeyLifecycleSupport;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's verification of ROTATE_KEY and REENCRYPT has teeth: an engine that acknowledges either without doing it
 * fails the run with INTEGRITY naming the stored objects, and an engine without them is refused before the run.
 * PlaintextEngine checks no password, so a rotation that changes nothing leaves the old password opening everything.
 */
class KeyLifecycleVerificationTest {
    private static final ContentId C1 = new ContentId("c1");
    private static final ContentId C2 = new ContentId("c2");

    @TempDir
    Path reports;

    /** user-0 writes two documents, then {@code lifecycle}; user-1 only exists. */
    private static Fixture fixture(Operation lifecycle, Operation then) {
        return new Fixture(null, List.of(new Operation.CreateUser("user-0"), new Operation.CreateUser("user-1"),
                new Operation.Write("user-0", C1, "a.txt"), new Operation.Write("user-0", C2, "d/b.txt"), lifecycle, then),
                Map.of("user-0", Map.of("a.txt", "c1", "d/b.txt", "c2")), Map.of());
    }

    private RunResult run(Fixture fixture) {
        return run(fixture, PretendingEngine::new);
    }

    private RunResult run(Fixture fixture, Function<BlobStore, Engine> engine) {
        RunConfig config = new RunConfig(List.of("MEMORY"), List.of(PlaintextEngine.NAME), List.of(2), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.AES256_GCM, 1000, Optional.empty(),
                ErrorMode.CONTINUE, Duration.ofSeconds(1), Duration.ZERO, OptionalDouble.empty(), 1, reports);
        return new WorkloadRunner(config, "KeyLifecycleVerificationTest", new ContentGenerator())
                .run(new Combination("MEMORY", 2, 1), fixture, "test", new InMemoryBlobStore(), engine,
                        users -> Map.of());
    }

    @Test
    void aRotationAfterWhichTheOldPasswordStillOpensDocumentsIsIntegrityNamingEach() {
        RunResult result = run(fixture(new Operation.RotateKey("user-0"),
                new Operation.Read("user-0", StorageType.PRIVATE, "a.txt", C1)));

        assertFalse(result.passed());
        List<Failure> stillOpen = result.failures().stream().filter(failure -> failure.type() == OperationType.ROTATE_KEY)
                .toList();
        // each execution rotated once: the first password and the one after it, two documents, two executions
        assertEquals(8, stillOpen.size(), "superseded x documents x executions: " + stillOpen);
        stillOpen.forEach(failure -> {
            assertEquals(ErrorClass.INTEGRITY, failure.errorClass());
            assertTrue(failure.message().contains("a superseded password still opens"), failure.message());
            assertTrue(failure.storeObject() != null && failure.storeObject().contains("/private/"), failure.line());
        });
    }

    @Test
    void aReencryptionThatLeavesTheStoredBytesAsTheyWereIsIntegrityNamingTheObject() {
        RunResult result = run(fixture(new Operation.Reencrypt("user-0", "d/b.txt", C2),
                new Operation.Read("user-0", StorageType.PRIVATE, "d/b.txt", C2)));

        assertFalse(result.passed());
        List<Failure> unchanged = result.failures().stream().filter(failure -> failure.type() == OperationType.REENCRYPT)
                .toList();
        assertEquals(2, unchanged.size(), "one per execution: " + unchanged);
        unchanged.forEach(failure -> {
            assertEquals(ErrorClass.INTEGRITY, failure.errorClass());
            assertTrue(failure.message().contains("holds the same bytes as before"), failure.message());
            assertTrue(failure.storeObject() != null && failure.storeObject().endsWith("d/b.txt"), failure.line());
        });
    }

    /** The witness's own digest of the stored object meets the absence first: it leaves the judgement to the read back. */
    @Test
    void aReencryptionThatLosesItsDocumentIsLostNamingTheObject() {
        RunResult result = run(fixture(new Operation.Reencrypt("user-0", "d/b.txt", C2),
                new Operation.Read("user-0", StorageType.PRIVATE, "a.txt", C1)), store -> new PretendingEngine(store) {
                    @Override
                    public void reencrypt(UserCredentials user, String path) {
                        privateSpace(user).delete(path);
                    }
                });

        assertFalse(result.passed());
        List<Failure> lost = result.failures().stream().filter(failure -> failure.type() == OperationType.REENCRYPT)
                .toList();
        assertEquals(2, lost.size(), "one per execution: " + lost);
        lost.forEach(failure -> {
            assertEquals(ErrorClass.LOST, failure.errorClass(), failure.line());
            assertTrue(failure.storeObject() != null && failure.storeObject().endsWith("d/b.txt"), failure.line());
        });
    }

    @Test
    void anEngineWithoutTheOperationIsRefusedBeforeTheRunInOneLine() {
        EngineFactory plaintext = new EngineFactory() {
            @Override
            public String name() {
                return PlaintextEngine.NAME;
            }

            @Override
            public Engine open(BlobStore store, EngineOptions options) {
                return new PlaintextEngine(store);
            }
        };
        Fixture fixture = fixture(new Operation.RotateKey("user-0"),
                new Operation.Reencrypt("user-0", "a.txt", C1));

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> KeyLifecycleSupport.requireSupported(plaintext, EngineOptions.defaults(), fixture, "lifecycle.json"));

        assertTrue(refused.getMessage().startsWith("Invalid ENGINES: engine PLAINTEXT does not support ROTATE_KEY"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("fixture lifecycle.json holds (first at operation 4)"),
                refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"));
        assertEquals(Set.of(), plaintext.keyLifecycleOperations(EngineOptions.defaults()));
    }
}
