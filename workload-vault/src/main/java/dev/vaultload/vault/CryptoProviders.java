package dev.vaultload.vault;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Security;
import java.util.Objects;
import javax.crypto.Cipher;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * BouncyCastle as the JCA provider of last resort: it serves what the JDK lacks (ECDH with an X9.63 KDF,
 * X25519 with HKDF for CMS) while the JDK keeps AES, ChaCha20, SHA-256 and SHA-512, which it runs on CPU
 * intrinsics. Never insert BC first: every bulk cipher would then run on BC's pure-Java AES.
 */
final class CryptoProviders {

    /**
     * The JDK's cipher provider, named where a cipher is created per document: {@code Cipher.getInstance} without a
     * provider walks the provider list and looks the transformation up again at init, a cost paid per document.
     */
    private static final Provider SUN_JCE = Objects.requireNonNull(Security.getProvider("SunJCE"), "the JDK's SunJCE provider");

    private CryptoProviders() {
    }

    static Provider sunJce() {
        return SUN_JCE;
    }

    /** A new cipher of {@code transformation} on the JDK's provider, which has every transformation the vault names. */
    static Cipher jdkCipher(String transformation) {
        try {
            return Cipher.getInstance(transformation, SUN_JCE);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(transformation + " unavailable", e);
        }
    }

    /** Registers BC at the end of the provider list if it is not registered yet; returns it. */
    static Provider bouncyCastle() {
        Provider registered = Security.getProvider(BouncyCastleProvider.PROVIDER_NAME);
        if (registered != null) {
            return registered;
        }
        Security.addProvider(new BouncyCastleProvider()); // a racing thread's copy wins harmlessly: addProvider ignores duplicates
        return Security.getProvider(BouncyCastleProvider.PROVIDER_NAME);
    }
}
