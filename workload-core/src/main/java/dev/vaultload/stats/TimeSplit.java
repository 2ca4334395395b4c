package dev.vaultload.stats;

import java.util.Map;

/**
 * Where the latency of one operation type went: waiting on the store (calls and the streams they return), waiting
 * on the key manager (KMS calls the engine made), or elsewhere, in the engine (encryption, decryption, content
 * generation, verification). For every operation {@code storageMicros + kmsMicros + engineMicros = latencyMicros}.
 * Results written before the key manager's part have no {@code kms} fields: they read as absent and zero.
 *
 * @param storagePercentileMicros store time at each percentile of {@link OperationStatistics#PERCENTILES}
 * @param enginePercentileMicros  engine time at the same percentiles
 * @param storageMeanMicros       mean store time per operation
 * @param engineMeanMicros        mean engine time per operation
 * @param storageShare            store time / latency over all operations, 0 to 1
 * @param kmsPercentileMicros     key-manager time at the same percentiles
 * @param kmsMeanMicros           mean key-manager time per operation
 * @param kmsShare                key-manager time / latency over all operations, 0 to 1
 * @param kmsCallsPerOperation    key-manager calls per operation, failed ones included
 */
public record TimeSplit(
        Map<String, Long> storagePercentileMicros,
        Map<String, Long> enginePercentileMicros,
        double storageMeanMicros,
        double engineMeanMicros,
        double storageShare,
        Map<String, Long> kmsPercentileMicros,
        double kmsMeanMicros,
        double kmsShare,
        double kmsCallsPerOperation) {

    /** Whether the engine called a key manager in these operations. */
    public boolean calledKms() {
        return kmsCallsPerOperation > 0;
    }
}
