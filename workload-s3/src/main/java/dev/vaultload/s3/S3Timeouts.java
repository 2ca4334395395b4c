package dev.vaultload.s3;

import java.time.Duration;

/**
 * Every wait of the S3 client is bounded, so no call can hang.
 *
 * @param connectTimeoutMillis        TCP (and TLS) connect
 * @param socketTimeoutMillis         longest silence while reading or writing a socket, also inside a GetObject stream
 * @param apiCallAttemptTimeoutMillis one HTTP attempt, from request to response headers
 * @param apiCallTimeoutMillis        one call with all its retries
 */
public record S3Timeouts(long connectTimeoutMillis, long socketTimeoutMillis, long apiCallAttemptTimeoutMillis,
                         long apiCallTimeoutMillis) {

    /** 5 s connect, 30 s socket silence, 60 s per attempt (a 16 MiB part on a slow link), 180 s per call. */
    public static final S3Timeouts DEFAULT = new S3Timeouts(5_000, 30_000, 60_000, 180_000);

    public S3Timeouts {
        requirePositive("connectTimeoutMillis", connectTimeoutMillis);
        requirePositive("socketTimeoutMillis", socketTimeoutMillis);
        requirePositive("apiCallAttemptTimeoutMillis", apiCallAttemptTimeoutMillis);
        requirePositive("apiCallTimeoutMillis", apiCallTimeoutMillis);
    }

    Duration connect() {
        return Duration.ofMillis(connectTimeoutMillis);
    }

    Duration socket() {
        return Duration.ofMillis(socketTimeoutMillis);
    }

    Duration apiCallAttempt() {
        return Duration.ofMillis(apiCallAttemptTimeoutMillis);
    }

    Duration apiCall() {
        return Duration.ofMillis(apiCallTimeoutMillis);
    }

    private static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, got " + value);
        }
    }
}
