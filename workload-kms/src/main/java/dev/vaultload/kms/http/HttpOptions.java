package dev.vaultload.kms.http;

import dev.vaultload.kms.KmsSettings;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.function.Function;

/**
 * How the HTTP bindings talk to their KMS, from the settings: KMS_TIMEOUT for each call, KMS_HTTP_VERSION for the
 * protocol (HTTP/1.1 gives each concurrent call a connection of its own; HTTP/2 multiplexes every call on one).
 */
public record HttpOptions(Duration timeout, HttpClient.Version version) {
    public static HttpOptions from(Function<String, String> settings) {
        return new HttpOptions(KmsSettings.KMS_TIMEOUT.read(settings), KmsSettings.KMS_HTTP_VERSION.read(settings));
    }
}
