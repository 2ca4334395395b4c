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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** What a binding reached over the network does when its server is gone or silent. */
abstract class RemoteKeyManagerContract extends KeyManagerContract {

    /** The setting of the server's endpoint and its URL at {@code port} of 127.0.0.1, e.g. KES_URL. */
    abstract Map<String, String> endpointAt(int port);

    @ParameterizedTest
    @MethodSource("clients")
    void everyClientRoundTripsADataKey(HttpClient.Version version, HttpExecutor executor) {
        try (KeyManager kms = open(Map.of(KmsSettings.KMS_HTTP_VERSION.name(), version.name(),
                KmsSettings.KMS_HTTP_EXECUTOR.name(), executor.name()))) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            assertArrayEquals(dataKey.plaintext(), kms.decrypt(kms.keyId(), dataKey.ciphertext(), CONTEXT));
        }
    }

    /** Each protocol with each executor: KMS_HTTP_VERSION and KMS_HTTP_EXECUTOR (the AWS SDK's client ignores both). */
    static Stream<Arguments> clients() {
        return Stream.of(HttpClient.Version.values()).flatMap(version -> Stream.of(HttpExecutor.values())
                .map(executor -> Arguments.of(version, executor)));
    }

    @ParameterizedTest
    @EnumSource(HttpExecutor.class)
    void stoppedServerIsServer(HttpExecutor executor) {
        int port = KmsServers.closedPort();
        try (KeyManager kms = open(withExecutor(endpointAt(port), executor))) {
            KeyManagerException failed = assertFails(ErrorClass.SERVER, () -> kms.generateDataKey(kms.keyId(), CONTEXT));
            assertTrue(failed.getMessage().contains("127.0.0.1:" + port), failed.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(HttpExecutor.class)
    void silentServerIsTimeout(HttpExecutor executor) throws IOException {
        // accepts connections (the kernel's backlog) and never answers
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Map<String, String> settings = withExecutor(endpointAt(silent.getLocalPort()), executor);
            settings.put(KmsSettings.KMS_TIMEOUT.name(), "300ms");
            try (KeyManager kms = open(settings)) {
                assertFails(ErrorClass.TIMEOUT, () -> kms.encrypt(kms.keyId(), CONTEXT, CONTEXT));
            }
        }
    }

    private static Map<String, String> withExecutor(Map<String, String> settings, HttpExecutor executor) {
        Map<String, String> with = new HashMap<>(settings);
        with.put(KmsSettings.KMS_HTTP_EXECUTOR.name(), executor.name());
        return with;
    }
}
