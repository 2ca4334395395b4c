package dev.vaultload.kms;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The key managers engines use: one client per KMS configuration for the whole process, as a service holds one
 * connection pool to its KMS, timed into {@link dev.vaultload.engine.KeyManagerClock}. Engines have no end of life of
 * their own (a combination's engine is simply dropped), so the clients are closed when the JVM exits.
 */
public final class SharedKeyManagers {
    private static final Map<List<String>, KeyManager> OPEN = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.values().forEach(KeyManager::close),
                "vaultload-kms-close"));
    }

    private SharedKeyManagers() {
    }

    /**
     * The timed client of the KMS the settings name (KMS and its binding's settings), opened on first use.
     *
     * @throws IllegalArgumentException naming KMS when it is unset or unknown, or the binding's setting at fault
     */
    public static KeyManager of(Function<String, String> settings) {
        return OPEN.computeIfAbsent(configuration(settings), configuration -> new TimedKeyManager(
                KeyManagers.named(required(settings)).open(settings)));
    }

    /** The KMS name, or a refusal that says which setting an engine that uses a KMS needs. */
    public static String required(Function<String, String> settings) {
        String name = settings.apply(KmsSettings.KMS.name());
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(KmsSettings.KMS.name() + " is unset: an engine that uses a key manager"
                    + " needs one of " + KeyManagers.all().stream().map(KeyManagerFactory::name).sorted().toList());
        }
        return name;
    }

    /** Every key-manager setting's text: equal lists mean the same server, key and client identity. */
    private static List<String> configuration(Function<String, String> settings) {
        return new KmsSettings().settings().stream().map(setting -> String.valueOf(settings.apply(setting.name())))
                .toList();
    }
}
