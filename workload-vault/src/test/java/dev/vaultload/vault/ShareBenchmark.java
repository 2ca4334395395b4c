package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Documents;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.InMemoryBlobStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * SHARE latency of one 100 KiB document (AES-256-GCM) to 1 and to 9 recipients (the most a fixture's SHARE
 * has) on an in-memory store, one thread, printed as p50/p99 in microseconds per inbox key algorithm. Not a unit
 * test; run after {@code mvn -o -q -pl workload-vault -am test-compile dependency:build-classpath
 * -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test}:
 * <pre>{@code
 * java -cp workload-vault/target/test-classes:workload-vault/target/classes:$(cat workload-vault/target/test.classpath) \
 *     dev.vaultload.vault.ShareBenchmark [sharesPerCase]
 * }</pre>
 */
public final class ShareBenchmark {

    private static final int DOCUMENT_SIZE_BYTES = 100 * 1024;
    private static final int MAX_RECIPIENTS = 9;

    private ShareBenchmark() {
    }

    public static void main(String[] args) {
        int sharesPerCase = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        byte[] document = Documents.content(DOCUMENT_SIZE_BYTES, 1);
        for (KeyPairAlgorithm algorithm : KeyPairAlgorithm.values()) {
            VaultSettings settings = new VaultSettings(CipherSuite.AES256_GCM, algorithm, VaultTestSupport.TEST_KDF_ITERATIONS, 64);
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
    }

    private static long[] shareTimesMicros(Engine vault, UserCredentials sender, List<String> to, byte[] document, int shares) {
        long[] latencyMicros = new long[shares];
        for (int i = 0; i < shares; i++) {
            long startNanos = System.nanoTime();
            Documents.write(vault.share(sender, to, "shared/doc" + (i % 16)), document);
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
