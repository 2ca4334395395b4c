package dev.vaultload.run.load;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.ReportFiles;
import dev.vaultload.report.ResultFormat;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunSetup;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.report.Thresholds;
import dev.vaultload.storage.BlobStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/** Workloads for the load-mode tests: the small fixture's users, cheap keystores, 1 KiB documents. */
public final class LoadFixtures {
    public static final long FILE_SIZE_BYTES = 1024;

    private LoadFixtures() {
    }

    /** Runs {@code measure} on the workload with a recording under {@code reports}, and the result it writes. */
    public static RunResult record(RunMode mode, LoadWorkload workload, Path reports,
                                   Function<LoadRecording, LoadMeasurement> measure) {
        return record(mode, workload, reports, Thresholds.NONE, measure);
    }

    /** As the other, judged by {@code thresholds} (those marked abortOnFail after every period). */
    public static RunResult record(RunMode mode, LoadWorkload workload, Path reports, Thresholds thresholds,
                                   Function<LoadRecording, LoadMeasurement> measure) {
        RunSetup setup = RunSetup.ofLoad(mode, "test", "MEMORY", "memory", 1, (int) (FILE_SIZE_BYTES / 1024),
                "SMALL " + workload.operation(), 0);
        try (LoadRecording recording = new LoadRecording(workload, new ReportFiles(reports, "load"), setup, "test",
                ResultFormat.ALL, thresholds, ScheduleLimits.NONE, null)) {
            return recording.finish(measure.apply(recording), OptionalDouble.empty());
        }
    }

    public static LoadWorkload workload(LoadOperation operation, BlobStore store, CipherSuite cipher) {
        return workload(operation, store, new FixtureLoader().loadResource("fixtures/fixture-small.json"));
    }

    public static LoadWorkload workload(LoadOperation operation, BlobStore store, Fixture fixture) {
        return LoadWorkload.prepare(operation, fixture, store, PlaintextEngine::new, new ContentGenerator(), FILE_SIZE_BYTES);
    }

    /** The small fixture's workload on an engine of the test's choosing. */
    public static LoadWorkload workload(LoadOperation operation, BlobStore store, Function<BlobStore, Engine> engineOn) {
        return LoadWorkload.prepare(operation, new FixtureLoader().loadResource("fixtures/fixture-small.json"), store,
                engineOn, new ContentGenerator(), FILE_SIZE_BYTES);
    }

    /**
     * As an import makes it of a trace that read a document before writing it: a preparation WRITE of it, its READ,
     * then a WRITE and a READ of another document. Its mix is 1 WRITE and 2 READs: the preparation is not part of it.
     */
    public static Fixture withPreparation() {
        return new Fixture(null, List.of(new Operation.CreateUser("u"),
                new Operation.Write("u", new ContentId("first"), "read-first.bin", OptionalLong.of(100), true, OptionalLong.empty()),
                new Operation.Read("u", StorageType.PRIVATE, "read-first.bin", new ContentId("first")),
                new Operation.Write("u", new ContentId("second"), "written.bin"),
                new Operation.Read("u", StorageType.PRIVATE, "written.bin", new ContentId("second"))), Map.of(), Map.of());
    }
}
