package dev.vaultload.engine;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Refuses, before a run starts, a fixture that holds a key lifecycle operation (ROTATE_KEY, REENCRYPT) its engine
 * does not carry out ({@link EngineFactory#keyLifecycleOperations()}): without it every such operation would fail
 * during the run and the run would publish figures of another mix.
 */
public final class KeyLifecycleSupport {
    private KeyLifecycleSupport() {
    }

    /**
     * @param options     the options the engine will be opened with (CIPHER=NONE has no key to renew)
     * @param fixtureName how the run names its fixture (SMALL, a file's path)
     * @throws IllegalArgumentException in one line naming the engine, the operation, where the fixture first holds
     *                                  it, and the engines that support it
     */
    public static void requireSupported(EngineFactory engine, EngineOptions options, Fixture fixture, String fixtureName) {
        List<Operation> operations = fixture.operations();
        for (int index = 0; index < operations.size(); index++) {
            OperationType type = operations.get(index).type();
            if (type.keyLifecycle() && !engine.keyLifecycleOperations(options).contains(type)) {
                throw new IllegalArgumentException("Invalid ENGINES: engine " + engine.name() + " does not support "
                        + type + " with CIPHER=" + options.cipher() + ", which fixture " + fixtureName
                        + " holds (first at operation " + index + "); engines that do: " + supporting(type, options)
                        + " (or generate the fixture with rotateKey=0,reencrypt=0)");
            }
        }
    }

    /**
     * @param setting the setting that asks for {@code type} beside the fixture (RATE's SWEEP)
     * @throws IllegalArgumentException in one line naming the setting, the engine and the engines that support it
     */
    public static void requireSupported(EngineFactory engine, EngineOptions options, OperationType type, String setting) {
        if (!engine.keyLifecycleOperations(options).contains(type)) {
            throw new IllegalArgumentException("Invalid " + setting + "=" + type + ": engine " + engine.name()
                    + " does not support " + type + " with CIPHER=" + options.cipher() + "; engines that do: "
                    + supporting(type, options));
        }
    }

    private static String supporting(OperationType type, EngineOptions options) {
        String names = Engines.all().stream().filter(factory -> factory.keyLifecycleOperations(options).contains(type))
                .map(EngineFactory::name).sorted().collect(Collectors.joining(", "));
        return names.isEmpty() ? "none on the class path" : names;
    }
}
