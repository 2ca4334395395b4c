package dev.vaultload.engine;

import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Function;

/** Bindings of one kind on the class path ({@link ServiceLoader}), each selected by its name in one setting. */
public final class NamedBindings {
    private NamedBindings() {
    }

    /** Every binding of {@code type} found, in class-path order. */
    public static <F> List<F> all(Class<F> type) {
        return ServiceLoader.load(type).stream().map(ServiceLoader.Provider::get).toList();
    }

    /**
     * The binding of {@code type} called {@code name}, in any case.
     *
     * @param setting where the name came from, for the refusal: {@code Invalid ENGINES='X': expected one of [...]}
     */
    public static <F> F named(Class<F> type, Function<F, String> nameOf, String setting, String name) {
        List<F> all = all(type);
        return all.stream().filter(binding -> nameOf.apply(binding).equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Invalid " + setting + "='" + name + "': expected one of "
                        + all.stream().map(nameOf).sorted().toList()));
    }
}
