package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reads skip the direct GET whenever the SDK's client would use a proxy, which the direct GET does not. */
class S3ConnectionProxyTest {

    private static boolean proxied(Map<String, String> properties, Map<String, String> environment) {
        return S3Connection.proxyConfigured(properties::get, environment::get);
    }

    @Test
    void noProxySettingsKeepTheDirectGet() {
        assertFalse(proxied(Map.of(), Map.of()));
        assertFalse(proxied(Map.of("http.proxyHost", " "), Map.of("HTTP_PROXY", "")));
        assertFalse(proxied(Map.of("https.proxyHost", "proxy.example"), Map.of("NO_PROXY", "localhost")),
                "the Apache client reads https.proxyHost not at all");
    }

    @Test
    void aProxyPropertyOrVariableSendsReadsThroughTheSdk() {
        assertTrue(proxied(Map.of("http.proxyHost", "proxy.example"), Map.of()));
        assertTrue(proxied(Map.of(), Map.of("HTTP_PROXY", "http://proxy.example:3128")));
        assertTrue(proxied(Map.of(), Map.of("http_proxy", "http://proxy.example:3128")));
    }
}
