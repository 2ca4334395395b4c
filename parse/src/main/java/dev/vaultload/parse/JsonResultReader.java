package dev.vaultload.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.ReadFailure;
import dev.vaultload.report.Environment;
import dev.vaultload.report.ResultFormatVersion;
import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunSetup;
import dev.vaultload.stats.OperationStatistics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** Reads the JSON result of one combination (a serialized {@link RunResult}) into measurements. */
public final class JsonResultReader {
    /** The setting that carries the run's WARMUP. */
    public static final String WARMUP_MILLIS = "warmupMillis";
    private static final double MICROS_PER_MILLI = 1000.0;

    // Newer results may carry fields this reader does not know: they must not stop it.
    static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * The run result in a JSON file, as a run wrote it.
     *
     * @throws JsonMappingException     for JSON without the parts every run writes (setup, operations): other JSON
     *                                  files (a RATE result, a manifest) read as such a result, which would fail later
     * @throws IllegalArgumentException for a result of a newer major format version ({@link ResultFormatVersion})
     */
    public static RunResult runResult(Path file) throws IOException {
        ResultFormatVersion.requireReadable(file);
        RunResult result = MAPPER.readValue(file.toFile(), RunResult.class);
        Optional<String> missing = result == null ? Optional.of("the whole result") : missingPart(result);
        if (missing.isPresent()) {
            throw new JsonMappingException(null, "missing " + missing.get());
        }
        return result;
    }

    private static Optional<String> missingPart(RunResult result) {
        if (result.setup() == null || result.setup().suite() == null || result.setup().storage() == null) {
            return Optional.of("setup (suite, storage)");
        }
        if (result.engineDescription() == null || result.timing() == null) {
            return Optional.of("engine or timing");
        }
        if (result.operations() == null || result.operations().stream().anyMatch(operation -> operation == null
                || operation.type() == null || operation.percentileMicros() == null)) {
            return Optional.of("operations (each with type and percentileMicros)");
        }
        return Optional.empty();
    }

    public LoadedResults read(Path file) {
        RunResult result;
        try {
            result = runResult(file);
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            return new LoadedResults(List.of(), List.of(new Problem(file, line, "not a run result: " + describe(e))));
        } catch (IOException e) {
            return new LoadedResults(List.of(), List.of(new Problem(file, 0, "cannot be read: " + ReadFailure.reason(e))));
        }
        RunSetup setup = result.setup();
        EngineDescription engine = result.engineDescription();
        Configuration configuration = new Configuration(setup.suite(), setup.storage(),
                Configuration.engineOrDefault(engine.engine()),
                engine.cipher() == null ? "" : engine.cipher().name(), buckets(result));
        Measurement.Run run = new Measurement.Run(file, file.toString(), settings(result));
        List<Measurement> measurements = new ArrayList<>();
        for (OperationStatistics operation : result.operations()) {
            if (operation.count() > 0) {
                Map<String, Double> percentileMillis = new LinkedHashMap<>();
                operation.percentileMicros().forEach((label, micros) -> percentileMillis.put(label, micros / MICROS_PER_MILLI));
                measurements.add(new Measurement(configuration, operation.type().name(), setup.threads(),
                        setup.fileSizeKib(), operation.throughputPerThread(), percentileMillis, run,
                        OperationCost.of(operation)));
            }
        }
        return new LoadedResults(measurements, List.of());
    }

    /** Jackson's message, after the field it concerns ({@code field threads: ...}) when there is one. */
    private static String describe(JsonProcessingException failure) {
        String field = failure instanceof JsonMappingException mapping ? mapping.getPath().stream()
                .map(step -> step.getFieldName() != null ? step.getFieldName() : "[" + step.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[") : "";
        return (field.isEmpty() ? "" : "field " + field + ": ") + failure.getOriginalMessage();
    }

    /** The multi-bucket suite names its buckets in storageDetails; every other run uses one. */
    static int buckets(RunResult result) {
        Object buckets = result.storageDetails() == null ? null : result.storageDetails().get("buckets");
        return buckets instanceof List<?> names ? names.size() : 1;
    }

    private static Map<String, String> settings(RunResult result) {
        Map<String, String> settings = new LinkedHashMap<>();
        RunSetup setup = result.setup();
        settings.put("mode", String.valueOf(setup.mode()));
        settings.put("fixture", setup.fixture());
        settings.put("fixtureOperations", Integer.toString(setup.fixtureOperations()));
        settings.put("keyPairAlgorithm", String.valueOf(result.engineDescription().keyPairAlgorithm()));
        settings.put("kdfIterations", Integer.toString(result.engineDescription().kdfIterations()));
        settings.put("keyManager", Objects.toString(result.engineDescription().keyManager(), "none"));
        settings.put("errorMode", String.valueOf(setup.errorMode()));
        settings.put("requestedDurationMillis", Long.toString(setup.requestedDurationMillis()));
        settings.put(WARMUP_MILLIS, Long.toString(setup.warmupMillis()));
        settings.put("workerNice", Integer.toString(setup.workerNice()));
        Environment environment = result.environment();
        if (environment != null) {
            // The vendor in parentheses makes chart titles too long.
            settings.put("machine", environment.cores() + " cores, JDK " + environment.jdk().replaceFirst(" \\(.*", ""));
            settings.put("cores", Integer.toString(environment.cores()));
            settings.put("jdk", environment.jdk());
            settings.put("maxHeapBytes", Long.toString(environment.maxHeapBytes()));
            settings.put("os", environment.os());
            settings.put("host", environment.host());
            settings.put("gitCommit", environment.gitCommit());
        }
        String startedAt = result.timing().startedAt();
        settings.put("date", startedAt == null ? "unknown date" : startedAt.substring(0, Math.min(10, startedAt.length())));
        return settings;
    }
}
