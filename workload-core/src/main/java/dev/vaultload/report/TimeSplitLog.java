package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.TimeSplit;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;

/**
 * One line per operation type with a time split, after Datasafe's block: how its latency divides into waiting on
 * the store, waiting on the key manager (only when the engine called one) and work in the engine, in milliseconds.
 * <pre>
 * WRITE time split: storage p50=0.412 p99=1.903 mean=0.515 ms, engine p50=1.210 p99=3.020 mean=1.402 ms, storage share 26.9%
 * WRITE time split: ..., storage share 20.1%, kms p50=0.310 p99=0.902 mean=0.350 ms, 1.00 calls/op, kms share 17.0%
 * </pre>
 */
public final class TimeSplitLog extends LoggedReport {

    public TimeSplitLog(Logger log) {
        super(log);
    }

    @Override
    public List<String> lines(RunResult result) {
        return result.operations().stream()
                .filter(operation -> operation.timeSplit() != null && operation.count() > 0)
                .map(TimeSplitLog::line).toList();
    }

    static String line(OperationStatistics operation) {
        TimeSplit split = operation.timeSplit();
        return String.format(Locale.ROOT,
                "%s time split: storage p50=%.3f p99=%.3f mean=%.3f ms, engine p50=%.3f p99=%.3f mean=%.3f ms, storage share %.1f%%",
                operation.type(),
                millis(split.storagePercentileMicros().get("50")), millis(split.storagePercentileMicros().get("99")),
                split.storageMeanMicros() / 1000.0,
                millis(split.enginePercentileMicros().get("50")), millis(split.enginePercentileMicros().get("99")),
                split.engineMeanMicros() / 1000.0, split.storageShare() * 100) + (split.calledKms() ? kmsPart(split) : "");
    }

    private static String kmsPart(TimeSplit split) {
        return String.format(Locale.ROOT, ", kms p50=%.3f p99=%.3f mean=%.3f ms, %.2f calls/op, kms share %.1f%%",
                millis(split.kmsPercentileMicros().get("50")), millis(split.kmsPercentileMicros().get("99")),
                split.kmsMeanMicros() / 1000.0, split.kmsCallsPerOperation(), split.kmsShare() * 100);
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
