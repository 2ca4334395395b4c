package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.EmbeddedS3Server;
import java.io.IOException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;

/** Each Toxiproxy fault in front of the embedded S3 server: observable while injected, gone once healed. */
class ToxicProxyTest {
    private static final String BUCKET = "toxics";
    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(10);

    private static EmbeddedS3Server store;
    private static ToxiproxyServer toxiproxy;

    private ToxicProxy proxy;
    private TestBucket bucket;

    @BeforeAll
    static void startServers() {
        store = EmbeddedS3Server.start("transient", new S3Credentials("toxics", "toxics-secret"), 0);
        store.createBucket(BUCKET);
        toxiproxy = ToxiproxyServer.start();
    }

    @AfterAll
    static void stopServers() {
        try (EmbeddedS3Server ignored = store) {
            toxiproxy.close();
        }
    }

    @BeforeEach
    void proxyForThisTest(TestInfo test) {
        proxy = toxiproxy.proxy(test.getTestMethod().orElseThrow().getName(), store.endpoint());
        bucket = TestBucket.open(proxy.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT);
    }

    @AfterEach
    void closeClient() {
        bucket.close();
    }

    @Test
    void latencyDelaysEveryCallByAtLeastItsLatencyUntilHealed() {
        bucket.put("small", TestBucket.content(1024));
        assertEquals("latency 200 ms ± 100 ms", proxy.latency(Duration.ofMillis(200), Duration.ofMillis(100)).name());
        try (Fault latency = proxy.latency(Duration.ofMillis(300), Duration.ZERO)) {
            latency.inject();
            latency.inject();
            long injectedMillis = TestBucket.millis(() -> bucket.sizeBytes("small"));
            assertTrue(injectedMillis >= 300, "HeadObject took " + injectedMillis + " ms with " + latency.name());
            latency.heal();
            latency.heal();
            long healedMillis = TestBucket.millis(() -> bucket.sizeBytes("small"));
            assertTrue(healedMillis < 300, "HeadObject took " + healedMillis + " ms once healed");
        }
    }

    @Test
    void resetPeerBreaksAResponseInFlightUntilHealed() {
        byte[] content = TestBucket.content(100 * 1024);
        bucket.put("reset", content);
        try (Fault reset = proxy.resetPeer(Duration.ofMillis(50))) {
            reset.inject();
            assertBroken(() -> bucket.get("reset")); // on the connection the PUT left open: closed (FIN)
            try (TestBucket newConnections = TestBucket.open(proxy.endpoint(), store.credentials(), BUCKET, ATTEMPT_TIMEOUT)) {
                SdkClientException failure = assertBroken(() -> newConnections.get("reset"));
                assertTrue(causes(failure).anyMatch(cause -> String.valueOf(cause.getMessage()).contains("Connection reset")),
                        "a connection opened while injected is reset (RST): " + failure);
            }
            reset.heal();
            assertArrayEquals(content, bucket.get("reset"));
        }
    }

    @Test
    void blackHoleTimesCallsOutUntilHealed() {
        bucket.put("hole", TestBucket.content(1024));
        try (TestBucket impatient = TestBucket.open(proxy.endpoint(), store.credentials(), BUCKET, Duration.ofSeconds(1));
             Fault blackHole = proxy.blackHole()) {
            blackHole.inject();
            long failedMillis = TestBucket.millis(() ->
                    assertThrows(ApiCallAttemptTimeoutException.class, () -> impatient.sizeBytes("hole")));
            assertTrue(failedMillis >= 1000 && failedMillis < 5000, "the timeout came after " + failedMillis + " ms");
            blackHole.heal();
            assertEquals(1024, impatient.sizeBytes("hole"));
        }
    }

    @Test
    void bandwidthLimitsAGetToItsRateUntilHealed() {
        byte[] content = TestBucket.content(1024 * 1024);
        bucket.put("wide", content);
        try (Fault bandwidth = proxy.bandwidth(1024)) {
            assertEquals("bandwidth 1024 KiB/s", bandwidth.name());
            bandwidth.inject();
            long limitedMillis = TestBucket.millis(() -> assertArrayEquals(content, bucket.get("wide")));
            assertTrue(limitedMillis >= 1000, "1 MiB at 1024 KiB/s took " + limitedMillis + " ms");
            bandwidth.heal();
            long healedMillis = TestBucket.millis(() -> assertArrayEquals(content, bucket.get("wide")));
            assertTrue(healedMillis < 1000, "1 MiB took " + healedMillis + " ms once healed");
        }
    }

    @Test
    void slowCloseLeavesCallsWorking() {
        byte[] content = TestBucket.content(64 * 1024);
        try (Fault slowClose = proxy.slowClose(Duration.ofMillis(500))) {
            slowClose.inject();
            bucket.put("slow-close", content);
            assertArrayEquals(content, bucket.get("slow-close"));
            slowClose.heal();
            assertArrayEquals(content, bucket.get("slow-close"));
        }
    }

    /** The call failed in the client, with an IOException under it. */
    private static SdkClientException assertBroken(Executable call) {
        SdkClientException failure = assertThrows(SdkClientException.class, call);
        assertTrue(causes(failure).anyMatch(IOException.class::isInstance), "no IOException under " + failure);
        return failure;
    }

    private static Stream<Throwable> causes(Throwable failure) {
        return Stream.iterate(failure, cause -> cause != null, Throwable::getCause);
    }
}
