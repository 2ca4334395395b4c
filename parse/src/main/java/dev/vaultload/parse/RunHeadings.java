package dev.vaultload.parse;

import dev.vaultload.engine.Engines;
import dev.vaultload.report.RunMode;
import dev.vaultload.report.RunResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The headings of the runs on one page, each telling its run from the others: Datasafe's heading
 * ({@link RunResult#title()}: storage, threads, size) followed by whatever else differs between the page's runs
 * (cipher, engine, key pair, mode, ...), and the start time where even that leaves two alike (repeated runs).
 */
final class RunHeadings {
    private static final String SEPARATOR = " · ";

    /** What a run can differ in beyond its title: the heading says {@code name value}, or the value alone without a name. */
    private record Attribute(String name, Function<RunResult, Object> value) {
        String describe(RunResult result) {
            return (name.isEmpty() ? "" : name + ' ') + value.apply(result);
        }
    }

    private static final List<Attribute> ATTRIBUTES = List.of(
            new Attribute("engine", result -> Configuration.engineOrDefault(result.engineDescription().engine())),
            new Attribute("cipher", result -> result.engineDescription().cipher()),
            new Attribute("key pair", result -> result.engineDescription().keyPairAlgorithm()),
            new Attribute("KDF iterations", result -> result.engineDescription().kdfIterations()),
            new Attribute("KMS", result -> Objects.toString(result.engineDescription().keyManager(), "none")),
            new Attribute("suite", result -> result.setup().suite()),
            new Attribute("fixture", result -> result.setup().fixture()),
            new Attribute("error mode", result -> result.setup().errorMode()),
            new Attribute("mode", RunHeadings::mode),
            new Attribute("buckets", JsonResultReader::buckets),
            new Attribute("", result -> result.merge() != null ? "merged"
                    : result.shard() != null ? "shard " + result.shard().index() + " of " + result.shard().count()
                    : "one process"));

    private RunHeadings() {
    }

    /** One heading per result, in the same order. */
    static List<String> of(List<RunResult> results) {
        List<String> headings = new ArrayList<>();
        for (RunResult result : results) {
            StringBuilder heading = new StringBuilder(base(result));
            for (Attribute attribute : ATTRIBUTES) {
                boolean differs = results.stream().map(other -> attribute.value().apply(other)).distinct().count() > 1;
                boolean inTitle = attribute.name().equals("engine") && !Engines.DEFAULT.equals(attribute.value().apply(result))
                        || attribute.name().equals("mode") && result.setup().mode() != RunMode.FIXTURE;
                if (differs && !inTitle) {
                    heading.append(SEPARATOR).append(attribute.describe(result));
                }
            }
            headings.add(heading.toString());
        }
        Map<String, Integer> seen = new HashMap<>();
        headings.forEach(heading -> seen.merge(heading, 1, Integer::sum));
        for (int index = 0; index < headings.size(); index++) {
            if (seen.get(headings.get(index)) > 1) {
                headings.set(index, headings.get(index) + SEPARATOR + "started " + results.get(index).timing().startedAt());
            }
        }
        return headings;
    }

    /**
     * Datasafe's heading for a FIXTURE run; a load mode's names the mode first, and TRACE's names its trace instead of a
     * document size (its documents have the trace's sizes).
     */
    private static String base(RunResult result) {
        return switch (result.setup().mode()) {
            case FIXTURE -> result.title();
            case TRACE -> result.setup().storage() + " " + mode(result) + " of " + result.setup().fixture() + " with "
                    + result.setup().threads() + (result.setup().threads() == 1 ? " thread" : " threads");
            case HEADROOM, RATE -> mode(result) + ": " + result.title();
        };
    }

    private static String mode(RunResult result) {
        return switch (result.setup().mode()) {
            case RATE -> "RATE " + Html.number(result.rate().targetOpsPerSecond()) + " ops/s";
            case TRACE -> "TRACE at speed " + Html.number(result.rate().trace().speed());
            case FIXTURE, HEADROOM -> result.setup().mode().name();
        };
    }
}
