package dev.vaultload.kms.http;

import dev.vaultload.settings.Setting;
import dev.vaultload.storage.TrustedCertificates;
import java.nio.file.Path;
import javax.net.ssl.TrustManager;

/** Trust in exactly the CAs of a binding's CA setting (KES_CA_PATH, VAULT_CA_PATH), for servers with a private CA. */
public final class CaTrust {

    private CaTrust() {
    }

    /** The trust managers of {@code caPath}; a file that is no PEM of certificates fails naming {@code setting}. */
    public static TrustManager[] of(Setting<Path> setting, Path caPath) {
        try {
            return TrustedCertificates.fromPem(caPath);
        } catch (IllegalArgumentException e) { // its message names CA_PATH, the S3 providers' setting
            throw new IllegalArgumentException("Invalid " + setting.name() + " " + caPath
                    + ": not a PEM file of certificates", e);
        }
    }
}
