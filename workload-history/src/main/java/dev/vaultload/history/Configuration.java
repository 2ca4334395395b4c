package dev.vaultload.history;

import dev.vaultload.report.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What runs must share to be compared over time: every setting a result records that changes its figures. The mode,
 * the suite, the store, the engine with its cipher, key pair and KDF iterations (each keystore unlock pays the
 * PBKDF2), the threads, the document size, the fixture (or a load mode's operation), the workers' nice value (a niced
 * client trades median for tail on a shared machine), the buckets of the multi-bucket suite, and of the machine its
 * cores and its JDK's major version (another JIT and GC), and the key manager an engine called (each call is a
 * round trip). Its {@link #key()} names a series.
 *
 * <p>Left out on purpose: the host, since a CI runner or a pod has another name every job on the same kind of
 * machine, which would make each run a series of its own ({@code --where host=} tells machines apart); and the
 * fixture's operation count, since a fixture is named and what it holds changes with a commit, which is what
 * {@code check} is there to find.
 */
public record Configuration(String mode, String suite, String storage, String engine, String cipher, int threads,
                            int fileSizeKib, String fixture, int workerNice, String keyPair, int kdfIterations,
                            int buckets, int cores, int jdkMajor, String keyManager) {

    public static Configuration of(RunResult result) {
        boolean described = result.engineDescription() != null;
        return new Configuration(result.setup().mode().name(), result.setup().suite(), result.setup().storage(),
                described ? result.engineDescription().engine() : "",
                described ? String.valueOf(result.engineDescription().cipher()) : "",
                result.setup().threads(), result.setup().fileSizeKib(), result.setup().fixture(),
                result.setup().workerNice(),
                described ? Objects.toString(result.engineDescription().keyPairAlgorithm(), "") : "",
                described ? result.engineDescription().kdfIterations() : 0, buckets(result),
                result.environment().cores(), jdkMajor(result.environment().jdk()),
                described ? Objects.toString(result.engineDescription().keyManager(), "") : "");
    }

    /** The multi-bucket suite names its buckets in storageDetails; every other run uses one (as parse reads it). */
    private static int buckets(RunResult result) {
        Object buckets = result.storageDetails() == null ? null : result.storageDetails().get("buckets");
        return buckets instanceof List<?> names ? names.size() : 1;
    }

    /** {@code 21} of {@code 21.0.5 (Eclipse Adoptium)}, {@code 25} of {@code 25-ea}; 0 when it does not start with one. */
    static int jdkMajor(String jdk) {
        int digits = 0;
        while (digits < jdk.length() && digits < 9 && Character.isDigit(jdk.charAt(digits))) {
            digits++;
        }
        return digits == 0 ? 0 : Integer.parseInt(jdk.substring(0, digits));
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
        fields.put("key_pair", keyPair);
        fields.put("kdf_iterations", Integer.toString(kdfIterations));
        fields.put("buckets", Integer.toString(buckets));
        fields.put("cores", Integer.toString(cores));
        fields.put("jdk_major", Integer.toString(jdkMajor));
        fields.put("key_manager", keyManager);
        return fields;
    }

    /**
     * The fields {@link #key()} names, in its order. The workers' nice only when not 0, the buckets only when not 1 and
     * the key manager only when there was one, the values every run had before they were recorded, so that those runs
     * keep their key; the fields recorded later come last, so that migrations could append them to the keys they kept.
     */
    public Map<String, String> keyFields() {
        Map<String, String> named = fields();
        if (workerNice == 0) {
            named.remove("worker_nice");
        }
        if (buckets == 1) {
            named.remove("buckets");
        }
        if (keyManager.isEmpty()) {
            named.remove("key_manager");
        }
        return named;
    }

    /** {@code mode=FIXTURE,suite=...,fixture=SMALL,key_pair=X25519,...,jdk_major=21}: equal for runs of one series. */
    public String key() {
        return key(keyFields());
    }

    /** {@code name=value,...} of the fields given. */
    static String key(Map<String, String> fields) {
        StringBuilder key = new StringBuilder();
        fields.forEach((name, value) -> key.append(key.isEmpty() ? "" : ",").append(name).append('=').append(value));
        return key.toString();
    }
}
