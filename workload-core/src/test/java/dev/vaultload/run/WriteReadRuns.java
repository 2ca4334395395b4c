package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Runs a hand-made fixture of only WRITE/READ pairs on one user and one document (1 KiB), so that each
 * operation makes exactly one store call once the user exists: a WRITE one {@code openOutput}, a READ one
 * {@code get}.
 */
final class WriteReadRuns {
    private final Path reports;
    private final CipherSuite cipher;

    WriteReadRuns(Path reports, CipherSuite cipher) {
        this.reports = reports;
        this.cipher = cipher;
    }

    RunResult run(BlobStore store, int threads, int pairsPerThread) {
        return run(store, PlaintextEngine::new, threads, pairsPerThread);
    }

    RunResult run(BlobStore store, Function<BlobStore, Engine> engineOn, int threads, int pairsPerThread) {
        RunConfig config = new RunConfig(List.of("MEMORY"), List.of(PlaintextEngine.NAME), List.of(threads), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), cipher, 1000, Optional.empty(),
                ErrorMode.FAIL_FAST, Duration.ofSeconds(10), Duration.ZERO, OptionalDouble.empty(), 1, reports);
        return new WorkloadRunner(config, "WriteReadRuns", new ContentGenerator())
                .run(new Combination("MEMORY", threads, 1), fixture(pairsPerThread), "write-read", store,
                        engineOn, users -> Map.of());
    }

    private static Fixture fixture(int pairs) {
        ContentId content = new ContentId("c1");
        List<Operation> operations = new ArrayList<>();
        operations.add(new Operation.CreateUser("user-1"));
        for (int pair = 0; pair < pairs; pair++) {
            operations.add(new Operation.Write("user-1", content, "docs/a.txt"));
            operations.add(new Operation.Read("user-1", StorageType.PRIVATE, "docs/a.txt", content));
        }
        return new Fixture(null, operations, Map.of("user-1", Map.of("docs/a.txt", "c1")), Map.of("user-1", Map.of()));
    }

    static OperationStatistics statistics(RunResult result, OperationType type) {
        return result.operations().stream().filter(s -> s.type() == type).findFirst().orElseThrow();
    }
}
