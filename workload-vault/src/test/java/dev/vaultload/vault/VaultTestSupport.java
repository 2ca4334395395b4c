package dev.vaultload.vault;

import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Shared helpers of the vault tests: fast settings, content, reading back. */
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

    static byte[] content(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static void write(PrivateSpace space, String path, byte[] content) {
        try (OutputStream out = space.write(path)) {
            out.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] readAll(InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] stored(BlobStore store, String key) {
        return readAll(store.get(key));
    }

    static void replace(BlobStore store, String key, byte[] bytes) {
        store.put(key, new java.io.ByteArrayInputStream(bytes), bytes.length);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    static ByteArrayOutputStream sink() {
        return new ByteArrayOutputStream();
    }
}
