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

/** The hand-rolled GET signature is the SDK signer's, header for header, for the requests DirectGetObject sends. */
class GetRequestSignerTest {
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
        String path = DirectGetObject.objectPath(uri, bucket, key);
        for (AwsCredentials credentials : new AwsCredentials[] {BASIC, SESSION}) {
            Map<String, String> mine = new GetRequestSigner(uri, "eu-central-1", Clock.fixed(NOW, ZoneOffset.UTC)).sign(path, credentials);
            SdkHttpRequest sdk = sdkSigned(uri, path, credentials, "eu-central-1");

            assertEquals(sdk.firstMatchingHeader("Authorization").orElseThrow(), mine.get("Authorization"), path);
            assertEquals(sdk.firstMatchingHeader("X-Amz-Date").orElseThrow(), mine.get("X-Amz-Date"));
            assertEquals(sdk.firstMatchingHeader("x-amz-content-sha256").orElseThrow(), mine.get("x-amz-content-sha256"));
            assertEquals(sdk.firstMatchingHeader("X-Amz-Security-Token").orElse(null), mine.get("X-Amz-Security-Token"));
            assertEquals(sdk.firstMatchingHeader("Host").orElseThrow(), GetRequestSigner.hostHeader(uri));
        }
    }

    @Test
    void aNewDayOrOtherCredentialsGetANewSigningKey() {
        URI uri = URI.create("http://127.0.0.1:9000");
        MutableClock clock = new MutableClock(NOW);
        GetRequestSigner signer = new GetRequestSigner(uri, "us-east-1", clock);
        String path = "/bucket/key";
        signer.sign(path, BASIC);

        clock.now = NOW.plusSeconds(86_400);
        assertEquals(sdkSigned(uri, path, BASIC, "us-east-1", clock.now).firstMatchingHeader("Authorization").orElseThrow(),
                signer.sign(path, BASIC).get("Authorization"));
        AwsCredentials rotated = AwsBasicCredentials.create("AKIDEXAMPLE", "rotated-secret");
        String rotatedSignature = signer.sign(path, rotated).get("Authorization");
        assertEquals(sdkSigned(uri, path, rotated, "us-east-1", clock.now).firstMatchingHeader("Authorization").orElseThrow(),
                rotatedSignature);
        assertNotEquals(signer.sign(path, BASIC).get("Authorization"), rotatedSignature);
    }

    @Test
    void noHeaderCarriesTheSecretKey() {
        Map<String, String> headers = new GetRequestSigner(URI.create("http://127.0.0.1:9000"), "us-east-1", Clock.systemUTC())
                .sign("/bucket/key", BASIC);
        headers.values().forEach(value -> assertFalse(value.contains(BASIC.secretAccessKey()), value));
    }

    private static SdkHttpRequest sdkSigned(URI endpoint, String path, AwsCredentials credentials, String region) {
        return sdkSigned(endpoint, path, credentials, region, NOW);
    }

    private static SdkHttpRequest sdkSigned(URI endpoint, String path, AwsCredentials credentials, String region, Instant at) {
        SdkHttpFullRequest request = SdkHttpFullRequest.builder().method(SdkHttpMethod.GET).uri(endpoint).encodedPath(path).build();
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
