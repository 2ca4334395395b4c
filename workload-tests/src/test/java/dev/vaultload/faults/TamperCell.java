package dev.vaultload.faults;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.VaultEngineFactory;
import dev.vaultload.vault.VaultSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One cell of the tamper matrix: a CONTINUE run of the vault on a real store while a {@link Tamperer} with a client
 * of its own alters stored documents and key material, then the {@link TamperVerdict} of what the run reported.
 */
final class TamperCell {
    private static final int THREADS = 2;
    private static final int FILE_SIZE_KIB = 16;
    private static final int KDF_ITERATIONS = 1000;

    /** FIXTURE: one pass of the MEDIUM fixture; SOAK: passes of the SMALL one for a while, each deleted after the next. */
    enum Mode {
        FIXTURE(FixtureSize.MEDIUM, Optional.empty(), Duration.ofMillis(60)),
        SOAK(FixtureSize.SMALL, Optional.of(Duration.ofSeconds(12)), Duration.ofMillis(300));

        final FixtureSize fixture;
        final Optional<Duration> duration;
        final Duration tamperInterval;

        Mode(FixtureSize fixture, Optional<Duration> duration, Duration tamperInterval) {
            this.fixture = fixture;
            this.duration = duration;
            this.tamperInterval = tamperInterval;
        }
    }

    private final Path reports;
    private final int maxAlterations;

    TamperCell(Path reports, int maxAlterations) {
        this.reports = reports;
        this.maxAlterations = maxAlterations;
    }

    /**
     * @param runStore    the store as the run sees it
     * @param tamperStore the same objects through a client of the tamperer's own
     */
    TamperVerdict run(String storeName, Mode mode, List<Alteration.Kind> kinds, BlobStore runStore,
                      BlobStore tamperStore, long seed) {
        String cell = storeName + " " + mode + " " + (kinds.size() == 1 ? kinds.getFirst() : "all kinds");
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-" + mode.fixture.name().toLowerCase(Locale.ROOT) + ".json");
        AtomicLong sequence = new AtomicLong();
        RunEvents events = new RunEvents(runStore, sequence);
        Tamperer tamperer = new Tamperer(tamperStore, sequence, kinds, mode.tamperInterval, maxAlterations, seed);
        RunResult result;
        try {
            tamperer.start();
            result = new WorkloadRunner(config(storeName, mode, cell), "TamperMatrix", new ContentGenerator())
                    .run(new Combination(storeName, THREADS, FILE_SIZE_KIB), fixture, mode.fixture.name(), events,
                            store -> new DatasafeStyleVault(store,
                                    VaultSettings.defaults().withKdfIterations(KDF_ITERATIONS)), users -> Map.of());
        } finally {
            close(tamperer);
        }
        return TamperVerdict.of(cell, tamperer.made(), events.events(), result, runStore);
    }

    private RunConfig config(String storeName, Mode mode, String cell) {
        return new RunConfig(List.of(storeName), List.of(VaultEngineFactory.NAME), List.of(THREADS),
                List.of(FILE_SIZE_KIB), new RunConfig.FixtureSource.Committed(mode.fixture), CipherSuite.AES256_GCM,
                KDF_ITERATIONS, mode.duration, ErrorMode.CONTINUE, Duration.ofSeconds(5), Duration.ZERO,
                OptionalDouble.empty(), 1, reports.resolve(cell.toLowerCase(Locale.ROOT).replace(' ', '-')));
    }

    private static void close(Tamperer tamperer) {
        try {
            tamperer.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the tamperer", e);
        }
    }
}
