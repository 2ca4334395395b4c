package dev.vaultload.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How well a TRACE run kept the trace's schedule: each operation was due at its timestamp divided by the speed;
 * its lateness is how much later it started (behind a slow predecessor of its thread, or waiting for a SHARE into
 * its user's inbox). Latencies are measured from the due time, as RATE's are.
 *
 * @param speed                     the trace's time divided by this
 * @param scheduledOperations       operations on the schedule (preparations, run before it, left out)
 * @param traceMillis               the trace's length, from its first to its last timestamp
 * @param latenessPercentileMicros  lateness at p50, p90, p99, p99.9, in that order
 * @param maxLatenessMicros         the latest start
 * @param gcPauseMillis             how long the JVM stopped every thread for garbage collection while the schedule
 *                                  ran: an operation due during a pause starts late by what is left of it, and so do
 *                                  those queued behind it
 * @param warmupOperations          the trace's first operations, replayed unrecorded before the schedule (its own
 *                                  operations all run on it)
 */
public record TraceSchedule(double speed, long scheduledOperations, long traceMillis,
                            Map<String, Long> latenessPercentileMicros, long maxLatenessMicros, long gcPauseMillis,
                            long warmupOperations) {

    public TraceSchedule {
        latenessPercentileMicros = Collections.unmodifiableMap(new LinkedHashMap<>(latenessPercentileMicros));
    }
}
