package dev.vaultload.stats;

import java.util.Map;

/**
 * Where the latency of one operation type went: waiting on the store (calls and the streams they return)
 * or elsewhere, in the engine (encryption, decryption, content generation, verification). For every
 * operation {@code storageMicros + engineMicros = latencyMicros}.
 *
 * @param storagePercentileMicros store time at each percentile of {@link OperationStatistics#PERCENTILES}
 * @param enginePercentileMicros  engine time at the same percentiles
 * @param storageMeanMicros       mean store time per operation
 * @param engineMeanMicros        mean engine time per operation
 * @param storageShare            store time / latency over all operations, 0 to 1
 */
public record TimeSplit(
        Map<String, Long> storagePercentileMicros,
        Map<String, Long> enginePercentileMicros,
        double storageMeanMicros,
        double engineMeanMicros,
        double storageShare) {
}
