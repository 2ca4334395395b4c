package dev.vaultload.kms.kes;

import dev.vaultload.kms.HttpExecutor;
import dev.vaultload.kms.KmsSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * The least a client can do to make KES's generate-data-key call: one prepared request on the JDK's HttpClient with
 * the same mTLS identity and protocol (KMS_HTTP_VERSION), the answer's status checked and its body read but not
 * parsed. What `vaultload kms` must not fall behind: the harness's KES binding builds and parses JSON and times and
 * classifies every call.
 */
public final class BareKesCall implements AutoCloseable {
    private static final int OK = 200;

    private final HttpClient http;
    private final HttpRequest request;

    /**
     * @param settings KES_URL, KES_KEY_NAME, KES_CLIENT_CERT, KES_CLIENT_KEY, KES_CA_PATH, KMS_HTTP_VERSION as for the
     *                 KES binding
     * @param context  bound to each data key, as the binding sends it
     * @param executor the client's: {@link HttpExecutor#POOL} is the JDK's default, a minimal loop's
     */
    public BareKesCall(Function<String, String> settings, byte[] context, HttpExecutor executor) {
        URI url = KmsSettings.KES_URL.require(settings, "the https URL of a KES server");
        String keyName = KmsSettings.KES_KEY_NAME.require(settings, "the name of a key KES holds");
        SSLContext tls = KesTls.context(KmsSettings.KES_CA_PATH.find(settings),
                KmsSettings.KES_CLIENT_CERT.require(settings, "the client's PEM certificate"),
                KmsSettings.KES_CLIENT_KEY.require(settings, "the client's PEM private key"));
        http = executor.client(KmsSettings.KMS_HTTP_VERSION.read(settings)).sslContext(tls).build();
        byte[] body = ("{\"context\":\"" + Base64.getEncoder().encodeToString(context) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        request = HttpRequest.newBuilder(url.resolve("/v1/key/generate/" + keyName))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    }

    /** One call; a refusal or a failed connection throws. */
    public void call() {
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != OK) {
                throw new IllegalStateException("KES answered HTTP " + response.statusCode());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("KES generate failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
