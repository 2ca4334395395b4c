package dev.vaultload.vault;

import static dev.vaultload.engine.Documents.content;
import static dev.vaultload.engine.Documents.readAll;
import static dev.vaultload.engine.Documents.write;
import static dev.vaultload.vault.VaultTestSupport.replace;
import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.stored;
import static dev.vaultload.vault.VaultTestSupport.user;
import static dev.vaultload.vault.VaultTestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;

/**
 * The promises of issue 3 item 5 that are particular to VAULTLOAD, each as a test that fails if the promise is
 * broken; the ones every engine makes (no plaintext in the store, cross-user denial, shares, CBC's missing
 * integrity) are checked by {@link VaultEngineContractTest}.
 */
class VaultSecurityTest {

    private final InMemoryBlobStore store = new InMemoryBlobStore();

    private Engine vault(CipherSuite cipher) {
        return new DatasafeStyleVault(store, settings(cipher));
    }

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = {"AES256_GCM", "CHACHA20_POLY1305"})
    void aFlippedByteIsAlwaysRefused(CipherSuite cipher) {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        byte[] plaintext = content(3 * DocumentCodec.CHUNK_BYTES + 100, 1);
        write(vault.privateSpace(alice), "doc", plaintext);
        String key = onlyKey("alice/private/");
        byte[] original = stored(store, key);
        int envelopeEnd = 9 + readInt(original, 5);
        // every byte of the prelude and the envelope, even those CMS parses but binds to nothing (a version number):
        // every chunk authenticates the envelope's digest
        for (int position = 0; position < envelopeEnd; position++) {
            assertRefused(vault.privateSpace(alice), "doc", key, flipped(original, position), "flip at " + position);
        }
        // in the first chunk, in a middle chunk, in the last tag, the last byte
        int[] bodyPositions = {envelopeEnd + 10, envelopeEnd + DocumentCodec.CHUNK_BYTES + 20, original.length - 5, original.length - 1};
        for (int position : bodyPositions) {
            replace(store, key, flipped(original, position));
            EngineException e = assertThrows(EngineException.class, () -> readAll(vault.privateSpace(alice).read("doc")),
                    "flip at " + position);
            assertEquals(EngineException.Reason.INTEGRITY, e.reason(), "flip in the body at " + position);
        }
        // truncated at a chunk boundary, and extended by a byte
        int oneChunk = envelopeEnd + DocumentCodec.CHUNK_BYTES + AeadChunkCipher.TAG_BYTES;
        replace(store, key, java.util.Arrays.copyOf(original, oneChunk));
        assertEquals(EngineException.Reason.INTEGRITY, assertThrows(EngineException.class,
                () -> readAll(vault.privateSpace(alice).read("doc"))).reason());
        replace(store, key, java.util.Arrays.copyOf(original, original.length + 1));
        assertEquals(EngineException.Reason.INTEGRITY, assertThrows(EngineException.class,
                () -> readAll(vault.privateSpace(alice).read("doc"))).reason());
    }

    /**
     * A shared document carries a wrapped key for every recipient, and its reader unwraps only its own: a flip in
     * another recipient's key, or in any byte CMS leaves unbound, is still refused, by a whole read and a ranged one.
     */
    @ParameterizedTest
    @EnumSource(value = KeyPairAlgorithm.class)
    void aFlipAnywhereInASharedDocumentsEnvelopeIsRefused(KeyPairAlgorithm inboxKeys) {
        Engine vault = new DatasafeStyleVault(store, new VaultSettings(CipherSuite.AES256_GCM, inboxKeys,
                VaultTestSupport.TEST_KDF_ITERATIONS, 16));
        UserCredentials alice = user("alice");
        List<String> recipients = List.of("bob", "carol", "dave");
        vault.createUser(alice);
        recipients.forEach(id -> vault.createUser(user(id)));
        byte[] plaintext = content(2 * DocumentCodec.CHUNK_BYTES + 10, 2);
        try (OutputStream out = vault.share(alice, recipients, "shared")) {
            out.write(plaintext);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        String key = onlyKey("carol/inbox/");
        byte[] original = stored(store, key);
        int envelopeEnd = 9 + readInt(original, 5);
        var inbox = vault.inbox(user("carol"));
        for (int position = 0; position < envelopeEnd; position++) {
            byte[] tampered = flipped(original, position);
            assertRefused(inbox, "shared", key, tampered, "flip at " + position);
            replace(store, key, tampered);
            assertThrows(EngineException.class, () -> readAll(inbox.read("shared", DocumentCodec.CHUNK_BYTES + 1,
                    DocumentCodec.CHUNK_BYTES + 2)), "ranged read, flip at " + position);
        }
        replace(store, key, original);
        assertArrayEquals(plaintext, readAll(inbox.read("shared")));
    }

    /** Stores {@code tampered} at {@code key} and asserts that reading {@code path} is refused as INTEGRITY or ACCESS_DENIED. */
    private void assertRefused(dev.vaultload.engine.Space space, String path, String key, byte[] tampered, String what) {
        replace(store, key, tampered);
        EngineException e = assertThrows(EngineException.class, () -> readAll(space.read(path)), what);
        assertTrue(e.reason() == EngineException.Reason.INTEGRITY || e.reason() == EngineException.Reason.ACCESS_DENIED,
                what + ": " + e.reason());
    }

    private static byte[] flipped(byte[] original, int position) {
        byte[] tampered = original.clone();
        tampered[position] ^= 0x01;
        return tampered;
    }

    @Test
    void passwordsAndKeysNeverAppearInLogsExceptionsOrToString() throws IOException {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        Logger vaultLogger = (Logger) LoggerFactory.getLogger("dev.vaultload");
        Level before = vaultLogger.getLevel();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        root.addAppender(captured);
        vaultLogger.setLevel(Level.TRACE);
        List<String> texts = new ArrayList<>();
        try {
            Engine vault = vault(CipherSuite.AES256_GCM);
            UserCredentials alice = user("alice");
            vault.createUser(alice);
            vault.createUser(user("bob"));
            write(vault.privateSpace(alice), "doc", utf8("content"));
            try (OutputStream out = vault.share(alice, List.of("bob"), "s")) {
                out.write(1);
            }
            List<Executable> badCalls = List.of(
                    () -> vault.privateSpace(new UserCredentials("alice", Password.of("wrong-pw-123"))),
                    () -> vault.createUser(alice),
                    () -> vault.privateSpace(alice).read("../x"),
                    () -> readAll(vault.privateSpace(alice).read("missing")));
            for (Executable badCall : badCalls) {
                texts.add(stackTraceOf(assertThrows(RuntimeException.class, badCall, "a bad call must fail")));
            }
            texts.add(alice.toString());
            texts.add(alice.password().toString());
            texts.add(vault.toString());
            texts.add(vault.description().toString());
        } finally {
            root.detachAppender(captured);
            vaultLogger.setLevel(before);
        }
        for (ILoggingEvent event : captured.list) {
            texts.add(event.getFormattedMessage());
            if (event.getThrowableProxy() != null) {
                texts.add(ThrowableProxyUtil.asString(event.getThrowableProxy()));
            }
        }
        assertFalse(captured.list.isEmpty(), "the vault's DEBUG lines were captured");

        java.security.SecureRandom random = new java.security.SecureRandom();
        UserKeys keys = new KeystoreFile(new InboxKeyPairs(CryptoProviders.bouncyCastle(), random), KeyPairAlgorithm.EC_P256, 1, random)
                .unlock("alice", stored(store, "alice/keystore"), user("alice").password());
        texts.add(keys.toString());
        List<String> secrets = new ArrayList<>(List.of(new String(user("alice").password().chars()), "wrong-pw-123"));
        for (byte[] material : List.of(keys.documentKek().getEncoded(), keys.inboxPrivateKey().getEncoded())) {
            secrets.add(HexFormat.of().formatHex(material).substring(0, 32));
            secrets.add(HexFormat.of().withUpperCase().formatHex(material).substring(0, 32));
            secrets.add(Base64.getEncoder().encodeToString(material).substring(0, 24));
            secrets.add(Base64.getUrlEncoder().encodeToString(material).substring(0, 24));
        }
        for (String text : texts) {
            for (String secret : secrets) {
                assertFalse(text.contains(secret), "secret material in: " + text.substring(0, Math.min(200, text.length())));
            }
        }
    }

    private String onlyKey(String prefix) {
        try (Stream<String> keys = store.list(prefix)) {
            List<String> all = keys.toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    private static int readInt(byte[] bytes, int offset) {
        return java.nio.ByteBuffer.wrap(bytes, offset, 4).getInt();
    }

    private static String stackTraceOf(Throwable e) {
        java.io.StringWriter out = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(out));
        return out.toString();
    }
}
