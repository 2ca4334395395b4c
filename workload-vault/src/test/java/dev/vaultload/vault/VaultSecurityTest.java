package dev.vaultload.vault;

import dev.vaultload.engine.UserCredentials;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import static dev.vaultload.vault.VaultTestSupport.content;
import static dev.vaultload.vault.VaultTestSupport.contains;
import static dev.vaultload.vault.VaultTestSupport.readAll;
import static dev.vaultload.vault.VaultTestSupport.replace;
import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.stored;
import static dev.vaultload.vault.VaultTestSupport.user;
import static dev.vaultload.vault.VaultTestSupport.utf8;
import static dev.vaultload.vault.VaultTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;

/** The promises of issue 3 item 5, each as a test that fails if the promise is broken. */
class VaultSecurityTest {

    private final InMemoryBlobStore store = new InMemoryBlobStore();

    private Engine vault(CipherSuite cipher) {
        return new DatasafeStyleVault(store, settings(cipher));
    }

    private Engine vault(CipherSuite cipher, KeyPairAlgorithm keyPair) {
        VaultSettings base = settings(cipher);
        return new DatasafeStyleVault(store, new VaultSettings(cipher, keyPair, base.kdfIterations(), base.unlockedKeystoreCacheSize()));
    }

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void storedBytesHoldNeitherPlaintextNorPathSegments(CipherSuite cipher) {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        byte[] plaintext = utf8("TOP-SECRET-PLAINTEXT ".repeat(5_000));
        write(vault.privateSpace(alice), "confidentialfolder/salaryreport", plaintext);
        List<String> keys;
        try (Stream<String> all = store.list("")) {
            keys = all.toList();
        }
        for (String key : keys) {
            assertFalse(key.contains("confidentialfolder") || key.contains("salaryreport"), key);
            byte[] bytes = stored(store, key);
            assertFalse(contains(bytes, utf8("TOP-SECRET")), key);
            assertFalse(contains(bytes, utf8("confidentialfolder")), key);
            assertFalse(contains(bytes, utf8("salaryreport")), key);
        }
    }

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void aUserCannotReadAnotherUsersPrivateDocument(CipherSuite cipher) {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        UserCredentials mallory = user("mallory");
        vault.createUser(alice);
        vault.createUser(mallory);
        write(vault.privateSpace(alice), "secret", utf8("alice's secret"));
        write(vault.privateSpace(mallory), "secret", utf8("placeholder"));
        String aliceKey = onlyKey("alice/private/");
        String malloryKey = onlyKey("mallory/private/");
        assertNotEquals(aliceKey.substring("alice/".length()), malloryKey.substring("mallory/".length()),
                "path keys differ per user");
        // mallory gets alice's object under her own name (a misrouted copy, a store-level attack)
        replace(store, malloryKey, stored(store, aliceKey));
        EngineException e = assertThrows(EngineException.class, () -> readAll(vault.privateSpace(mallory).read("secret")));
        assertEquals(EngineException.Reason.ACCESS_DENIED, e.reason());
    }

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = {"AES256_GCM", "CHACHA20_POLY1305"})
    void oneFlippedByteAnywhereIsAnIntegrityError(CipherSuite cipher) {
        Engine vault = vault(cipher);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        byte[] plaintext = content(3 * DocumentCodec.CHUNK_BYTES + 100, 1);
        write(vault.privateSpace(alice), "doc", plaintext);
        String key = onlyKey("alice/private/");
        byte[] original = stored(store, key);
        int envelopeEnd = 9 + readInt(original, 5);
        // in the prelude/envelope, in the first chunk, in a middle chunk, in the last tag, the last byte
        int[] positions = {6, 40, envelopeEnd - 3, envelopeEnd + 10, envelopeEnd + DocumentCodec.CHUNK_BYTES + 20,
                original.length - 5, original.length - 1};
        for (int position : positions) {
            byte[] tampered = original.clone();
            tampered[position] ^= 0x01;
            replace(store, key, tampered);
            EngineException e = assertThrows(EngineException.class, () -> readAll(vault.privateSpace(alice).read("doc")),
                    "flip at " + position);
            assertTrue(e.reason() == EngineException.Reason.INTEGRITY || e.reason() == EngineException.Reason.ACCESS_DENIED,
                    "flip at " + position + ": " + e.reason());
            if (position >= envelopeEnd) {
                assertEquals(EngineException.Reason.INTEGRITY, e.reason(), "flip in the body at " + position);
            }
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

    @Test
    void cbcHasNoIntegrityAndTheChecksumMustCatchIt() {
        Engine vault = vault(CipherSuite.AES256_CBC);
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        byte[] plaintext = content(100_000, 2);
        write(vault.privateSpace(alice), "doc", plaintext);
        String key = onlyKey("alice/private/");
        byte[] tampered = stored(store, key);
        tampered[tampered.length - 5000] ^= 0x01;
        replace(store, key, tampered);
        byte[] read = readAll(vault.privateSpace(alice).read("doc"));
        assertEquals(plaintext.length, read.length);
        assertFalse(java.util.Arrays.equals(plaintext, read), "garbled silently: only the reader's checksum notices");
    }

    @ParameterizedTest
    @EnumSource(KeyPairAlgorithm.class)
    void sharesOpenForEveryRecipientAndNobodyElse(KeyPairAlgorithm keyPair) throws IOException {
        for (CipherSuite cipher : List.of(CipherSuite.AES256_GCM, CipherSuite.AES256_CBC, CipherSuite.CHACHA20_POLY1305)) {
            store.deletePrefix("");
            Engine vault = vault(cipher, keyPair);
            List<UserCredentials> users = List.of(user("sender"), user("r1"), user("r2"), user("outsider"));
            users.forEach(vault::createUser);
            byte[] plaintext = content(150_000, 4);
            try (OutputStream out = vault.share(users.get(0), List.of("r1", "r2"), "shared/report")) {
                out.write(plaintext);
            }
            for (UserCredentials recipient : users.subList(1, 3)) {
                assertArrayEquals(plaintext, readAll(vault.inbox(recipient).read("shared/report")), cipher + " " + recipient.userId());
                assertEquals(List.of("shared/report"), vault.inbox(recipient).list("").toList());
            }
            assertFalse(store.exists("sender/inbox/shared/report"));
            assertFalse(store.exists("outsider/inbox/shared/report"));
            // the outsider gets a copy of the share in its own inbox: no recipient info is theirs
            replace(store, "outsider/inbox/shared/report", stored(store, "r1/inbox/shared/report"));
            assertEquals(EngineException.Reason.ACCESS_DENIED, assertThrows(EngineException.class,
                    () -> readAll(vault.inbox(users.get(3)).read("shared/report")), cipher.toString()).reason());
            assertEquals(EngineException.Reason.UNKNOWN_USER, assertThrows(EngineException.class,
                    () -> vault.share(users.get(0), List.of("nobody"), "p")).reason());
        }
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
            for (Runnable failing : List.<Runnable>of(
                    () -> vault.privateSpace(new UserCredentials("alice", Password.of("wrong-pw-123"))),
                    () -> vault.createUser(alice),
                    () -> vault.privateSpace(alice).read("../x"),
                    () -> readAll(vault.privateSpace(alice).read("missing")))) {
                try {
                    failing.run();
                } catch (RuntimeException e) {
                    texts.add(stackTraceOf(e));
                }
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

        UserKeys keys = new KeystoreFile(CryptoProviders.bouncyCastle(), KeyPairAlgorithm.EC_P256, 1, new java.security.SecureRandom())
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
