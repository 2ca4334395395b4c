package dev.vaultload.kms;

import java.util.List;
import java.util.ServiceLoader;

/** The key-manager bindings on the class path, by name. */
public final class KeyManagers {

    private KeyManagers() {
    }

    /** Every binding found, in class-path order. */
    public static List<KeyManagerFactory> all() {
        return ServiceLoader.load(KeyManagerFactory.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    /** The binding of a KMS name, in any case; an unknown name fails with the list of known ones. */
    public static KeyManagerFactory named(String name) {
        List<KeyManagerFactory> all = all();
        return all.stream().filter(factory -> factory.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Invalid " + KmsSettings.KMS.name() + "='" + name
                        + "': expected one of " + all.stream().map(KeyManagerFactory::name).sorted().toList()));
    }
}
