package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorClassifier;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What every key-manager binding does against its real server, and how its failures are counted. */
abstract class KeyManagerContract {
    private static final byte[] CONTEXT = "bucket/object-1".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_CONTEXT = "bucket/object-2".getBytes(StandardCharsets.UTF_8);

    /** The binding's name, e.g. {@code KES}. */
    abstract String kms();

    /** The setting of the server's endpoint and its URL at {@code port} of 127.0.0.1, e.g. KES_URL. */
    abstract Map<String, String> endpointAt(int port);

    private KeyManager open(Map<String, String> replaced) {
        return KeyManagers.named(kms()).open(KmsServers.with(KmsServers.settings(kms()), replaced));
    }

    @Test
    void generatedDataKeyDecryptsToItsPlaintext() {
        try (KeyManager kms = open(Map.of())) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            assertEquals(32, dataKey.plaintext().length);
            assertArrayEquals(dataKey.plaintext(), kms.decrypt(kms.keyId(), dataKey.ciphertext(), CONTEXT));
        }
    }

    @Test
    void encryptedDataDecryptsUnderTheSameContextAndWithoutOne() {
        byte[] data = "4 KiB at most".getBytes(StandardCharsets.UTF_8);
        try (KeyManager kms = open(Map.of())) {
            assertArrayEquals(data, kms.decrypt(kms.keyId(), kms.encrypt(kms.keyId(), data, CONTEXT), CONTEXT));
            assertArrayEquals(data, kms.decrypt(kms.keyId(), kms.encrypt(kms.keyId(), data, new byte[0]), new byte[0]));
        }
    }

    @Test
    void anotherContextIsRefusedAsClientWithoutKeyMaterialInTheMessage() {
        try (KeyManager kms = open(Map.of())) {
            DataKey dataKey = kms.generateDataKey(kms.keyId(), CONTEXT);
            KeyManagerException refused = assertFails(ErrorClass.CLIENT,
                    () -> kms.decrypt(kms.keyId(), dataKey.ciphertext(), OTHER_CONTEXT));
            assertTrue(refused.getMessage().startsWith(kms.description() + ": "), refused.getMessage());
            assertTrue(refused.getMessage().contains("'" + kms.keyId() + "'"), refused.getMessage());
            for (byte[] material : new byte[][] {dataKey.plaintext(), dataKey.ciphertext()}) {
                assertFalse(refused.getMessage().contains(Base64.getEncoder().encodeToString(material)), refused.getMessage());
            }
            assertFalse(dataKey.toString().contains(Base64.getEncoder().encodeToString(dataKey.plaintext())));
        }
    }

    @Test
    void unknownKeyIsClient() {
        try (KeyManager kms = open(Map.of())) {
            KeyManagerException refused = assertFails(ErrorClass.CLIENT,
                    () -> kms.generateDataKey("vaultload-no-such-key", CONTEXT));
            assertTrue(refused.getMessage().contains("'vaultload-no-such-key'"), refused.getMessage());
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

    private static KeyManagerException assertFails(ErrorClass expected, Executable call) {
        KeyManagerException failure = assertThrows(KeyManagerException.class, call);
        assertEquals(expected, ErrorClassifier.classify(failure), failure.getMessage());
        return failure;
    }
}
