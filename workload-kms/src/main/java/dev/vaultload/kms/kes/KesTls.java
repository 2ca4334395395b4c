package dev.vaultload.kms.kes;

import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.http.CaTrust;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** The TLS context of a KES client: the client's certificate and key from PEM files, trust in KES_CA_PATH's CAs. */
final class KesTls {
    /** Protects the key only inside this process's in-memory key store, which nothing writes out. */
    private static final char[] IN_MEMORY_PASSWORD = "in-memory".toCharArray();

    private KesTls() {
    }

    /** @param caPath the CAs to trust; empty for the JDK's trust store */
    static SSLContext context(Optional<Path> caPath, Path certificatePem, Path keyPem) {
        try {
            KeyStore identity = KeyStore.getInstance("PKCS12");
            identity.load(null, null);
            identity.setKeyEntry("client", privateKey(keyPem), IN_MEMORY_PASSWORD,
                    certificates(certificatePem).toArray(Certificate[]::new));
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(identity, IN_MEMORY_PASSWORD);
            TrustManager[] trust = caPath.map(path -> CaTrust.of(KmsSettings.KES_CA_PATH, path)).orElse(null);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), trust, null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("Invalid " + KmsSettings.KES_CLIENT_CERT.name() + " or "
                    + KmsSettings.KES_CLIENT_KEY.name() + ": not a certificate and its private key (" + e.getMessage() + ")", e);
        }
    }

    private static Collection<? extends Certificate> certificates(Path pem) throws IOException,
            GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> chain = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (chain.isEmpty()) {
                throw new IllegalArgumentException("Invalid " + KmsSettings.KES_CLIENT_CERT.name() + " " + pem
                        + ": holds no PEM certificate");
            }
            return chain;
        }
    }

    private static PrivateKey privateKey(Path pem) throws IOException {
        try (Reader in = Files.newBufferedReader(pem); PEMParser parser = new PEMParser(in)) {
            Object read = parser.readObject();
            JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
            if (read instanceof PrivateKeyInfo pkcs8) {
                return converter.getPrivateKey(pkcs8);
            }
            if (read instanceof PEMKeyPair sec1OrPkcs1) {
                return converter.getKeyPair(sec1OrPkcs1).getPrivate();
            }
            throw new IllegalArgumentException("Invalid " + KmsSettings.KES_CLIENT_KEY.name() + " " + pem
                    + ": expected an unencrypted PEM private key, found " + (read == null ? "none"
                    : read.getClass().getSimpleName()));
        }
    }
}
