package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Documents;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** Shared helpers of the vault tests: fast settings, users, stored objects (documents: {@link Documents}). */
final class VaultTestSupport {

    /** Low PBKDF2 count so that tests create users in milliseconds; one test checks the real default. */
    static final int TEST_KDF_ITERATIONS = 1_000;

    private VaultTestSupport() {
    }

    static VaultSettings settings(CipherSuite cipher) {
        return VaultSettings.defaults().withCipher(cipher).withKdfIterations(TEST_KDF_ITERATIONS);
    }

    static UserCredentials user(String id) {
        return new UserCredentials(id, Password.of("pw-of-" + id + "-Zq8!"));
    }

    static byte[] stored(BlobStore store, String key) {
        return Documents.readAll(store.get(key));
    }

    static void replace(BlobStore store, String key, byte[] bytes) {
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
