package dev.vaultload.bench;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.InMemoryBlobStore;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.KeyPairAlgorithm;
import dev.vaultload.vault.VaultSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * SHARE latency of one 100 KiB document (AES-256-GCM) to 1 and to 9 recipients (the most a fixture's SHARE
 * has) on an in-memory store, one thread, printed as p50/p99 in microseconds per inbox key algorithm:
 * {@code share [SHARES_PER_CASE]}.
 */
@Command(name = "share", mixinStandardHelpOptions = true,
        description = "SHARE latency of a 100 KiB document to 1 and 9 recipients per inbox key algorithm, p50/p99 us")
final class ShareBenchmark implements Callable<Integer> {

    private static final int DOCUMENT_SIZE_BYTES = 100 * 1024;
    private static final int MAX_RECIPIENTS = 9;
    /** Keystores are created, and unlocked by the unmeasured shares, before any share is measured: cheap is enough. */
    private static final int KDF_ITERATIONS = 1_000;
    private static final int UNLOCKED_KEYSTORE_CACHE_SIZE = 64;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SHARES_PER_CASE", defaultValue = "2000",
            description = "shares measured per algorithm and recipient count, after as many unmeasured (default:"
                    + " ${DEFAULT-VALUE})")
    private int sharesPerCase;

    @Override
    public Integer call() throws IOException {
        byte[] document = new byte[DOCUMENT_SIZE_BYTES];
        new Random(1).nextBytes(document);
        for (KeyPairAlgorithm algorithm : KeyPairAlgorithm.values()) {
            VaultSettings settings = new VaultSettings(CipherSuite.AES256_GCM, algorithm, KDF_ITERATIONS,
                    UNLOCKED_KEYSTORE_CACHE_SIZE);
            Engine vault = new DatasafeStyleVault(new InMemoryBlobStore(), settings);
            UserCredentials sender = user("sender");
            vault.createUser(sender);
            List<String> recipients = new ArrayList<>();
            for (int i = 0; i < MAX_RECIPIENTS; i++) {
                UserCredentials recipient = user("recipient" + i);
                vault.createUser(recipient);
                recipients.add(recipient.userId());
            }
            for (int recipientCount : new int[] {1, MAX_RECIPIENTS}) {
                List<String> to = recipients.subList(0, recipientCount);
                shareTimesMicros(vault, sender, to, document, sharesPerCase); // warm-up
                long[] latencyMicros = shareTimesMicros(vault, sender, to, document, sharesPerCase);
                Arrays.sort(latencyMicros);
                System.out.printf("%-8s %d recipient(s): p50 %5d us, p99 %5d us (%d shares of %d KiB)%n", algorithm,
                        recipientCount, percentile(latencyMicros, 0.50), percentile(latencyMicros, 0.99), sharesPerCase,
                        DOCUMENT_SIZE_BYTES / 1024);
            }
        }
        return BenchCommand.RAN;
    }

    private static long[] shareTimesMicros(Engine vault, UserCredentials sender, List<String> to, byte[] document,
                                           int shares) throws IOException {
        long[] latencyMicros = new long[shares];
        for (int i = 0; i < shares; i++) {
            long startNanos = System.nanoTime();
            try (OutputStream out = vault.share(sender, to, "shared/doc" + (i % 16))) {
                out.write(document);
            }
            latencyMicros[i] = (System.nanoTime() - startNanos) / 1_000;
        }
        return latencyMicros;
    }

    private static long percentile(long[] sorted, double quantile) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(quantile * sorted.length) - 1)];
    }

    private static UserCredentials user(String id) {
        return new UserCredentials(id, Password.of("benchmark-pw-" + id));
    }
}
