package dev.vaultload.kms.kes;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerFactory;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.http.HttpOptions;
import java.net.URI;
import java.nio.file.Path;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/** MinIO KES over its REST API, authenticated by a client certificate (mTLS): binding {@code KES}. */
public final class KesKeyManagerFactory implements KeyManagerFactory {
    public static final String NAME = "KES";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public KeyManager open(Function<String, String> settings) {
        URI url = KmsSettings.KES_URL.require(settings, "the https URL of a KES server");
        Path certificate = KmsSettings.KES_CLIENT_CERT.require(settings, "the client's PEM certificate");
        Path key = KmsSettings.KES_CLIENT_KEY.require(settings, "the client's PEM private key");
        String keyName = KmsSettings.KES_KEY_NAME.require(settings, "the name of a key KES holds");
        HttpOptions options = HttpOptions.from(settings);
        SSLContext tls = KesTls.context(KmsSettings.KES_CA_PATH.find(settings), certificate, key);
        return new KesKeyManager(url, keyName, tls, options);
    }
}
