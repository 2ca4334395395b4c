package dev.vaultload.s3ec;

import dev.vaultload.engine.EngineException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * One S3EC user's keys: with a raw keyring an RSA-2048 key pair (shares are wrapped to its public key, which is
 * published) and, with the AES keyring, an AES-256 wrapping key for private documents; with the KMS keyring none
 * (the keystore then only proves the password). Serialized as keyring ordinal, AES key length and bytes, then the
 * private key's PKCS#8 and the public key's X.509 DER, each with its length (0 for a key not held).
 */
record UserKeys(S3EcKeyring keyring, SecretKey aesKey, KeyPair rsa) {
    private static final int AES_KEY_BYTES = 32;
    private static final int RSA_BITS = 2048;

    static UserKeys generate(S3EcKeyring keyring) {
        try {
            if (keyring == S3EcKeyring.KMS) {
                return new UserKeys(keyring, null, null);
            }
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(RSA_BITS);
            SecretKey aes = keyring == S3EcKeyring.AES ? new SecretKeySpec(PasswordSeal.random(AES_KEY_BYTES), "AES") : null;
            return new UserKeys(keyring, aes, generator.generateKeyPair());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate keys: " + e.getMessage(), e);
        }
    }

    byte[] encoded() {
        byte[] aes = aesKey == null ? new byte[0] : aesKey.getEncoded();
        byte[] privateKey = rsa == null ? new byte[0] : rsa.getPrivate().getEncoded();
        byte[] publicKey = rsa == null ? new byte[0] : rsa.getPublic().getEncoded();
        return ByteBuffer.allocate(1 + 3 * Integer.BYTES + aes.length + privateKey.length + publicKey.length)
                .put((byte) keyring.ordinal())
                .putInt(aes.length).put(aes)
                .putInt(privateKey.length).put(privateKey)
                .putInt(publicKey.length).put(publicKey).array();
    }

    static UserKeys decode(byte[] encoded, String key) {
        try {
            ByteBuffer in = ByteBuffer.wrap(encoded);
            S3EcKeyring keyring = S3EcKeyring.values()[in.get()];
            byte[] aes = next(in);
            byte[] privateKey = next(in);
            byte[] publicKey = next(in);
            KeyPair rsa = privateKey.length == 0 ? null : new KeyPair(publicKey(publicKey, key),
                    KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(privateKey)));
            return new UserKeys(keyring, aes.length == 0 ? null : new SecretKeySpec(aes, "AES"), rsa);
        } catch (RuntimeException | GeneralSecurityException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "malformed key material", e).about(key);
        }
    }

    static PublicKey publicKey(byte[] x509, String key) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(x509));
        } catch (GeneralSecurityException e) {
            throw new EngineException(EngineException.Reason.INTEGRITY, "malformed public key", e).about(key);
        }
    }

    private static byte[] next(ByteBuffer in) {
        byte[] bytes = new byte[in.getInt()];
        in.get(bytes);
        return bytes;
    }

    @Override
    public String toString() {
        return "UserKeys[" + keyring + "]";
    }
}
