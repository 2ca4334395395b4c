package dev.vaultload.run;

import dev.vaultload.report.RunMode;
import dev.vaultload.report.ScheduleLimits;
import dev.vaultload.run.headroom.HeadroomPlan;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The mode of {@code vaultload run} and the settings of the load modes, as registered settings: like every other
 * they come from an option, a {@code -D} property or the environment (a cluster job's, a JUnit suite's), and each
 * declares the modes that read it, so one given to another mode is refused.
 */
public final class ModeSettings implements SettingDeclarations {
    private static final String HEADROOM = RunMode.HEADROOM.name();
    private static final String RATE_MODE = RunMode.RATE.name();
    private static final String TRACE = RunMode.TRACE.name();

    public static final Setting<RunMode> MODE = Setting.of("MODE", SettingType.choice(RunMode.class), RunMode.FIXTURE.name(),
            "`FIXTURE` (the suites' job), `HEADROOM` (closed loop, concurrency stepped up to the knee), `RATE` (open loop"
                    + " at `RATE`), `TRACE` (an imported trace at its own pace over `SPEED`); the JUnit suites run FIXTURE");
    public static final Setting<LoadOperation> OPERATION = Setting.of("OPERATION", SettingType.choice(LoadOperation.class),
            LoadOperation.MIX.name(), "what HEADROOM and RATE repeat: `MIX` (the fixture's operations), `WRITE` or `READ`")
            .inModes(HEADROOM, RATE_MODE);
    public static final Setting<Double> ERROR_BUDGET = Setting.of("ERROR_BUDGET", SettingType.fraction(), "0.01",
            "the fraction of failed operations that fails a HEADROOM, RATE or TRACE run").inModes(HEADROOM, RATE_MODE, TRACE);
    public static final Setting<Double> RATE = Setting.optional("RATE", SettingType.numberAbove(0, "200"),
            "required with `MODE=RATE`", "RATE's target, operations per second of all threads together, for `DURATION`"
                    + " (default 30s)").inModes(RATE_MODE);
    public static final Setting<Double> MIN_ACHIEVED_SHARE = Setting.of("MIN_ACHIEVED_SHARE", SettingType.fraction(), "0.9",
            "RATE and TRACE fail when they achieved less than this share of their due rate: their figures are of another"
                    + " load than the one asked for").inModes(RATE_MODE, TRACE);
    public static final Setting<Duration> MAX_LATENESS = Setting.of("MAX_LATENESS", SettingType.duration(), "1s",
            "TRACE fails when its operations started later than this after they were due (p99 of the schedule's lateness)")
            .inModes(TRACE);
    public static final Setting<Double> SPEED = Setting.of("SPEED", SettingType.numberAbove(0, "10"), "1",
            "TRACE replays the trace this many times faster than it was recorded").inModes(TRACE);
    public static final Setting<SweepOperation> SWEEP = Setting.optional("SWEEP", SettingType.choice(SweepOperation.class),
            "no sweep", "RATE runs its load twice per combination, alone and beside a key rotation sweep: `ROTATE_KEY`"
                    + " (re-wrap) or `REENCRYPT` (encrypt again) over the documents of SWEEP_USERS users of its own,"
                    + " again and again while the load runs").inModes(RATE_MODE);
    public static final Setting<Integer> SWEEP_USERS = Setting.of("SWEEP_USERS", SettingType.positiveInt(), "4",
            "users of the rotation sweep (`SWEEP`), apart from the load's").inModes(RATE_MODE);
    public static final Setting<Integer> SWEEP_DOCUMENTS = Setting.of("SWEEP_DOCUMENTS", SettingType.positiveInt(), "8",
            "documents each user of the rotation sweep holds, of FILE_SIZES").inModes(RATE_MODE);
    public static final Setting<Integer> MIN_THREADS = Setting.of("MIN_THREADS", SettingType.positiveInt(), "1",
            "HEADROOM's first concurrency").inModes(HEADROOM);
    public static final Setting<Integer> MAX_THREADS = Setting.of("MAX_THREADS", SettingType.positiveInt(), "16",
            "HEADROOM's last concurrency").inModes(HEADROOM);
    public static final Setting<Integer> THREAD_STEP = Setting.of("THREAD_STEP", SettingType.positiveInt(), "1",
            "HEADROOM's concurrency increment").inModes(HEADROOM);
    public static final Setting<Integer> OPERATIONS_PER_STEP = Setting.of("OPERATIONS_PER_STEP", SettingType.positiveInt(),
            "500", "operations per HEADROOM step, shared by its threads").inModes(HEADROOM);
    public static final Setting<Integer> STOP_AFTER_FALLING = Setting.of("STOP_AFTER_FALLING", SettingType.positiveInt(),
            "2", "HEADROOM stops once throughput has fallen this many steps in a row").inModes(HEADROOM);
    public static final Setting<Double> KNEE_FACTOR = Setting.of("KNEE_FACTOR", SettingType.numberAbove(1, "2"), "2",
            "HEADROOM's knee: the highest throughput before p50 exceeds this factor of its minimum").inModes(HEADROOM);

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public String topic() {
        return "Modes: HEADROOM, RATE and TRACE";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(MODE, OPERATION, ERROR_BUDGET, RATE, MIN_ACHIEVED_SHARE, MAX_LATENESS, SPEED, SWEEP, SWEEP_USERS,
                SWEEP_DOCUMENTS, MIN_THREADS,
                MAX_THREADS, THREAD_STEP, OPERATIONS_PER_STEP, STOP_AFTER_FALLING, KNEE_FACTOR);
    }

