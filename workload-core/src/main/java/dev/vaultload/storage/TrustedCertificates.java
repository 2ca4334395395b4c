package dev.vaultload.storage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Collection;

import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * Trust managers for exactly the CA certificates of one PEM file (CA_PATH), for servers with a private CA: the S3
 * providers' client and the engines with S3 clients of their own use the same.
 */
public final class TrustedCertificates {

    private TrustedCertificates() {
    }

    public static TrustManager[] fromPem(Path pemFile) {
        try (InputStream pem = Files.newInputStream(pemFile)) {
            Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509").generateCertificates(pem);
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException("CA_PATH " + pemFile + " holds no PEM certificate");
            }
            KeyStore trustStore = KeyStore.getInstance(KeyStore.getDefaultType());
            trustStore.load(null, null);
            int index = 0;
            for (Certificate certificate : certificates) {
                trustStore.setCertificateEntry("ca-" + index++, certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trustStore);
            return factory.getTrustManagers();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("CA_PATH " + pemFile + " is not a readable PEM certificate file: " + e.getMessage(), e);
        }
    }
}
