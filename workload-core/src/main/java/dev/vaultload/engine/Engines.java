package dev.vaultload.engine;

import java.util.List;
import java.util.ServiceLoader;

/** The engine bindings on the class path, by name. */
public final class Engines {
    /** What runs when ENGINES is not set: our Datasafe-style engine. */
    public static final String DEFAULT = "VAULTLOAD";

    private Engines() {
    }

    /** Every binding found, in class-path order. */
    public static List<EngineFactory> all() {
        return ServiceLoader.load(EngineFactory.class).stream().map(ServiceLoader.Provider::get).toList();
    }

    /** The binding of an ENGINES name; an unknown name fails with the list of known ones. */
    public static EngineFactory named(String name) {
        List<EngineFactory> all = all();
        return all.stream().filter(factory -> factory.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Invalid ENGINES='" + name + "': expected one of "
                        + all.stream().map(EngineFactory::name).sorted().toList()));
    }
}
