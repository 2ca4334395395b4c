package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.WriteReadFixture;
import dev.vaultload.report.RunResult;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/** Runs a {@link WriteReadFixture} on one user and one document (1 KiB). */
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
                .run(new Combination("MEMORY", threads, 1), WriteReadFixture.pairs(pairsPerThread), "write-read", store,
                        engineOn, users -> Map.of());
    }


    static OperationStatistics statistics(RunResult result, OperationType type) {
        return result.operations().stream().filter(s -> s.type() == type).findFirst().orElseThrow();
    }
}
