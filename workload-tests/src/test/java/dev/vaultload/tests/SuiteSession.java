package dev.vaultload.tests;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.RunConfigParser;
import dev.vaultload.run.UserDirectory;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviderFactory;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.Vault;
import dev.vaultload.vault.VaultSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What the suites share: the configuration, read and checked before anything runs; the fixture; the
 * started storage providers (stopped on close); and the run of one combination.
 */
final class SuiteSession implements AutoCloseable {
    private final String suite;
    private final RunConfig config;
    private final Fixture fixture;
    private final String fixtureLabel;
    private final Map<String, StorageProvider> providers = new LinkedHashMap<>();
    private final ContentGenerator content = new ContentGenerator();

    /**
     * Reads and checks the configuration, loads the fixture and starts every provider in STORAGE_PROVIDERS.
     * Any mistake fails here, before the first operation.
     *
     * @param privateOnly use the private-space-only fixtures (the simple adapter has no inbox)
     */
    static SuiteSession start(String suite, boolean privateOnly) {
        RunConfig config = new RunConfigParser(RunConfigParser.systemSettings(), StorageProviders.DEFAULT).parse();
        List<StorageProviderFactory> factories = config.storageProviders().stream().map(StorageProviders::named).toList();
        SuiteSession session = new SuiteSession(suite, config, privateOnly);
        try {
            for (StorageProviderFactory factory : factories) {
                session.providers.put(factory.name(), factory.start(RunConfigParser.systemSettings()));
            }
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        return session;
    }

    private SuiteSession(String suite, RunConfig config, boolean privateOnly) {
        this.suite = suite;
        this.config = config;
        FixtureLoader loader = new FixtureLoader();
        switch (config.fixture()) {
            case RunConfig.FixtureSource.Committed committed -> {
                this.fixture = loader.loadResource(committed.resource(privateOnly));
                this.fixtureLabel = committed.size().name();
            }
            case RunConfig.FixtureSource.File file -> {
                this.fixture = loader.load(file.path());
                this.fixtureLabel = file.path().toString();
            }
        }
    }

    RunConfig config() {
        return config;
    }

    /** storage x threads x file size, in that nesting, as Datasafe runs them. */
    Stream<Combination> combinations() {
        List<Combination> combinations = new ArrayList<>();
        for (String storage : config.storageProviders()) {
            for (int threads : config.threads()) {
                for (int fileSizeKib : config.fileSizesKib()) {
                    combinations.add(new Combination(storage, threads, fileSizeKib));
                }
            }
        }
        return combinations.stream();
    }

    /** The engine over a store, with CIPHER and KDF_ITERATIONS. */
    Vault vault(BlobStore store) {
        return new DatasafeStyleVault(store,
                VaultSettings.defaults().withCipher(config.cipher()).withKdfIterations(config.kdfIterations()));
    }

    StorageProvider provider(Combination combination) {
        return providers.get(combination.storage());
    }

    RunResult run(Combination combination, BlobStore store, Function<BlobStore, Vault> vaultOn,
                  Function<UserDirectory, Map<String, Object>> storageDetails) {
        return new WorkloadRunner(config, suite, content).run(combination, fixture, fixtureLabel, store, vaultOn, storageDetails);
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (StorageProvider provider : providers.values()) {
            try {
                provider.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
