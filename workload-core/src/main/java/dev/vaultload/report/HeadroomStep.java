package dev.vaultload.report;

/**
 * One concurrency level of a headroom measurement: one point of the plot.
 *
 * @param threads         concurrency of the step
 * @param operations      successful operations
 * @param errors          failed operations
 * @param integrityErrors failed operations that lost or altered data (included in errors)
 * @param opsPerSecond    successful operations / wall-clock time of the step
 * @param p50Micros       median latency of the successful operations
 * @param cpuMicrosPerOperation this process's CPU over the step (all threads: workers, HTTP client, GC) per
 *                              attempted operation: what one operation costs the client
 */
public record HeadroomStep(int threads, long operations, long errors, long integrityErrors, double opsPerSecond,
                           long p50Micros, long p90Micros, long p99Micros, double cpuMicrosPerOperation) {

    /** Failed share of everything the step attempted. */
    public double errorFraction() {
        long attempted = operations + errors;
        return attempted == 0 ? 0 : (double) errors / attempted;
    }
}
