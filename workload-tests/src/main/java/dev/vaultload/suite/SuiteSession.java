package dev.vaultload.suite;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.RunConfigParser;
import dev.vaultload.run.UserDirectory;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.s3.provider.S3StorageProvider;
import dev.vaultload.stats.IntervalListener;
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
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What the suites share: the configuration, read and checked before anything runs; the fixture; the
 * started storage providers (stopped on close); and the run of one combination.
 */
public final class SuiteSession implements AutoCloseable {
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
    public static SuiteSession start(String suite, boolean privateOnly) {
        return start(suite, privateOnly, RunConfigParser.systemSettings(), StorageProviders::named);
    }

    /**
     * As {@link #start(String, boolean)}, with the settings looked up elsewhere (the CLI: its options first)
     * and the providers found by another lookup (tests of the CLI add failing stores).
     */
    public static SuiteSession start(String suite, boolean privateOnly, Function<String, String> settings,
                                     Function<String, StorageProviderFactory> providerNamed) {
        RunConfig config = new RunConfigParser(settings, StorageProviders.DEFAULT).parse();
        List<StorageProviderFactory> factories = config.storageProviders().stream().map(providerNamed).toList();
        SuiteSession session = new SuiteSession(suite, config, privateOnly);
        try {
            for (StorageProviderFactory factory : factories) {
                session.providers.put(factory.name(), factory.start(settings));
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

    public RunConfig config() {
        return config;
    }

    public Fixture fixture() {
        return fixture;
    }

    /** SMALL, MEDIUM, LARGE or the fixture file's path, as the reports name it. */
    public String fixtureLabel() {
        return fixtureLabel;
    }

    /** storage x threads x file size, in that nesting, as Datasafe runs them. */
    public Stream<Combination> combinations() {
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
    public Vault vault(BlobStore store) {
        return new DatasafeStyleVault(store,
                VaultSettings.defaults().withCipher(config.cipher()).withKdfIterations(config.kdfIterations()));
    }

    public StorageProvider provider(Combination combination) {
        return providers.get(combination.storage());
    }

    /**
     * Runs one combination and writes its reports.
     *
     * @param storageDetails provider specifics for the report; the S3 providers' retries per operation during
     *                       this combination are added to them
     */
    public RunResult run(Combination combination, BlobStore store, Function<BlobStore, Vault> vaultOn,
                         Function<UserDirectory, Map<String, Object>> storageDetails) {
        return run(combination, store, vaultOn, storageDetails, List.of());
    }

    /** As the other, with more listeners of the combination's periods (a progress display). */
    public RunResult run(Combination combination, BlobStore store, Function<BlobStore, Vault> vaultOn,
                         Function<UserDirectory, Map<String, Object>> storageDetails, List<IntervalListener> progress) {
        StorageProvider provider = provider(combination);
        Map<String, Long> retriesBefore = retriesByOperation(provider);
        return new WorkloadRunner(config, suite, content, ignored -> progress).run(combination, fixture, fixtureLabel, store, vaultOn, users -> {
            Map<String, Object> details = new LinkedHashMap<>(storageDetails.apply(users));
            if (provider instanceof S3StorageProvider) {
                Map<String, Long> retries = new TreeMap<>();
                retriesByOperation(provider).forEach((operation, total) ->
                        retries.put(operation, total - retriesBefore.getOrDefault(operation, 0L)));
                details.put("retriesByOperation", retries);
            }
            return details;
        });
    }

    private static Map<String, Long> retriesByOperation(StorageProvider provider) {
        return provider instanceof S3StorageProvider s3 ? s3.connection().retriesByOperation() : Map.of();
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