    /** How far RATE and TRACE may fall behind their schedule and pass. */
    public static ScheduleLimits scheduleLimits(Function<String, String> settings) {
        return new ScheduleLimits(MIN_ACHIEVED_SHARE.read(settings), MAX_LATENESS.read(settings));
    }

    /**
     * RATE's rotation sweep, when SWEEP asks for one.
     *
     * @throws IllegalArgumentException naming SWEEP_USERS or SWEEP_DOCUMENTS given without SWEEP
     */
    public static Optional<SweepPlan> sweepPlan(Function<String, String> settings) {
        Optional<SweepOperation> operation = SWEEP.find(settings);
        if (operation.isEmpty()) {
            for (Setting<Integer> size : List.of(SWEEP_USERS, SWEEP_DOCUMENTS)) {
                if (size.in(settings).isPresent()) {
                    throw new IllegalArgumentException("Invalid " + size.name() + ": has no effect without SWEEP; set"
                            + " SWEEP=ROTATE_KEY or SWEEP=REENCRYPT, or leave it out");
                }
            }
        }
        return operation.map(sweep -> new SweepPlan(sweep, SWEEP_USERS.read(settings), SWEEP_DOCUMENTS.read(settings)));
    }

    /** RATE's target; {@code MODE=RATE} without it is refused before anything starts. */
    public static double requiredRate(Function<String, String> settings) {
        return RATE.require(settings, "operations per second with MODE=RATE, e.g. --rate 200");
    }

    /**
     * HEADROOM's plan for this process: in a sharded run the concurrencies are global and each shard runs 1/N of them
     * (they must divide evenly), and 1/N of each step's operations (rounded up).
     */
    public static HeadroomPlan headroomPlan(Function<String, String> settings, ShardPlan shard) {
        return new HeadroomPlan(shard.shareOfConcurrency(MIN_THREADS.name(), MIN_THREADS.read(settings)),
                shard.shareOfConcurrency(MAX_THREADS.name(), MAX_THREADS.read(settings)),
                shard.shareOfConcurrency(THREAD_STEP.name(), THREAD_STEP.read(settings)),
                Math.ceilDiv(OPERATIONS_PER_STEP.read(settings), shard.count()), STOP_AFTER_FALLING.read(settings),
                ERROR_BUDGET.read(settings), KNEE_FACTOR.read(settings));
    }
}
