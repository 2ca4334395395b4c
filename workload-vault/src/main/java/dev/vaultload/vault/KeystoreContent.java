package dev.vaultload.vault;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keys a keystore protects and their serialization, the plaintext that the keystore seals (see
 * docs/encryption-format.md): the two AES-SIV path keys, the document KEK, the inbox key pair's algorithm id,
 * private key (PKCS#8) and public key (X.509). {@link #toString()} shows no key.
 */
record KeystoreContent(SecretKey pathMacKey, SecretKey pathCtrKey, SecretKey documentKek, KeyPairAlgorithm inboxAlgorithm,
                       KeyPair inbox) {

    static final int AES_KEY_BYTES = 32;
    private static final KeyPairAlgorithm[] ALGORITHM_IDS = {null, KeyPairAlgorithm.EC_P256, KeyPairAlgorithm.RSA_2048,
            KeyPairAlgorithm.X25519};

    /** Thrown when an authenticated content does not parse: a bug or a keystore written by someone holding the password. */
    static final class MalformedException extends Exception {
        MalformedException(String message) {
            super(message);
        }
    }

    UserKeys toUserKeys(String userId) {
        return new UserKeys(userId, new SivPathCipher(pathMacKey, pathCtrKey), documentKek, KeyIds.ofKek(documentKek),
                inbox.getPrivate(), inbox.getPublic(), KeyIds.ofPublicKey(inbox.getPublic()));
    }

    /** The serialization; the caller wipes it after use. */
    byte[] encode() {
        byte[] privateKey = inbox.getPrivate().getEncoded();
        byte[] publicKey = inbox.getPublic().getEncoded();
        byte[][] aesKeys = {pathMacKey.getEncoded(), pathCtrKey.getEncoded(), documentKek.getEncoded()};
        ByteBuffer out = ByteBuffer.allocate(3 * AES_KEY_BYTES + 1 + 2 + privateKey.length + 2 + publicKey.length);
        try {
            for (byte[] aesKey : aesKeys) {
                out.put(aesKey);
            }
            out.put((byte) Arrays.asList(ALGORITHM_IDS).indexOf(inboxAlgorithm));
            out.putShort((short) privateKey.length).put(privateKey);
            out.putShort((short) publicKey.length).put(publicKey);
            return out.array();
        } finally {
            Arrays.fill(privateKey, (byte) 0);
            for (byte[] aesKey : aesKeys) {
                Arrays.fill(aesKey, (byte) 0);
            }
        }
    }

    static KeystoreContent decode(byte[] content, InboxKeyPairs keyPairs) throws MalformedException {
        ByteBuffer in = ByteBuffer.wrap(content);
        byte[] privateKey = null;
        try {
            SecretKey pathMac = aesKey(in);
            SecretKey pathCtr = aesKey(in);
            SecretKey kek = aesKey(in);
            int algorithmId = Byte.toUnsignedInt(in.get());
            if (algorithmId < 1 || algorithmId >= ALGORITHM_IDS.length) {
                throw new MalformedException("unknown inbox key algorithm id " + algorithmId);
            }
            KeyPairAlgorithm algorithm = ALGORITHM_IDS[algorithmId];
            privateKey = lengthPrefixed(in);
            byte[] publicKey = lengthPrefixed(in);
            if (in.hasRemaining()) {
                throw new MalformedException(in.remaining() + " bytes after the public key");
            }
            PrivateKey inboxPrivate = keyPairs.privateKey(algorithm, privateKey);
            PublicKey inboxPublic = keyPairs.publicKey(publicKey);
            return new KeystoreContent(pathMac, pathCtr, kek, algorithm, new KeyPair(inboxPublic, inboxPrivate));
        } catch (BufferUnderflowException e) {
            throw new MalformedException("the content ends early");
        } catch (GeneralSecurityException e) {
            throw new MalformedException("an inbox key does not decode: " + e.getClass().getSimpleName());
        } finally {
            if (privateKey != null) {
                Arrays.fill(privateKey, (byte) 0);
            }
        }
    }

    private static SecretKey aesKey(ByteBuffer in) {
        byte[] key = new byte[AES_KEY_BYTES];
        in.get(key);
        try {
            return new SecretKeySpec(key, "AES");
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }

    private static byte[] lengthPrefixed(ByteBuffer in) {
        byte[] value = new byte[Short.toUnsignedInt(in.getShort())];
        in.get(value);
        return value;
    }

    @Override
    public String toString() {
        return "KeystoreContent[inboxAlgorithm=" + inboxAlgorithm + "]";
    }
}
