package dev.vaultload.engine;

import java.util.List;

/** The engine bindings on the class path, by name. */
public final class Engines {
    /** What runs when ENGINES is not set: our Datasafe-style engine. */
    public static final String DEFAULT = "VAULTLOAD";

    private Engines() {
    }

    /** Every binding found, in class-path order. */
    public static List<EngineFactory> all() {
        return NamedBindings.all(EngineFactory.class);
    }

    /** The binding of an ENGINES name; an unknown name fails with the list of known ones. */
    public static EngineFactory named(String name) {
        return NamedBindings.named(EngineFactory.class, EngineFactory::name, "ENGINES", name);
    }
}
