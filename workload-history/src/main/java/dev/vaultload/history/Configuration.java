package dev.vaultload.history;

import dev.vaultload.report.RunResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What runs must share to be compared over time: the mode, the suite, the store, the engine and its cipher, the
 * threads, the document size, the fixture (or a load mode's operation) and the workers' nice value (a niced client
 * trades median for tail on a shared machine). Its {@link #key()} names a series.
 */
public record Configuration(String mode, String suite, String storage, String engine, String cipher, int threads,
                            int fileSizeKib, String fixture, int workerNice) {

    public static Configuration of(RunResult result) {
        return new Configuration(result.setup().mode().name(), result.setup().suite(), result.setup().storage(),
                result.engineDescription() == null ? "" : result.engineDescription().engine(),
                result.engineDescription() == null ? "" : String.valueOf(result.engineDescription().cipher()),
                result.setup().threads(), result.setup().fileSizeKib(), result.setup().fixture(),
                result.setup().workerNice());
    }

    /** Each field by the name {@code --where} and the table's columns give it. */
    public Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("mode", mode);
        fields.put("suite", suite);
        fields.put("storage", storage);
        fields.put("engine", engine);
        fields.put("cipher", cipher);
        fields.put("threads", Integer.toString(threads));
        fields.put("file_size_kib", Integer.toString(fileSizeKib));
        fields.put("fixture", fixture);
        fields.put("worker_nice", Integer.toString(workerNice));
        return fields;
    }

    /**
     * {@code mode=FIXTURE,suite=...,fixture=SMALL}: equal for runs of one series. The workers' nice is named only when
     * it is not 0, so that runs kept before it was recorded keep their key.
     */
    public String key() {
        StringBuilder key = new StringBuilder();
        fields().forEach((name, value) -> {
            if (!name.equals("worker_nice") || workerNice != 0) {
                key.append(key.isEmpty() ? "" : ",").append(name).append('=').append(value);
            }
        });
        return key.toString();
    }
}
