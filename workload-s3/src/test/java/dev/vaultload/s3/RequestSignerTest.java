package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;

/** The hand-rolled signature is the SDK signer's, header for header, for the requests DirectGetObject and DirectPutObject send. */
class RequestSignerTest {
    private static final Instant NOW = Instant.parse("2026-11-23T15:04:05Z");
    private static final AwsCredentials BASIC = AwsBasicCredentials.create("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY");
    private static final AwsCredentials SESSION = AwsSessionCredentials.create("ASIAEXAMPLE", "another/secret+key", " token/with+chars= ");

    @ParameterizedTest
    @CsvSource({
            "http://127.0.0.1:9000, bucket, user-1/private/doc.bin",
            "http://localhost, b, k",
            "https://s3.example.com:443/base/path/, vaultload, a key with spaces/ünïcode/+&=?#.bin",
            "https://minio.internal:9443, vaultload, x/~tilde/-_.*'()!$",
    })
    void signsAsTheSdkSignerDoes(String endpoint, String bucket, String key) {
        URI uri = URI.create(endpoint);
        String path = DirectRequests.objectPath(uri, bucket, key);
        Map<String, Map<String, String>> amzHeadersByMethod = Map.of(
                "GET", Map.of(),
                "PUT", Map.of(DirectPutObject.CHECKSUM_HEADER, "yZRlqg=="));
        amzHeadersByMethod.forEach((method, amzHeaders) -> {
            for (AwsCredentials credentials : new AwsCredentials[] {BASIC, SESSION}) {
                Map<String, String> mine = new RequestSigner(uri, "eu-central-1", Clock.fixed(NOW, ZoneOffset.UTC))
                        .sign(method, path, amzHeaders, credentials);
                SdkHttpRequest sdk = sdkSigned(method, amzHeaders, uri, path, credentials, "eu-central-1", NOW);

                assertEquals(sdk.firstMatchingHeader("Authorization").orElseThrow(), mine.get("authorization"), method + " " + path);
                assertEquals(sdk.firstMatchingHeader("X-Amz-Date").orElseThrow(), mine.get("x-amz-date"));
                assertEquals(sdk.firstMatchingHeader("x-amz-content-sha256").orElseThrow(), mine.get("x-amz-content-sha256"));
                assertEquals(sdk.firstMatchingHeader("X-Amz-Security-Token").orElse(null), mine.get("x-amz-security-token"));
                amzHeaders.forEach((name, value) -> assertEquals(value, mine.get(name)));
                assertEquals(sdk.firstMatchingHeader("Host").orElseThrow(), RequestSigner.hostHeader(uri));
            }
        });
    }

    @Test
    void aNewDayOrOtherCredentialsGetANewSigningKey() {
        URI uri = URI.create("http://127.0.0.1:9000");
        MutableClock clock = new MutableClock(NOW);
        RequestSigner signer = new RequestSigner(uri, "us-east-1", clock);
        String path = "/bucket/key";
        signer.sign("GET", path, Map.of(), BASIC);

        clock.now = NOW.plusSeconds(86_400);
        assertEquals(sdkSigned(uri, path, BASIC, "us-east-1", clock.now).firstMatchingHeader("Authorization").orElseThrow(),
                signer.sign("GET", path, Map.of(), BASIC).get("authorization"));
        AwsCredentials rotated = AwsBasicCredentials.create("AKIDEXAMPLE", "rotated-secret");
        String rotatedSignature = signer.sign("GET", path, Map.of(), rotated).get("authorization");
        assertEquals(sdkSigned(uri, path, rotated, "us-east-1", clock.now).firstMatchingHeader("Authorization").orElseThrow(),
                rotatedSignature);
        assertNotEquals(signer.sign("GET", path, Map.of(), BASIC).get("authorization"), rotatedSignature);
    }

    @Test
    void noHeaderCarriesTheSecretKey() {
        Map<String, String> headers = new RequestSigner(URI.create("http://127.0.0.1:9000"), "us-east-1", Clock.systemUTC())
                .sign("GET", "/bucket/key", Map.of(), BASIC);
        headers.values().forEach(value -> assertFalse(value.contains(BASIC.secretAccessKey()), value));
    }

    private static SdkHttpRequest sdkSigned(URI endpoint, String path, AwsCredentials credentials, String region, Instant at) {
        return sdkSigned("GET", Map.of(), endpoint, path, credentials, region, at);
    }

    private static SdkHttpRequest sdkSigned(String method, Map<String, String> headers, URI endpoint, String path,
                                            AwsCredentials credentials, String region, Instant at) {
        SdkHttpFullRequest.Builder builder = SdkHttpFullRequest.builder().method(SdkHttpMethod.fromValue(method)).uri(endpoint)
                .encodedPath(path);
        headers.forEach(builder::putHeader);
        SdkHttpFullRequest request = builder.build();
        return AwsV4HttpSigner.create().sign(sign -> sign.identity(credentials).request(request)
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "s3")
                .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                .putProperty(AwsV4HttpSigner.DOUBLE_URL_ENCODE, false)
                .putProperty(AwsV4HttpSigner.NORMALIZE_PATH, false)
                .putProperty(AwsV4HttpSigner.PAYLOAD_SIGNING_ENABLED, false)
                .putProperty(AwsV4HttpSigner.SIGNING_CLOCK, Clock.fixed(at, ZoneOffset.UTC))).request();
    }

    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
