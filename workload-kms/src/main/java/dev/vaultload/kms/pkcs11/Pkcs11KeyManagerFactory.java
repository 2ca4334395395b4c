package dev.vaultload.kms.pkcs11;

import dev.vaultload.kms.KeyManager;
import dev.vaultload.kms.KeyManagerFactory;
import dev.vaultload.kms.KmsSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * A PKCS#11 token (an HSM, or SoftHSM2 here) through the JDK's own SunPKCS11 provider: binding {@code PKCS11}. Unlike
 * the network bindings, opening it logs in and finds the key, so that a wrong library, slot, PIN or key label fails
 * before a run starts, in one line naming the setting.
 */
public final class Pkcs11KeyManagerFactory implements KeyManagerFactory {
    public static final String NAME = "PKCS11";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public KeyManager open(Function<String, String> settings) {
        Path library = KmsSettings.PKCS11_LIBRARY.read(settings);
        if (!Files.isRegularFile(library) || !Files.isReadable(library)) {
            throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_LIBRARY.name() + "='" + library
                    + "': no readable library there (scripts/start-softhsm.sh start installs SoftHSM2's)");
        }
        int slotIndex = KmsSettings.PKCS11_SLOT_INDEX.read(settings);
        String pin = KmsSettings.PKCS11_PIN.require(settings, "the token's user PIN");
        String keyLabel = KmsSettings.PKCS11_KEY_LABEL.require(settings, "the label of an AES key in the token");
        Pkcs11Token token = Pkcs11Tokens.login(library, slotIndex, pin.toCharArray());
        try {
            if (token.key(keyLabel).isEmpty()) {
                throw new IllegalArgumentException("Invalid " + KmsSettings.PKCS11_KEY_LABEL.name() + "='" + keyLabel
                        + "': the token at " + token.where() + " holds no AES key with this label");
            }
        } catch (RuntimeException e) {
            Pkcs11Tokens.release(token);
            throw e;
        }
        return new Pkcs11KeyManager(token, keyLabel);
    }
}
