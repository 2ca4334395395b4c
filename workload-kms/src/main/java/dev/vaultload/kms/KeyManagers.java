package dev.vaultload.kms;

import dev.vaultload.engine.NamedBindings;
import java.util.List;

/** The key-manager bindings on the class path, by name. */
public final class KeyManagers {

    private KeyManagers() {
    }

    /** Every binding found, in class-path order. */
    public static List<KeyManagerFactory> all() {
        return NamedBindings.all(KeyManagerFactory.class);
    }

    /** The binding of a KMS name, in any case; an unknown name fails with the list of known ones. */
    public static KeyManagerFactory named(String name) {
        return NamedBindings.named(KeyManagerFactory.class, KeyManagerFactory::name, KmsSettings.KMS.name(), name);
    }
}
