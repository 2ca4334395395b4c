package dev.vaultload.vault;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.crypto.util.PBKDF2Config;
import org.bouncycastle.jcajce.BCFKSLoadStoreParameter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A user's keystore as Datasafe keeps it: BCFKS (MAC'd and encrypted as a whole with a PBKDF2-HMAC-SHA512 key
 * from the password) holding the two AES-SIV path keys, the document KEK and the inbox key pair (BCFKS stores a
 * private key only with a certificate, so the public key travels in a self-signed one).
 */
final class KeystoreFile {

    static final String PATH_MAC_KEY = "path-siv-mac";
    static final String PATH_CTR_KEY = "path-siv-ctr";
    static final String DOCUMENT_KEK = "document-kek";
    static final String INBOX_KEY = "inbox";
    private static final String TYPE = "BCFKS";
    private static final Duration CERTIFICATE_VALIDITY = Duration.ofDays(100 * 365);

    private final Provider bouncyCastle;
    private final KeyPairAlgorithm keyPairAlgorithm;
    private final int kdfIterations;
    private final SecureRandom random;

    KeystoreFile(Provider bouncyCastle, KeyPairAlgorithm keyPairAlgorithm, int kdfIterations, SecureRandom random) {
        this.bouncyCastle = bouncyCastle;
        this.keyPairAlgorithm = keyPairAlgorithm;
        this.kdfIterations = kdfIterations;
        this.random = random;
    }

    /** A new user's keys and their keystore, encoded and protected by {@code password}. */
    record Created(byte[] keystoreBytes, UserKeys keys) {
        @Override
        public String toString() {
            return "Created[" + keys + "]";
        }
    }

    Created create(String userId, Password password) {
        char[] chars = password.chars();
        try {
            SecretKey pathMac = newAesKey();
            SecretKey pathCtr = newAesKey();
            SecretKey kek = newAesKey();
            KeyPair inbox = newKeyPair();
            X509Certificate certificate = selfSigned(userId, inbox);

            KeyStore store = KeyStore.getInstance(TYPE, bouncyCastle);
            store.load(null, null);
            store.setKeyEntry(PATH_MAC_KEY, pathMac, chars, null);
            store.setKeyEntry(PATH_CTR_KEY, pathCtr, chars, null);
            store.setKeyEntry(DOCUMENT_KEK, kek, chars, null);
            store.setKeyEntry(INBOX_KEY, inbox.getPrivate(), chars, new Certificate[] {certificate});
            ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
            store.store(new BCFKSLoadStoreParameter.Builder(out, chars)
                    .withStorePBKDFConfig(new PBKDF2Config.Builder()
                            .withIterationCount(kdfIterations)
                            .withPRF(PBKDF2Config.PRF_SHA512)
                            .withSaltLength(32)
                            .build())
                    .withStoreMacAlgorithm(BCFKSLoadStoreParameter.MacAlgorithm.HmacSHA512)
                    .withStoreEncryptionAlgorithm(BCFKSLoadStoreParameter.EncryptionAlgorithm.AES256_CCM)
                    .build());
            UserKeys keys = new UserKeys(userId, new SivPathCipher(pathMac, pathCtr), kek, KeyIds.ofKek(kek),
                    inbox.getPrivate(), inbox.getPublic(), KeyIds.ofPublicKey(inbox.getPublic()));
            return new Created(out.toByteArray(), keys);
        } catch (GeneralSecurityException | IOException | OperatorCreationException e) {
            throw new IllegalStateException("creating the keystore of " + userId + " failed: " + e.getClass().getName(), e);
        } finally {
            java.util.Arrays.fill(chars, '\0');
        }
    }

    /** Opens the keystore; a wrong password is {@link EngineException.Reason#WRONG_PASSWORD}. */
    UserKeys unlock(String userId, byte[] keystoreBytes, Password password) {
        char[] chars = password.chars();
        try {
            KeyStore store = KeyStore.getInstance(TYPE, bouncyCastle);
            try {
                store.load(new ByteArrayInputStream(keystoreBytes), chars);
            } catch (IOException e) {
                // BCFKS cannot tell a wrong password from a corrupted file: both fail its MAC check
                throw new EngineException(EngineException.Reason.WRONG_PASSWORD,
                        "the keystore of " + userId + " does not open with this password (or is corrupted)");
            }
            SecretKey pathMac = (SecretKey) store.getKey(PATH_MAC_KEY, chars);
            SecretKey pathCtr = (SecretKey) store.getKey(PATH_CTR_KEY, chars);
            SecretKey kek = (SecretKey) store.getKey(DOCUMENT_KEK, chars);
            PrivateKey inboxPrivate = (PrivateKey) store.getKey(INBOX_KEY, chars);
            Certificate certificate = store.getCertificate(INBOX_KEY);
            if (pathMac == null || pathCtr == null || kek == null || inboxPrivate == null || certificate == null) {
                throw new EngineException(EngineException.Reason.INTEGRITY, "the keystore of " + userId + " lacks an entry");
            }
            return new UserKeys(userId, new SivPathCipher(pathMac, pathCtr), kek, KeyIds.ofKek(kek),
                    inboxPrivate, certificate.getPublicKey(), KeyIds.ofPublicKey(certificate.getPublicKey()));
        } catch (UnrecoverableKeyException e) {
            throw new EngineException(EngineException.Reason.WRONG_PASSWORD, "a key of " + userId + " does not open with this password");
        } catch (GeneralSecurityException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY,
                    "the keystore of " + userId + " is unreadable: " + e.getClass().getName());
        } finally {
            java.util.Arrays.fill(chars, '\0');
        }
    }

    private SecretKey newAesKey() throws GeneralSecurityException {
        KeyGenerator generator = KeyGenerator.getInstance("AES");
        generator.init(256, random);
        return generator.generateKey();
    }

    private KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator;
        switch (keyPairAlgorithm) {
            case EC_P256 -> {
                generator = KeyPairGenerator.getInstance("EC");
                generator.initialize(new ECGenParameterSpec("secp256r1"), random);
            }
            case RSA_2048 -> {
                generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048, random);
            }
            default -> throw new IllegalArgumentException("unsupported key pair algorithm " + keyPairAlgorithm);
        }
        return generator.generateKeyPair();
    }

    private X509Certificate selfSigned(String userId, KeyPair pair) throws OperatorCreationException, GeneralSecurityException {
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, userId).build();
        Instant now = Instant.now();
        String signature = keyPairAlgorithm == KeyPairAlgorithm.EC_P256 ? "SHA256withECDSA" : "SHA256withRSA";
        var holder = new JcaX509v3CertificateBuilder(subject, new BigInteger(64, random), Date.from(now),
                Date.from(now.plus(CERTIFICATE_VALIDITY)), subject, pair.getPublic())
                .build(new JcaContentSignerBuilder(signature).build(pair.getPrivate()));
        return new JcaX509CertificateConverter().getCertificate(holder);
    }
}
