package dev.vaultload.kms.vault;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerFactory;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.http.HttpOptions;
import dev.vaultload.kms.http.CaTrust;
import java.net.URI;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * HashiCorp Vault's transit secrets engine over its REST API, authenticated by a token: binding
 * {@code VAULT_TRANSIT}. The key must be an aes256-gcm96 key created with {@code derived=true}
 * ({@code scripts/start-vault.sh} creates one).
 */
public final class VaultTransitKeyManagerFactory implements KeyManagerFactory {
    public static final String NAME = "VAULT_TRANSIT";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public KeyManager open(Function<String, String> settings) {
        URI url = KmsSettings.VAULT_URL.require(settings, "the URL of a Vault server");
        String token = KmsSettings.VAULT_TOKEN.require(settings, "a Vault token allowed to use the transit key");
        String keyName = KmsSettings.VAULT_TRANSIT_KEY.require(settings, "the name of a key of Vault's transit engine");
        HttpOptions options = HttpOptions.from(settings);
        SSLContext tls = KmsSettings.VAULT_CA_PATH.find(settings).map(VaultTransitKeyManagerFactory::trusting)
                .orElse(null);
        return new VaultTransitKeyManager(url, token, keyName, tls, options);
    }

    private static SSLContext trusting(Path caPath) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, CaTrust.of(KmsSettings.VAULT_CA_PATH, caPath), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK offers no TLS context", e);
        }
    }
}
