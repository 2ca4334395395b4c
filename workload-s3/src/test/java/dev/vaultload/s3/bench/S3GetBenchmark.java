package dev.vaultload.s3.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * Arguments: endpoint bucket key threads seconds client: APACHE, APACHE5, URL_CONNECTION or CRT (the SDK on that
 * HTTP client) or VAULTLOAD_STORE (Vaultload's S3 store, without the engine above it); the key pair from
 * AWS_ACCESS_KEY and AWS_SECRET_KEY.
 */
public final class S3GetBenchmark {
    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            throw new IllegalArgumentException("usage: S3GetBenchmark ENDPOINT BUCKET KEY THREADS SECONDS CLIENT");
        }
        URI endpoint = URI.create(args[0]);
        String bucket = args[1];
        String key = args[2];
        int threads = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        String clientName = args[5];
        try (Getter getter = getter(endpoint, bucket, clientName)) {
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
            System.out.printf(Locale.ROOT, "%s %d %.1f %.3f %.3f %.1f%n", clientName, threads, requests / wallSeconds,
                    latencyMicros.getValueAtPercentile(50) / 1000.0, latencyMicros.getValueAtPercentile(99) / 1000.0,
                    cpuNanos / 1000.0 / requests);
        }
    }

    /** One GET of a key of the bucket, opened; closing it closes the client. */
    private interface Getter extends AutoCloseable {
        InputStream open(String key);

        @Override
        void close();
    }

    private static Getter getter(URI endpoint, String bucket, String clientName) {
        if (clientName.equals("VAULTLOAD_STORE")) {
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
        S3Client s3 = client(endpoint, http(clientName));
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
    private static SdkHttpClient http(String name) {
        return switch (name) {
            case "APACHE" -> ApacheHttpClient.builder().maxConnections(64).build();
            case "APACHE5" -> Apache5HttpClient.builder().maxConnections(64).build();
            case "URL_CONNECTION" -> UrlConnectionHttpClient.builder().build();
            case "CRT" -> AwsCrtHttpClient.builder().maxConcurrency(64).build();
            default -> throw new IllegalArgumentException("unknown client " + name
                    + ": expected APACHE, APACHE5, URL_CONNECTION, CRT or VAULTLOAD_STORE");
        };
    }

    private static S3Client client(URI endpoint, SdkHttpClient http) {
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
