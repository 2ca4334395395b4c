package dev.vaultload.settings;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Where a setting has an effect: the modes, storage providers and engines that read it, each empty for "any". A
 * setting given for a run that none of them is part of changes nothing, and is refused rather than silently ignored
 * ({@link UnusedSettings}).
 *
 * @param modes     e.g. {@code RATE}; empty: every mode
 * @param providers e.g. {@code MINIO}; empty: every provider
 * @param engines   e.g. {@code S3EC}; empty: every engine
 */
public record Scope(Set<String> modes, Set<String> providers, Set<String> engines) {
    public static final Scope EVERYWHERE = new Scope(Set.of(), Set.of(), Set.of());

    public Scope {
        modes = Set.copyOf(modes);
        providers = Set.copyOf(providers);
        engines = Set.copyOf(engines);
    }

    /** Whether a run in {@code mode} over these providers and engines reads the setting. */
    public boolean covers(String mode, Collection<String> runProviders, Collection<String> runEngines) {
        return (modes.isEmpty() || modes.contains(mode))
                && (providers.isEmpty() || runProviders.stream().anyMatch(providers::contains))
                && (engines.isEmpty() || runEngines.stream().anyMatch(engines::contains));
    }

    /** What reads it, e.g. {@code --mode RATE, STORAGE_PROVIDERS MINIO}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!modes.isEmpty()) {
            parts.add("--mode " + String.join("|", modes.stream().sorted().toList()));
        }
        if (!providers.isEmpty()) {
            parts.add("STORAGE_PROVIDERS " + String.join("|", providers.stream().sorted().toList()));
        }
        if (!engines.isEmpty()) {
            parts.add("ENGINES " + String.join("|", engines.stream().sorted().toList()));
        }
        return parts.isEmpty() ? "every run" : String.join(", ", parts);
    }
}
