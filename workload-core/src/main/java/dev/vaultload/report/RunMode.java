package dev.vaultload.report;

/** How a run drives its operations; each result names its own, so no reader infers it from the sections it has. */
public enum RunMode {
    /** The fixture replayed by THREADS executions, every read and the final content verified. */
    FIXTURE,
    /** Closed loop, concurrency stepped up: throughput and latency per step, the knee. */
    HEADROOM,
    /** Open loop at a target rate: latency corrected for coordinated omission, and uncorrected. */
    RATE,
    /** An imported trace open loop at its timestamps over a speed: latency from the due time, schedule lateness. */
    TRACE
}
