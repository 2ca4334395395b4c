package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.stats.ErrorClass;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What a binding reached over the network does when its server is gone or silent. */
abstract class RemoteKeyManagerContract extends KeyManagerContract {

    /** The setting of the server's endpoint and its URL at {@code port} of 127.0.0.1, e.g. KES_URL. */
    abstract Map<String, String> endpointAt(int port);

    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void eitherProtocolRoundTripsADataKey(HttpClient.Version version) {
        try (KeyManager kms = open(Map.of(KmsSettings.KMS_HTTP_VERSION.name(), version.name()))) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            assertArrayEquals(dataKey.plaintext(), kms.decrypt(kms.keyId(), dataKey.ciphertext(), CONTEXT));
        }
    }

    @Test
    void stoppedServerIsServer() {
        int port = KmsServers.closedPort();
        try (KeyManager kms = open(endpointAt(port))) {
            KeyManagerException failed = assertFails(ErrorClass.SERVER, () -> kms.generateDataKey(kms.keyId(), CONTEXT));
            assertTrue(failed.getMessage().contains("127.0.0.1:" + port), failed.getMessage());
        }
    }

    @Test
    void silentServerIsTimeout() throws IOException {
        // accepts connections (the kernel's backlog) and never answers
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Map<String, String> settings = new HashMap<>(endpointAt(silent.getLocalPort()));
            settings.put(KmsSettings.KMS_TIMEOUT.name(), "300ms");
            try (KeyManager kms = open(settings)) {
                assertFails(ErrorClass.TIMEOUT, () -> kms.encrypt(kms.keyId(), CONTEXT, CONTEXT));
            }
        }
    }
}
