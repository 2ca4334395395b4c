package dev.vaultload.s3;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.utils.http.SdkHttpUtils;

/**
 * SigV4 header signing of the path-style S3 requests {@link DirectGetObject} and {@link DirectPutObject} send, with an
 * unsigned payload and no query: the signature the SDK's {@code AwsV4HttpSigner} computes for them (RequestSignerTest
 * compares the two), for less CPU (profiles: docs/measurements/2026-11-23-direct-get-cpu.md). The SDK's signer builds
 * a general canonical request (sorted header maps, query encoding, streams) per request; here only the method, the
 * path, the time and a few {@code x-amz-} headers change, the day's signing key is derived once per day and
 * credentials, and the digest and MAC are the thread's. Thread-safe.
 */
final class RequestSigner {
    static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final String ALGORITHM = "AWS4-HMAC-SHA256";
    private static final String SERVICE = "s3";
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> instance(() -> MessageDigest.getInstance("SHA-256")));
    private static final ThreadLocal<Mac> HMAC = ThreadLocal.withInitial(() -> instance(() -> Mac.getInstance("HmacSHA256")));

    private final String region;
    private final String host;
    private final Clock clock;
    /** The signing key of the last day and credentials signed with; replaced, never changed. */
    private volatile SigningKey signingKey;

    RequestSigner(URI endpoint, String region, Clock clock) {
        this.region = region;
        this.host = hostHeader(endpoint);
        this.clock = clock;
    }

    /**
     * The headers that sign {@code method} of {@code encodedPath} (as sent, already URL-encoded) with
     * {@code credentials}, {@code amzHeaders} among them (lower-case {@code x-amz-} names, signed and returned with the
     * rest); the HTTP client sends the Host header signed here ({@link #hostHeader}) from the request's URI itself.
     */
    Map<String, String> sign(String method, String encodedPath, Map<String, String> amzHeaders, AwsCredentials credentials) {
        String timestamp = TIMESTAMP.format(clock.instant());
        String day = timestamp.substring(0, 8);
        TreeMap<String, String> signed = new TreeMap<>(amzHeaders);
        signed.put("x-amz-content-sha256", UNSIGNED_PAYLOAD);
        signed.put("x-amz-date", timestamp);
        if (credentials instanceof AwsSessionCredentials session) {
            signed.put("x-amz-security-token", session.sessionToken().strip());
        }
        StringBuilder canonical = new StringBuilder(256)
                .append(method).append('\n').append(encodedPath).append("\n\n")
                .append("host:").append(host).append('\n');
        signed.forEach((name, value) -> canonical.append(name).append(':').append(value).append('\n'));
        String signedHeaders = "host;" + String.join(";", signed.keySet());
        canonical.append('\n').append(signedHeaders).append('\n').append(UNSIGNED_PAYLOAD);

        String scope = day + "/" + region + "/" + SERVICE + "/aws4_request";
        MessageDigest sha256 = SHA256.get();
        String stringToSign = ALGORITHM + "\n" + timestamp + "\n" + scope + "\n"
                + HexFormat.of().formatHex(sha256.digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        String signature = HexFormat.of().formatHex(hmac(keyFor(day, credentials), stringToSign));
        signed.put("authorization", ALGORITHM + " Credential=" + credentials.accessKeyId() + "/" + scope
                + ", SignedHeaders=" + signedHeaders + ", Signature=" + signature);
        return signed;
    }

    private byte[] keyFor(String day, AwsCredentials credentials) {
        SigningKey current = signingKey;
        if (current == null || !current.day.equals(day) || !current.secretKey.equals(credentials.secretAccessKey())) {
            byte[] key = hmac(("AWS4" + credentials.secretAccessKey()).getBytes(StandardCharsets.UTF_8), day);
            key = hmac(hmac(hmac(key, region), SERVICE), "aws4_request");
            current = new SigningKey(day, credentials.secretAccessKey(), key);
            signingKey = current;
        }
        return current.key;
    }

    private static byte[] hmac(byte[] key, String data) {
        Mac mac = HMAC.get();
        try {
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 refused its key", e);
        }
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    /** Host and port as the SDK's HTTP clients send them in the Host header: no port when it is the scheme's default. */
    static String hostHeader(URI endpoint) {
        int port = endpoint.getPort();
        return port == -1 || SdkHttpUtils.isUsingStandardPort(endpoint.getScheme(), port)
                ? endpoint.getHost() : endpoint.getHost() + ":" + port;
    }

    private static <T> T instance(JceFactory<T> factory) {
        try {
            return factory.create();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no SHA-256 or HmacSHA256", e);
        }
    }

    @FunctionalInterface
    private interface JceFactory<T> {
        T create() throws GeneralSecurityException;
    }

    /**
     * The key derived from a day and a secret key (the access key id is no input of it); a class, not a record, so
     * that no toString ever prints key material.
     */
    private static final class SigningKey {
        private final String day;
        private final String secretKey;
        private final byte[] key;

        SigningKey(String day, String secretKey, byte[] key) {
            this.day = day;
            this.secretKey = secretKey;
            this.key = key;
        }
    }
}
