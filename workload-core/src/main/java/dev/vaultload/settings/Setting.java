package dev.vaultload.settings;

import java.util.Optional;
import java.util.function.Function;

/**
 * One setting, declared once: its name (a system property, an environment variable, and {@code --NAME} on the
 * command line), its default, and what it means and accepts. A secret setting's value never appears in help,
 * logs, reports or error messages.
 *
 * @param name         e.g. {@code THREADS}
 * @param defaultValue the value when unset, or null when there is no fixed one
 * @param defaultNote  what happens when unset and there is no fixed default, e.g. {@code one pass}; null otherwise
 * @param help         what it means and accepts, one line of Markdown
 * @param secret       true for passwords and keys
 */
public record Setting(String name, String defaultValue, String defaultNote, String help, boolean secret) {

    public Setting {
        if (!name.matches("[A-Z][A-Z0-9_]*")) {
            throw new IllegalArgumentException("a setting's name is upper case with underscores, not " + name);
        }
    }

    /** A setting with a fixed default. */
    public static Setting of(String name, String defaultValue, String help) {
        return new Setting(name, defaultValue, null, help, false);
    }

    /** A setting without a fixed default: {@code whenUnset} says what happens then. */
    public static Setting optional(String name, String whenUnset, String help) {
        return new Setting(name, null, whenUnset, help, false);
    }

    /** A password or key: its value is never shown. */
    public static Setting secret(String name, String help) {
        return new Setting(name, null, null, help, true);
    }

    /** The value {@code lookup} has for this setting, trimmed; empty when unset or blank. */
    public Optional<String> in(Function<String, String> lookup) {
        return Optional.ofNullable(lookup.apply(name)).map(String::trim).filter(value -> !value.isEmpty());
    }

    /** The value {@code lookup} has for this setting, else the default (null when there is none). */
    public String valueOrDefault(Function<String, String> lookup) {
        return in(lookup).orElse(defaultValue);
    }

    /** The one-line error for a value this setting does not accept; a secret's value is not repeated. */
    public IllegalArgumentException invalid(String value, String accepted) {
        return new IllegalArgumentException("Invalid " + name + (secret ? "" : "='" + value + "'") + ": expected " + accepted);
    }
}
