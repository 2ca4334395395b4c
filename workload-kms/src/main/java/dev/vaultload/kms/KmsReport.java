package dev.vaultload.kms;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.vaultload.report.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The JSON result of one {@code vaultload kms} command: what was measured, where, on which machine, and every case at
 * every concurrency.
 *
 * @param kms            the binding, e.g. {@code KES}
 * @param description    the KMS and its endpoint
 * @param keyId          the key the calls used
 * @param dataSizeBytes  the data encrypted and decrypted
 * @param durationMillis how long each case ran at each concurrency
 * @param periodMillis   the progress lines' period
 * @param warmupMillis   how long each case ran unrecorded before it was measured
 * @param startedAt      when the command started, ISO-8601 UTC
 * @param environment    the JDK, cores, host and commit
 * @param cases          in the order they ran
 */
record KmsReport(String kms, String description, String keyId, int dataSizeBytes, long durationMillis,
                 long periodMillis, long warmupMillis, String startedAt, Environment environment, List<CaseResult> cases) {
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    /** Writes {@code kms-<name>-<start time>.json} into {@code directory}, made if missing; returns the file. */
    Path writeInto(Path directory) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve("kms-" + kms.toLowerCase(Locale.ROOT) + "-" + FILE_TIME.format(Instant.parse(startedAt)) + ".json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), this);
        return file;
    }
}
