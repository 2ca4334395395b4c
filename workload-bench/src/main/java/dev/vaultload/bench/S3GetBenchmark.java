package dev.vaultload.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import dev.vaultload.s3.S3BlobStore;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.stats.ProcessCpu;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.crt.AwsCrtHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A bare AWS SDK v2 GetObject loop: what the SDK alone gets from a server, to set beside wrk (raw HTTP) and a
 * Vaultload READ in scripts/s3-path-bench.sh. {@code threads} threads each GET the same object and drain its body,
 * for a warm-up and then the measured time (as long); prints one line: client, threads, ops/s, p50 and p99 in ms, and this
 * process's CPU per request in microseconds (all its threads: the SDK, the HTTP client, the GC).
 * <p>
 * {@code s3-get ENDPOINT BUCKET KEY THREADS SECONDS CLIENT}, the key pair from AWS_ACCESS_KEY and AWS_SECRET_KEY.
 */
@Command(name = "s3-get", mixinStandardHelpOptions = true,
        description = "A bare GetObject loop on one object: client, threads, ops/s, p50 and p99 ms, client CPU us per"
                + " request (key pair: AWS_ACCESS_KEY, AWS_SECRET_KEY)")
final class S3GetBenchmark implements Callable<Integer> {

    /** What GETs: the SDK on one of its HTTP clients, or Vaultload's S3 store without the engine above it. */
    enum Client { APACHE, APACHE5, URL_CONNECTION, CRT, VAULTLOAD_STORE }

    @Parameters(index = "0", paramLabel = "ENDPOINT", description = "e.g. http://127.0.0.1:9000")
    private URI endpoint;

    @Parameters(index = "1", paramLabel = "BUCKET")
    private String bucket;

    @Parameters(index = "2", paramLabel = "KEY")
    private String key;

    @Parameters(index = "3", paramLabel = "THREADS")
    private int threads;

    @Parameters(index = "4", paramLabel = "SECONDS", description = "of the warm-up, and again of the measurement")
    private int seconds;

    @Parameters(index = "5", paramLabel = "CLIENT", description = "${COMPLETION-CANDIDATES}")
    private Client client;

    @Override
    public Integer call() throws Exception {
        try (Getter getter = getter(endpoint, bucket, client)) {
            Recorder latencies = new Recorder(3);
            // as long as the measurement: the JIT compiler's threads count in the process CPU while they work
            loop(getter, key, threads, seconds, new Recorder(3));
            long cpuBeforeNanos = ProcessCpu.nanos();
            long startNanos = System.nanoTime();
            loop(getter, key, threads, seconds, latencies);
            double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
            long cpuNanos = ProcessCpu.nanos() - cpuBeforeNanos;
            Histogram latencyMicros = latencies.getIntervalHistogram();
            long requests = latencyMicros.getTotalCount();
            System.out.printf(Locale.ROOT, "%s %d %.1f %.3f %.3f %.1f%n", client, threads, requests / wallSeconds,
                    latencyMicros.getValueAtPercentile(50) / 1000.0, latencyMicros.getValueAtPercentile(99) / 1000.0,
                    cpuNanos / 1000.0 / requests);
        }
        return BenchCommand.RAN;
    }

    /** One GET of a key of the bucket, opened; closing it closes the client. */
    private interface Getter extends AutoCloseable {
        InputStream open(String key);

        @Override
        void close();
    }

    private static Getter getter(URI endpoint, String bucket, Client client) {
        if (client == Client.VAULTLOAD_STORE) {
            S3Connection connection = S3Connection.open(S3ClientSettings.of(endpoint,
                    new S3Credentials(System.getenv("AWS_ACCESS_KEY"), System.getenv("AWS_SECRET_KEY"))));
            S3BlobStore store = connection.bucket(bucket, S3TransferSettings.DEFAULT);
            return new Getter() {
                public InputStream open(String key) {
                    return store.get(key);
                }

                public void close() {
                    connection.close();
                }
            };
        }
        S3Client s3 = sdkClient(endpoint, http(client));
        return new Getter() {
            public InputStream open(String key) {
                return s3.getObject(request -> request.bucket(bucket).key(key));
            }

            public void close() {
                s3.close();
            }
        };
    }

    private static void loop(Getter getter, String key, int threads, int seconds, Recorder latencyMicros)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(threads);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            workers.add(Thread.ofPlatform().name("get-" + i).start(() -> {
                byte[] buffer = new byte[64 * 1024];
                try {
                    while (!stop.get()) {
                        long startNanos = System.nanoTime();
                        try (InputStream body = getter.open(key)) {
                            while (body.read(buffer) != -1) {
                                // drained, as wrk reads every response to its end
                            }
                        }
                        latencyMicros.recordValue((System.nanoTime() - startNanos) / 1000);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    done.countDown();
                }
            }));
        }
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        done.await();
    }

    @SuppressWarnings("deprecation") // the Apache 4 client is what Vaultload runs on; it is measured beside its successor
    private static SdkHttpClient http(Client client) {
        return switch (client) {
            case APACHE -> ApacheHttpClient.builder().maxConnections(64).build();
            case APACHE5 -> Apache5HttpClient.builder().maxConnections(64).build();
            case URL_CONNECTION -> UrlConnectionHttpClient.builder().build();
            case CRT -> AwsCrtHttpClient.builder().maxConcurrency(64).build();
            case VAULTLOAD_STORE -> throw new IllegalArgumentException("VAULTLOAD_STORE is not an SDK HTTP client");
        };
    }

    private static S3Client sdkClient(URI endpoint, SdkHttpClient http) {
        return S3Client.builder()
                .httpClient(http)
                .endpointOverride(endpoint)
                .forcePathStyle(true)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        System.getenv("AWS_ACCESS_KEY"), System.getenv("AWS_SECRET_KEY"))))
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .build();
    }
}
