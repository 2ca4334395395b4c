package dev.vaultload.cli;

import dev.vaultload.report.RunMode;
import dev.vaultload.run.RunSettings;
import dev.vaultload.run.Suite;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * Settings and options of {@code vaultload run} that a mode would not use: given on the command line, each is refused
 * before anything starts, with one line naming it and what it is for, instead of being silently ignored.
 */
final class IneffectiveSettings {
    private static final List<String> HEADROOM_OPTIONS = List.of("--min-threads", "--max-threads", "--step",
            "--operations-per-step", "--stop-after-falling", "--knee-factor");
    private static final List<String> LOAD_OPTIONS = List.of("--operation", "--error-budget");
    private static final List<String> TRACE_OPTIONS = List.of("--speed");

    private IneffectiveSettings() {
    }

    /** @throws IllegalArgumentException naming the first setting or option given that {@code mode} does not use */
    static void refuse(RunMode mode, CommandSpec spec) {
        Map<String, String> given = SuiteSettings.given(spec);
        ParseResult parsed = spec.commandLine().getParseResult();
        firstUnused(mode, given, parsed).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }

    private static Optional<String> firstUnused(RunMode mode, Map<String, String> given, ParseResult parsed) {
        if (given.containsKey(RunSettings.ENABLE_MULTI_BUCKET_TEST.name())) {
            return Optional.of(unused(RunSettings.ENABLE_MULTI_BUCKET_TEST.name(), "vaultload run",
                    "it switches the JUnit suite on; here give SUITE=" + Suite.RandomActionsOnMultiBucketTest));
        }
        boolean multiBucket = Suite.RandomActionsOnMultiBucketTest.name()
                .equalsIgnoreCase(given.getOrDefault(RunSettings.SUITE.name(), ""));
        return switch (mode) {
            case FIXTURE -> firstOption(parsed, "--mode FIXTURE", "--rate", LOAD_OPTIONS, HEADROOM_OPTIONS, TRACE_OPTIONS)
                    .or(() -> given.containsKey(RunSettings.BUCKETS.name()) && !multiBucket
                            ? Optional.of(unused(RunSettings.BUCKETS.name(), "SUITE=" + given.getOrDefault(
                                    RunSettings.SUITE.name(), RunSettings.SUITE.defaultValue()),
                                    "it sizes SUITE=" + Suite.RandomActionsOnMultiBucketTest))
                            : Optional.empty());
            case HEADROOM -> firstOption(parsed, "--mode HEADROOM", "--rate", TRACE_OPTIONS)
                    .or(() -> firstSetting(given, "--mode HEADROOM", Map.of(
                            RunSettings.THREADS.name(), "concurrency is --min-threads to --max-threads",
                            RunSettings.DURATION.name(), "a step is --operations-per-step operations",
                            RunSettings.ERROR_MODE.name(), "a load ends on --error-budget",
                            RunSettings.WARMUP.name(), "a load runs an unrecorded warm-up step of its own",
                            RunSettings.SUITE.name(), "a load runs its --operation on the main job's store",
                            RunSettings.BUCKETS.name(), "a load runs on one bucket")));
            case RATE -> firstOption(parsed, "--mode RATE", null, HEADROOM_OPTIONS, TRACE_OPTIONS)
                    .or(() -> firstSetting(given, "--mode RATE", Map.of(
                            RunSettings.ERROR_MODE.name(), "a load ends on --error-budget",
                            RunSettings.SUITE.name(), "a load runs its --operation on the main job's store",
                            RunSettings.BUCKETS.name(), "a load runs on one bucket")));
            case TRACE -> firstOption(parsed, "--mode TRACE", "--rate", HEADROOM_OPTIONS, List.of("--operation"))
                    .or(() -> firstSetting(given, "--mode TRACE", Map.of(
                            RunSettings.DURATION.name(), "the trace's length divided by --speed decides",
                            RunSettings.ERROR_MODE.name(), "a load ends on --error-budget",
                            RunSettings.WARMUP.name(), "a trace runs an unrecorded warm-up of its first operations",
                            RunSettings.SUITE.name(), "a trace runs on the main job's store",
                            RunSettings.BUCKETS.name(), "a trace runs on one bucket")));
        };
    }

    @SafeVarargs
    private static Optional<String> firstOption(ParseResult parsed, String where, String single, List<String>... groups) {
        if (single != null && parsed.hasMatchedOption(single)) {
            return Optional.of(unused(single, where, "it belongs to --mode RATE"));
        }
        for (List<String> group : groups) {
            for (String option : group) {
                if (parsed.hasMatchedOption(option)) {
                    return Optional.of(unused(option, where, "it belongs to --mode " + (group == HEADROOM_OPTIONS
                            ? "HEADROOM" : group == TRACE_OPTIONS ? "TRACE" : "HEADROOM and RATE")));
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> firstSetting(Map<String, String> given, String where, Map<String, String> reasons) {
        return given.keySet().stream().filter(reasons::containsKey).findFirst()
                .map(name -> unused(name, where, reasons.get(name)));
    }

    private static String unused(String name, String where, String why) {
        return "Invalid " + name + ": has no effect with " + where + " (" + why + "); leave it out";
    }
}
