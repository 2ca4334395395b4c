package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.Engines;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything measured in one combination (storage x engine x threads x file size): plain data that every
 * {@link ReportSink} reads. Built after the run; nothing here is touched while operations run. The groups are
 * unwrapped in JSON, which stays one flat object per run.
 *
 * @param setup          what was asked: suite, storage, threads, size, fixture, error mode, duration
 * @param engineDescription the engine and the cipher, key pair and KDF iterations it really used
 * @param timing         when it started, how long it took, passes completed
 * @param operations     statistics per operation type
 * @param errors         failures by class, all types
 * @param failures       the first failures, each naming its object (at most {@link #MAX_FAILURES_KEPT})
 * @param failureGroups  every failure counted by class and stored object prefix (user and space), however many
 * @param objects        what the final validations found, in particular of objects a failure left in doubt
 * @param cpu            CPU of the replay passes
 * @param health         heap, RSS, threads, GC over the run, sampled every period; null when not sampled
 * @param storageDetails provider specifics, e.g. which bucket each user landed on, retries per operation
 * @param environment    the machine and build
 * @param shard          this process's part of a sharded run; null when not sharded
 * @param merge          how a merged result was made from its shards; null for a result one process measured
 * @param headroom       a HEADROOM run's steps and knee; null for other modes
 * @param rate           a RATE run's schedule and service times; null for other modes
 * @param thresholds     each threshold's verdict ({@link Thresholds#judge}); null when none was set
 */
@JsonPropertyOrder(ResultFormatVersion.FIELD)
public record RunResult(
        @JsonUnwrapped RunSetup setup,
        @JsonUnwrapped EngineDescription engineDescription,
        @JsonUnwrapped RunTiming timing,
        List<OperationStatistics> operations,
        Map<ErrorClass, Long> errors,
        List<Failure> failures,
        Map<String, Long> failureGroups,
        ObjectOutcomes objects,
        CpuUsage cpu,
        SoakHealth health,
        Map<String, Object> storageDetails,
        Environment environment,
        @JsonInclude(JsonInclude.Include.NON_NULL) ShardRun shard,
        @JsonInclude(JsonInclude.Include.NON_NULL) MergeSummary merge,
        @JsonInclude(JsonInclude.Include.NON_NULL) HeadroomSection headroom,
        @JsonInclude(JsonInclude.Include.NON_NULL) RateSection rate,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<ThresholdVerdict> thresholds) {

    public static final int MAX_FAILURES_KEPT = 10_000;

    /** A result written before its setup named the mode gets the one its sections imply (TRACE's had a rate section). */
    public RunResult {
        if (setup != null && setup.mode() == null) {
            setup = setup.withMode(headroom != null ? RunMode.HEADROOM : rate == null ? RunMode.FIXTURE
                    : rate.trace() != null ? RunMode.TRACE : RunMode.RATE);
        }
    }

    /** The version of the JSON written ({@link ResultFormatVersion}); read-only: a reader checks it before mapping. */
    @JsonProperty(value = ResultFormatVersion.FIELD, access = JsonProperty.Access.READ_ONLY)
    public String formatVersion() {
        return ResultFormatVersion.CURRENT;
    }

    /**
     * Each WRITE's and READ's worker CPU per MiB against this machine's crypto ceiling ({@link CeilingShare}); empty
     * without a ceiling. Written to the JSON, computed again when a result is read.
     */
    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public List<CeilingShare> ceilingShares() {
        return CeilingShare.of(this);
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** INTEGRITY and LOST: the errors that fail a run whatever its error mode. */
    public long dataErrorCount() {
        return ErrorClass.dataErrors(errors);
    }

    /**
     * FAIL_FAST passes only without any error; CONTINUE passes unless data was lost or altered. Either fails
     * when the RSS grew more than MAX_RSS_GROWTH_PERCENT ({@link SoakHealth#failure()}) or when a signal stopped it;
     * a HEADROOM, RATE or TRACE run also fails past its error budget, and RATE and TRACE when they did not keep their
     * schedule ({@link ScheduleLimits}).
     */
    public boolean passed() {
        return failureReasons().isEmpty();
    }

    /** Why the run failed, each reason one phrase; empty when it passed. */
    public List<String> failureReasons() {
        List<String> reasons = new ArrayList<>();
        boolean continuing = setup.errorMode() == ErrorMode.CONTINUE;
        long failing = continuing ? dataErrorCount() : errorCount();
        if (failing > 0) {
            reasons.add(failing + (continuing ? " INTEGRITY or LOST" : "") + (failing == 1 ? " error" : " errors")
                    + (continuing ? "" : " under FAIL_FAST"));
        }
        if (health != null && health.failure() != null) {
            reasons.add(health.failure());
        }
        if (headroom != null && !headroom.passed()) {
            reasons.add("a HEADROOM step failed (" + headroom.stopReason() + ")");
        }
        if (rate != null && !rate.withinErrorBudget()) {
            reasons.add("failed operations over the error budget " + rate.errorBudget());
        }
        if (rate != null && rate.scheduleMissed() != null) {
            reasons.add(rate.scheduleMissed());
        }
        if (timing.interruptedBy() != null) {
            reasons.add("stopped by " + timing.interruptedBy());
        }
        if (timing.incomplete() != null) {
            reasons.add("incomplete: " + timing.incomplete());
        }
        return reasons;
    }

    /**
     * Whether a threshold was breached (or had nothing to measure). Apart from {@link #passed()}: a run can hold
     * its data and budgets and still be too slow, and the command line tells the two apart by its exit status.
     */
    public boolean thresholdsBreached() {
        return thresholds != null && thresholds.stream().anyMatch(ThresholdVerdict::breached);
    }

    /** This result with its thresholds' verdicts. */
    public RunResult withThresholds(List<ThresholdVerdict> verdicts) {
        return new RunResult(setup, engineDescription, timing, operations, errors, failures, failureGroups, objects, cpu,
                health, storageDetails, environment, shard, merge, headroom, rate, List.copyOf(verdicts));
    }

    /** Datasafe's heading, {@code FILESYSTEM with 2 threads and 100 Kb filesize}, and the engine unless it is the default. */
    public String title() {
        String engineName = engineDescription == null ? null : engineDescription.engine();
        return setup.storage() + " with " + setup.threads() + " threads and " + setup.fileSizeKib() + " Kb filesize"
                + (engineName == null || Engines.DEFAULT.equals(engineName) ? "" : " (engine " + engineName + ")");
    }
}
