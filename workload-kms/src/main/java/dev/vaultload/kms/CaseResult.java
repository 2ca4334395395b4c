package dev.vaultload.kms;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.vaultload.stats.OperationStatistics;
import java.util.List;

/**
 * One case at one concurrency, as the JSON result holds it.
 *
 * @param kmsCase             e.g. {@code generate-data-key}
 * @param threads             the concurrency
 * @param targetRatePerSecond the open loop's rate; null in a closed loop
 * @param requests            calls started
 * @param statistics          latency percentiles and histogram (microseconds), ops/s, errors by class; without its
 *                            operation type, which here is only where the calls were recorded
 * @param firstFailures       the first failures' classes and messages
 */
record CaseResult(String kmsCase, int threads, Double targetRatePerSecond, long requests,
                  @JsonIgnoreProperties("type") OperationStatistics statistics, List<String> firstFailures) {

    static CaseResult of(KmsCase kmsCase, int threads, Pacing pacing, PressureRun.Measurement measurement) {
        Double rate = pacing.ratePerSecond().isPresent() ? pacing.ratePerSecond().getAsDouble() : null;
        return new CaseResult(kmsCase.label(), threads, rate, measurement.requests(), measurement.statistics(),
                measurement.firstFailures());
    }
}
