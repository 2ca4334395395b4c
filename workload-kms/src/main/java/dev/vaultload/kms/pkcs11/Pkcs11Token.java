package dev.vaultload.kms.pkcs11;

import dev.vaultload.kms.FailureKinds;
import dev.vaultload.kms.KmsSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.security.AuthProvider;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.Provider;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.Security;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.security.auth.login.LoginException;

/**
 * One PKCS#11 token as the JDK's SunPKCS11 provider opens it, logged in: its AES keys by label, and for the calling
 * thread an AES/GCM cipher and a random source of the token.
 * <p>
 * Built for many threads, since SunPKCS11's sessions are not free: the provider opens a session for an operation only
 * when its pool has none idle (up to the token's limit; SoftHSM2 sets none) and keeps it for the next one, so the
 * sessions grow to the concurrency once and are reused. A {@link Cipher} is not thread-safe and costs a provider
 * lookup to make, so each thread keeps its own, whose every operation borrows a session only from init to doFinal; so
 * does the random source, whose instances are synchronized. Keys are looked up once per label: the key store's
 * lookups are synchronized and search the token.
 */
final class Pkcs11Token {
    private static final String GCM = "AES/GCM/NoPadding";

    private final Provider provider;
    private final KeyStore keyStore;
    private final String where;
    private final Map<String, SecretKey> keysByLabel = new ConcurrentHashMap<>();
    private final ThreadLocal<Cipher> gcm;
    private final ThreadLocal<SecureRandom> random;

    private Pkcs11Token(Provider provider, KeyStore keyStore, String where) {
        this.provider = provider;
        this.keyStore = keyStore;
        this.where = where;
        this.gcm = ThreadLocal.withInitial(() -> instance(() -> Cipher.getInstance(GCM, provider)));
        this.random = ThreadLocal.withInitial(() -> instance(() -> SecureRandom.getInstance("PKCS11", provider)));
    }

    /**
     * Opens slot {@code slotIndex} of {@code library} and logs in; {@link Pkcs11Tokens} is the one caller, since a
     * login holds for the whole process.
     *
     * @throws IllegalArgumentException naming PKCS11_LIBRARY, PKCS11_SLOT_INDEX or PKCS11_PIN
     */
    static Pkcs11Token login(Path library, int slotIndex, char[] pin) {
        String where = "slot index " + slotIndex + " of " + library;
        Provider provider = configure(library, slotIndex);
        KeyStore keyStore;
        try {
            keyStore = KeyStore.getInstance("PKCS11", provider);
            keyStore.load(null, pin);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_PIN.name() + ": the token at " + where
                    + " refused the login (" + FailureKinds.describe(FailureKinds.rootCause(e)) + ")", e);
        }
        Pkcs11Token token = new Pkcs11Token(provider, keyStore, where);
        try {
            token.gcm();
            token.random();
        } catch (IllegalStateException e) {
            token.logout();
            throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_LIBRARY.name() + "='" + library
                    + "': the token at " + where + " offers no " + GCM + " or no random source", e);
        }
        return token;
    }

    /** Where the token is, e.g. {@code slot index 0 of /usr/lib/softhsm/libsofthsm2.so}. */
    String where() {
        return where;
    }

    /** The token's AES key of this label; empty when it holds none. */
    Optional<SecretKey> key(String label) {
        SecretKey known = keysByLabel.get(label);
        if (known != null) {
            return Optional.of(known);
        }
        Key found;
        try {
            found = keyStore.getKey(label, null);
        } catch (GeneralSecurityException e) {
            throw new ProviderException("looking up the key failed: " + FailureKinds.describe(e), e);
        }
        if (found instanceof SecretKey secret && "AES".equals(secret.getAlgorithm())) {
            keysByLabel.put(label, secret);
            return Optional.of(secret);
        }
        return Optional.empty();
    }

    /** This thread's AES/GCM cipher of the token. */
    Cipher gcm() {
        return gcm.get();
    }

    /** This thread's random source of the token (C_GenerateRandom). */
    SecureRandom random() {
        return random.get();
    }

    /** Ends the process's login; throws nothing. */
    void logout() {
        try {
            ((AuthProvider) provider).logout();
        } catch (LoginException | ProviderException e) {
            // the login ends with the process anyway
        }
    }

    /**
     * A new SunPKCS11 provider of the token; a failure names the setting at fault: the library (missing, not a
     * PKCS#11 library, or failing to start, as SoftHSM2 does without its SOFTHSM2_CONF) or the slot.
     */
    private static Provider configure(Path library, int slotIndex) {
        Provider unconfigured = Security.getProvider("SunPKCS11");
        if (unconfigured == null) {
            throw new IllegalArgumentException("Invalid " + KmsSettings.KMS.name() + "=PKCS11: this JDK has no SunPKCS11"
                    + " provider (module jdk.crypto.cryptoki)");
        }
        try {
            return unconfigured.configure("--name=vaultload\nlibrary=" + library + "\nslotListIndex=" + slotIndex + "\n");
        } catch (ProviderException e) {
            Throwable root = FailureKinds.rootCause(e);
            String reason = FailureKinds.describe(root);
            if (root instanceof IOException) {
                throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_LIBRARY.name() + "='" + library
                        + "': not a PKCS#11 library the JDK can load (" + reason + ")", e);
            }
            if (String.valueOf(root.getMessage()).matches(".*(slotListIndex|CKR_SLOT_|CKR_TOKEN_NOT_).*")) {
                throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_SLOT_INDEX.name() + "=" + slotIndex
                        + ": no initialized token there in " + library + " (" + reason + ")", e);
            }
            throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_LIBRARY.name() + "='" + library
                    + "': the library did not start (" + reason + "); SoftHSM2 finds its tokens through SOFTHSM2_CONF,"
                    + " which scripts/start-softhsm.sh env prints", e);
        }
    }

    private interface Lookup<T> {
        T get() throws GeneralSecurityException;
    }

    private static <T> T instance(Lookup<T> lookup) {
        try {
            return lookup.get();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(FailureKinds.describe(e), e);
        }
    }
}
