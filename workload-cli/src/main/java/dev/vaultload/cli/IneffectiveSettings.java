package dev.vaultload.cli;

import dev.vaultload.report.RunMode;
import dev.vaultload.run.RunSettings;
import dev.vaultload.run.Suite;
import java.util.Map;

/**
 * What has no effect on {@code vaultload run} in particular, beyond the declared scopes that every front door checks
 * ({@code UnusedSettings}): the JUnit suites' switch, and BUCKETS for a FIXTURE suite on one bucket. Refused before
 * anything starts, with one line naming it, instead of being silently ignored.
 */
final class IneffectiveSettings {

    private IneffectiveSettings() {
    }

    /**
     * @param given the settings given as options, by name
     * @throws IllegalArgumentException naming the first of them that {@code vaultload run} would not use
     */
    static void refuse(RunMode mode, Map<String, String> given) {
        if (given.containsKey(RunSettings.ENABLE_MULTI_BUCKET_TEST.name())) {
            throw unused(RunSettings.ENABLE_MULTI_BUCKET_TEST.name(), "vaultload run",
                    "it switches the JUnit suite on; here give SUITE=" + Suite.RandomActionsOnMultiBucketTest);
        }
        String suite = given.getOrDefault(RunSettings.SUITE.name(), RunSettings.SUITE.defaultValue());
        if (mode == RunMode.FIXTURE && given.containsKey(RunSettings.BUCKETS.name())
                && !Suite.RandomActionsOnMultiBucketTest.name().equalsIgnoreCase(suite)) {
            throw unused(RunSettings.BUCKETS.name(), "SUITE=" + suite, "it sizes SUITE=" + Suite.RandomActionsOnMultiBucketTest);
        }
    }

    private static IllegalArgumentException unused(String name, String where, String why) {
        return new IllegalArgumentException("Invalid " + name + ": has no effect with " + where + " (" + why + "); leave it out");
    }
}
