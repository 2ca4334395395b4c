package dev.vaultload.vault;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/**
 * Generating and decoding inbox keys (users' and ephemeral ones). EC and RSA keys are the JDK's; X25519 keys are
 * BouncyCastle's, because BouncyCastle's X25519 agreement (the only one its CMS can use, and cheaper than the
 * JDK's: docs/measurements/2026-11-23-keystore-and-share-costs.md) then needs no key conversion.
 */
final class InboxKeyPairs {

    private final Provider bouncyCastle;
    private final SecureRandom random;

    InboxKeyPairs(Provider bouncyCastle, SecureRandom random) {
        this.bouncyCastle = bouncyCastle;
        this.random = random;
    }

    KeyPair generate(KeyPairAlgorithm algorithm) throws GeneralSecurityException {
        KeyPairGenerator generator = switch (algorithm) {
            case EC_P256 -> {
                KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
                ec.initialize(new ECGenParameterSpec("secp256r1"), random);
                yield ec;
            }
            case RSA_2048 -> {
                KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
                rsa.initialize(2048, random);
                yield rsa;
            }
            case X25519 -> {
                KeyPairGenerator x25519 = KeyPairGenerator.getInstance("X25519", bouncyCastle);
                x25519.initialize(255, random);
                yield x25519;
            }
        };
        return generator.generateKeyPair();
    }

    /** A private key from its PKCS#8 encoding. */
    PrivateKey privateKey(KeyPairAlgorithm algorithm, byte[] pkcs8) throws GeneralSecurityException {
        return keyFactory(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
    }

    /** A public key from its X.509 SubjectPublicKeyInfo encoding, of the algorithm that encoding names. */
    PublicKey publicKey(byte[] x509) throws GeneralSecurityException {
        return keyFactory(algorithmOf(x509)).generatePublic(new X509EncodedKeySpec(x509));
    }

    /** The algorithm of a key this class made or decoded. */
    static KeyPairAlgorithm algorithmOf(Key key) {
        return switch (key.getAlgorithm()) {
            case "EC" -> KeyPairAlgorithm.EC_P256;
            case "RSA" -> KeyPairAlgorithm.RSA_2048;
            case "X25519", "XDH" -> KeyPairAlgorithm.X25519;
            default -> throw new IllegalArgumentException("not an inbox key algorithm: " + key.getAlgorithm());
        };
    }

    private static KeyPairAlgorithm algorithmOf(byte[] x509) throws GeneralSecurityException {
        ASN1ObjectIdentifier oid;
        try {
            oid = SubjectPublicKeyInfo.getInstance(x509).getAlgorithm().getAlgorithm();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new java.security.spec.InvalidKeySpecException("not a SubjectPublicKeyInfo", e);
        }
        if (X9ObjectIdentifiers.id_ecPublicKey.equals(oid)) {
            return KeyPairAlgorithm.EC_P256;
        }
        if (PKCSObjectIdentifiers.rsaEncryption.equals(oid)) {
            return KeyPairAlgorithm.RSA_2048;
        }
        if (EdECObjectIdentifiers.id_X25519.equals(oid)) {
            return KeyPairAlgorithm.X25519;
        }
        throw new java.security.spec.InvalidKeySpecException("unsupported public key algorithm " + oid);
    }

    private KeyFactory keyFactory(KeyPairAlgorithm algorithm) throws GeneralSecurityException {
        return switch (algorithm) {
            case EC_P256 -> KeyFactory.getInstance("EC");
            case RSA_2048 -> KeyFactory.getInstance("RSA");
            case X25519 -> KeyFactory.getInstance("X25519", bouncyCastle);
        };
    }
}
