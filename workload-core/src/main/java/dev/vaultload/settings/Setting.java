package dev.vaultload.settings;

import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * One setting, declared once: its name (a system property, an environment variable, and {@code --NAME} on the
 * command line), what its text means, its default, and what it is for. A secret setting's value never appears in
 * help, logs, reports or error messages.
 *
 * @param name         e.g. {@code THREADS}
 * @param type         what it accepts and how that becomes a value
 * @param defaultValue the text when unset, or null when there is no fixed one
 * @param defaultNote  what happens when unset and there is no fixed default, e.g. {@code one pass}; null otherwise
 * @param help         what it is for, one line of Markdown
 * @param secret       true for passwords and keys
 * @param scope        the modes, providers and engines that read it
 * @param ambient      commonly set in a shell's environment for other tools or runs (credentials, a region, where a
 *                     server binary is): as an environment variable it is not refused where it has no effect
 * @param <T>          the value's type
 */
public record Setting<T>(String name, SettingType<T> type, String defaultValue, String defaultNote, String help,
                         boolean secret, Scope scope, boolean ambient) {

    public Setting {
        if (!name.matches("[A-Z][A-Z0-9_]*")) {
            throw new IllegalArgumentException("a setting's name is upper case with underscores, not " + name);
        }
    }

    /** A setting with a fixed default. */
    public static <T> Setting<T> of(String name, SettingType<T> type, String defaultValue, String help) {
        return new Setting<>(name, type, defaultValue, null, help, false, Scope.EVERYWHERE, false);
    }

    /** A setting without a fixed default: {@code whenUnset} says what happens then. */
    public static <T> Setting<T> optional(String name, SettingType<T> type, String whenUnset, String help) {
        return new Setting<>(name, type, null, whenUnset, help, false, Scope.EVERYWHERE, false);
    }

    /** A password or key: its value is never shown. */
    public static Setting<String> secret(String name, String help) {
        return new Setting<>(name, SettingType.text("a key"), null, null, help, true, Scope.EVERYWHERE, true);
    }

    /** This setting, read only in these modes ({@code RATE}, ...). */
    public Setting<T> inModes(String... modes) {
        return with(new Scope(Set.of(modes), scope.providers(), scope.engines()), ambient);
    }

    /** This setting, read only by these storage providers. */
    public Setting<T> forProviders(String... providers) {
        return with(new Scope(scope.modes(), Set.of(providers), scope.engines()), ambient);
    }

    /** This setting, read only by these engines. */
    public Setting<T> forEngines(String... engines) {
        return with(new Scope(scope.modes(), scope.providers(), Set.of(engines)), ambient);
    }

    /** This setting, commonly left in a shell's environment: not refused there where it has no effect. */
    public Setting<T> asAmbient() {
        return with(scope, true);
    }

    private Setting<T> with(Scope newScope, boolean newAmbient) {
        return new Setting<>(name, type, defaultValue, defaultNote, help, secret, newScope, newAmbient);
    }

    /**
     * The text {@code lookup} has for this setting, trimmed; empty when unset. A setting given but blank is refused
     * rather than taken as unset: {@code --storage-providers ''} must not quietly run on the default.
     *
     * @throws IllegalArgumentException naming the setting when its text is blank
     */
    public Optional<String> in(Function<String, String> lookup) {
        String text = lookup.apply(name);
        if (text == null) {
            return Optional.empty();
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("Invalid " + name + "='': empty; give " + type.accepted()
                    + ", or leave " + name + " unset for " + (defaultValue != null ? "its default " + defaultValue
                    : defaultNote != null ? "its default (" + defaultNote + ")" : "no value"));
        }
        return Optional.of(text.trim());
    }

    /** The value {@code lookup} has for this setting; empty when unset. */
    public Optional<T> find(Function<String, String> lookup) {
        return in(lookup).map(this::parse);
    }

    /**
     * The value {@code lookup} has for this setting, else its default.
     *
     * @throws IllegalStateException when unset and there is no fixed default (use {@link #find})
     */
    public T read(Function<String, String> lookup) {
        return find(lookup).orElseGet(() -> {
            if (defaultValue == null) {
                throw new IllegalStateException(name + " has no default");
            }
            return parse(defaultValue);
        });
    }

    /**
     * The value {@code lookup} has for this setting, which must be set.
     *
     * @param accepted what the setting must name, for the message when it is unset
     * @throws IllegalArgumentException naming the setting when it is unset or not accepted
     */
    public T require(Function<String, String> lookup, String accepted) {
        return find(lookup).orElseThrow(() -> new IllegalArgumentException("Invalid " + name + ": unset; expected "
                + accepted));
    }

    /** @throws IllegalArgumentException naming the setting and what it accepts when {@code text} is not accepted */
    public T parse(String text) {
        try {
            return type.parse().apply(text);
        } catch (IllegalArgumentException e) {
            throw invalid(text);
        }
    }

    /** What it is for and what it accepts, one line of Markdown. */
    public String meaning() {
        return help + "; accepts " + type.accepted();
    }

    /** The one-line error for a value this setting does not accept; a secret's value is not repeated. */
    public IllegalArgumentException invalid(String value) {
        return new IllegalArgumentException("Invalid " + name + (secret ? "" : "='" + value + "'") + ": expected "
                + type.accepted() + (secret ? "" : Suggestion.closest(value, type.choices())
                .map(meant -> "; did you mean " + meant + "?").orElse("")));
    }
}
