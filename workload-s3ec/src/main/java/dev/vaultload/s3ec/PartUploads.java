package dev.vaultload.s3ec;

import dev.vaultload.storage.ClientStoreTraffic;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.encryption.s3.S3EncryptionClient;
import software.amazon.encryption.s3.materials.MultipartConfiguration;

/**
 * The threads S3EC's multipart put uploads one document's parts on, each part's request charged to the thread whose
 * WRITE or SHARE started the put ({@link ClientStoreTraffic}): on S3EC's own pool the parts would go uncounted, since
 * its threads run no operation, and a multipart WRITE would show only its first and last request. One per put and
 * closed with it, as S3EC's default pool is, with as many threads.
 */
final class PartUploads extends AbstractExecutorService {
    /** S3EC's default for a put's parallel part uploads (MultipartConfiguration's maxConnections). */
    private static final int PARALLEL_PARTS = 50;

    private final ExecutorService threads = Executors.newFixedThreadPool(PARALLEL_PARTS,
            Thread.ofPlatform().name("s3ec-part-", 0).daemon().factory());

    /** Sets this pool as the put's multipart configuration, beside what {@code other} sets. */
    Consumer<AwsRequestOverrideConfiguration.Builder> configuring(Consumer<AwsRequestOverrideConfiguration.Builder> other) {
        return other.andThen(S3EncryptionClient.withAdditionalConfiguration(
                MultipartConfiguration.builder().executorService(this).build()));
    }

    @Override
    public void execute(Runnable task) {
        threads.execute(ClientStoreTraffic.chargedToCurrent(task));
    }

    @Override
    public void shutdown() {
        threads.shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return threads.shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return threads.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return threads.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return threads.awaitTermination(timeout, unit);
    }
}
