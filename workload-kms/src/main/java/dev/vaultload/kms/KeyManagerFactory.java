package dev.vaultload.kms;

import java.util.function.Function;

/**
 * A key-manager binding, found by {@link KeyManagers} through {@link java.util.ServiceLoader}: a factory named in
 * {@code META-INF/services/dev.vaultload.kms.KeyManagerFactory}.
 */
public interface KeyManagerFactory {

    /** The name users select it by in KMS, e.g. {@code KES}. */
    String name();

    /**
     * A client of the KMS the settings name; nothing is sent yet.
     *
     * @param settings a setting's text by name (system property, environment, command line)
     * @throws IllegalArgumentException naming the setting that is missing or not accepted
     */
    KeyManager open(Function<String, String> settings);
}
