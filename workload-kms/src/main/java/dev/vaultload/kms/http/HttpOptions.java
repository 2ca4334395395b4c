package dev.vaultload.kms.http;

import dev.vaultload.kms.HttpExecutor;
import dev.vaultload.kms.KmsSettings;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.function.Function;

/**
 * How the HTTP bindings talk to their KMS, from the settings: KMS_TIMEOUT for each call, KMS_HTTP_VERSION for the
 * protocol (HTTP/1.1 gives each concurrent call a connection of its own; HTTP/2 multiplexes every call on one),
 * KMS_HTTP_EXECUTOR for the threads that finish each exchange.
 */
public record HttpOptions(Duration timeout, HttpClient.Version version, HttpExecutor executor) {
    public static HttpOptions from(Function<String, String> settings) {
        return new HttpOptions(KmsSettings.KMS_TIMEOUT.read(settings), KmsSettings.KMS_HTTP_VERSION.read(settings),
                KmsSettings.KMS_HTTP_EXECUTOR.read(settings));
    }

    /**
     * The client these options make. No connect timeout of the client's own: {@link CallDeadlines} ends a call past
     * KMS_TIMEOUT, connecting included, and the client's timer costs every call CPU.
     */
    HttpClient.Builder client() {
        return executor.client(version);
    }
}
