package dev.vaultload.kms.http;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A KMS REST API's call URLs, {@code PREFIX OPERATION/KEY}, each made once per operation and key: a pressure run makes
 * the same call thousands of times a second.
 */
public final class KeyEndpoints {
    private final URI server;
    private final String pathPrefix;
    private final Map<String, URI> made = new ConcurrentHashMap<>();

    /** @param pathPrefix the path before the operation, e.g. {@code /v1/key/} */
    public KeyEndpoints(URI server, String pathPrefix) {
        this.server = server;
        this.pathPrefix = pathPrefix;
    }

    /** The URL of {@code operation} (e.g. {@code generate}) on the key {@code keyId}, the key one path segment. */
    public URI of(String operation, String keyId) {
        return made.computeIfAbsent(operation + "/" + keyId, path -> server.resolve(pathPrefix + operation + "/"
                + URLEncoder.encode(keyId, StandardCharsets.UTF_8).replace("+", "%20")));
    }
}
