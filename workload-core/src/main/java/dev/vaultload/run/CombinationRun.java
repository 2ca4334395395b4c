package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.KeyMaterialCheck;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.CpuUsage;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.LifeGap;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.ShardRun;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.scaleout.StartGate;
import dev.vaultload.stats.IntegrityViolation;
import dev.vaultload.stats.LostObject;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.TimedBlobStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One combination's state and its phases, Datasafe's way: {@link #createUsers()} (CREATE_USER measured), then
 * {@link #replayPasses}: N executions replay the whole fixture on N threads, each under its own location
 * prefix, all on the same users, then each execution's final content is validated; with a DURATION, passes
 * follow each other (fresh prefixes, the previous pass's documents deleted) until the time is up. Last,
 * {@link #destroyUsers()}, which the runner calls in a finally.
 */
final class CombinationRun implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CombinationRun.class);

    private final RunConfig config;
    private final Combination combination;
    private final Fixture fixture;
    private final ContentSizes sizes;
    private final ContentGenerator content;
    private final TimedBlobStore storageClock;
    private final Engine engine;
    private final UserDirectory users;
    private final StatisticService statistics = new StatisticService();
    private final RunControl control;
    private final MeasurementLoop loop;
    private final ShardPlan shard;
    private final ShardStart start;
    private final Optional<EarlierLives> earlier;
    private final String userNamespace;
    private final ObjectLedger ledger = new ObjectLedger();
    private final AtomicReference<ObjectOutcomes> objectOutcomes = new AtomicReference<>(ObjectOutcomes.NONE);
    private final AtomicLong keyObjectsChecked = new AtomicLong();
    private final Map<OperationType, Duration> phaseDurations = new EnumMap<>(OperationType.class);
    private long replayNanos;
    private long replayProcessCpuNanos;
    private long replayWorkerCpuNanos;
    private long replayOperations;
    private int passes;
    private Optional<Instant> startAt = Optional.empty();
    private long startLatenessMillis;
    private long readyEpochMillis;
    private long replayStartEpochMillis;
    private long replayEndEpochMillis;

    /**
     * @param engineOn builds the engine over the store, which is first wrapped in the store-time clock
     * @param start    when the replay starts: with the other shards, at START_AT, or at once
     * @param earlier  the dead process's run that this one resumes, on its users; empty to begin the combination
     */
    CombinationRun(RunConfig config, Combination combination, Fixture fixture, ContentGenerator content,
                   BlobStore store, Function<BlobStore, Engine> engineOn, ShardPlan shard, ShardStart start,
                   Optional<EarlierLives> earlier) {
        this.config = config;
        this.combination = combination;
        this.fixture = fixture;
        this.sizes = ContentSizes.of(fixture, combination.fileSizeBytes());
        this.content = content;
        this.storageClock = new TimedBlobStore(store, Interruption::requested);
        this.engine = engineOn.apply(storageClock);
        this.shard = shard;
        this.start = start;
        this.earlier = earlier;
        this.userNamespace = earlier.map(EarlierLives::userNamespace).orElseGet(() -> namespace(shard, combination));
        this.users = new UserDirectory(fixture.users(), userNamespace);
        this.control = new RunControl(config.errorMode(), statistics, storageClock::locate);
        this.loop = new MeasurementLoop(combination.threads(), config.workers(), "execution-", config.reportPeriod());
        earlier.ifPresent(this::countEarlierLives);
    }

    /** The earlier lives' operations, replay time and CPU, in this result's totals; their gaps are left out. */
    private void countEarlierLives(EarlierLives lives) {
        statistics.includeEarlierLives(lives.latencies());
        replayNanos = TimeUnit.MILLISECONDS.toNanos(lives.measured().replayMillis());
        replayProcessCpuNanos = TimeUnit.MILLISECONDS.toNanos(lives.measured().replayCpuMillis());
        replayOperations = lives.replayedOperations();
        phaseDurations.put(OperationType.CREATE_USER, Duration.ofMillis(lives.measured().createUsersMillis()));
        lives.lastPass().ifPresent(pass -> objectOutcomes.set(pass.objects()));
    }

    /** Creates the fixture's users; a resumed run's exist since its first life, which created them. */
    void createUsers() {
        if (earlier.isPresent()) {
            users.all().forEach(users::created);
            return;
        }
        long startNanos = System.nanoTime();
        OperationExecutor executor = new OperationExecutor(engine, users, content, ContentSizes.uniform(0), ledger);
        List<Lane> creations = new ArrayList<>();
        for (String userId : users.fixtureUserIds()) {
            creations.add(FixtureStep.lane(List.of(FixtureStep.creation(fixture, userId)), "",
                    new TimedOperation(executor, storageClock, control)));
        }
        loop.run(creations, control, statistics, null);
        phaseDurations.put(OperationType.CREATE_USER, Duration.ofNanos(System.nanoTime() - startNanos));
    }

    /**
     * Once the users exist, waits for the other shards and their common start: shards that prepared at different speeds
     * start together. A resumed combination goes on at once: the other shards passed its barrier in its first life and
     * are replaying it (or waiting at the next barrier), so a restarted shard rejoins them at the next combination's.
     */
    void awaitStart() {
        readyEpochMillis = System.currentTimeMillis();
        if (earlier.isPresent()) {
            return;
        }
        startAt = start.startOf(barrierName(combination));
        startLatenessMillis = startAt.map(new StartGate(Clock.systemUTC(), Interruption::requested)::awaitMillis).orElse(0L);
    }

    /** The combination as every shard names it at the barrier: {@code embedded-t4-s100}. */
    private static String barrierName(Combination combination) {
        return (combination.storageAndEngine() + "-t" + combination.threads() + "-s" + combination.fileSizeKib())
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
    }

    /**
     * The passes until DURATION is up (one without it); a resumed run first takes over what its dead process left
     * ({@link #takeOver}) and soaks what remains of DURATION.
     *
     * @param journal where each pass's outcome and ledger, and each deleted pass, are journaled as they happen
     */
    void replayPasses(RunJournal journal) {
        earlier.ifPresent(lives -> takeOver(lives, journal));
        replayStartEpochMillis = System.currentTimeMillis();
        journal.append(new JournalEvent.Replay(replayStartEpochMillis,
                phaseDurations.getOrDefault(OperationType.CREATE_USER, Duration.ZERO).toMillis(),
                TimeUnit.NANOSECONDS.toMillis(ProcessCpu.nanos())));
        long soakedNanos = TimeUnit.MILLISECONDS.toNanos(earlier.map(lives -> lives.measured().soakMillis()).orElse(0L));
        long deadlineNanos = config.duration().map(d -> System.nanoTime() + d.toNanos() - soakedNanos)
                .orElse(Long.MIN_VALUE);
        boolean replayedNone = passes == 0; // a run replays at least once, a resumed one only while DURATION remains
        while (!control.stopped() && (replayedNone || System.nanoTime() < deadlineNanos)) {
            replayedNone = false;
            List<String> prefixes = passPrefixes(passes);
            replay(prefixes);
            boolean validated = !control.stopped();
            if (validated) {
                loop.runTasks(validations(prefixes, true));
                // the rotation check reads keystores with superseded passwords, and a refusal is its expected answer:
                // the key material check after it names whatever altered keystore those reads met
                new RotationCheck(engine, users).check(prefixes, control);
                checkKeyMaterial();
            }
            if (journal.keeps()) {
                // flushed before the next pass writes a byte: a process resuming this one deletes only the pass after
                // the last it finds, so a pass journaled with the next period could leave the objects of one more
                journal.appendFlushed(new JournalEvent.Pass(passes, System.currentTimeMillis(), prefixes, validated,
                        objectOutcomes(), PassLedger.of(ledger, prefixes, users, engine),
                        TimeUnit.NANOSECONDS.toMillis(replayNanos)));
            }
            if (passes > 0) {
                deletePass(passes - 1);
                journal.append(new JournalEvent.Deleted(passes - 1, System.currentTimeMillis()));
            }
            passes++;
        }
        replayEndEpochMillis = System.currentTimeMillis();
        for (OperationType type : OperationType.values()) {
            phaseDurations.putIfAbsent(type, Duration.ofNanos(replayNanos));
        }
    }

    /**
     * Takes over the run of a dead process, before anything is replayed: journals the last pass it journaled again with
     * its ledger (so that a process resuming this one finds it), validates every object of it (the dead process
     * validated them then; one missing now is LOST, one altered INTEGRITY, each named with its store key) and the
     * users' key material (compared with what this process reads first), then deletes what no ledger holds: the pass
     * before, which the dead process may have been deleting, and whatever it wrote of the pass it did not finish. The
     * next pass is the one after the journaled one.
     */
    private void takeOver(EarlierLives lives, RunJournal journal) {
        Optional<JournalEvent.Pass> last = lives.lastPass();
        if (last.isPresent()) {
            JournalEvent.Pass pass = last.get();
            for (JournalEvent.LedgerEntry entry : pass.ledger()) {
                ledger.expect(users.fixtureUserIdOf(entry.user()), entry.space(), entry.path(),
                        new ObjectLedger.Expectation(entry.contents(), entry.mayBeAbsent()));
            }
            journal.appendFlushed(new JournalEvent.Pass(pass.pass(), System.currentTimeMillis(), pass.prefixes(),
                    pass.validated(), pass.objects(), pass.ledger(), TimeUnit.NANOSECONDS.toMillis(replayNanos)));
            loop.runTasks(validations(pass.prefixes(), true));
            checkKeyMaterial();
            passes = pass.pass() + 1;
            if (pass.pass() > 0) {
                deletePrefixes(pass.pass() - 1);
            }
        }
        deletePrefixes(passes);
        LOG.info("resumed {} after its process died at {}: {} passes journaled", combination.label(),
                Instant.ofEpochMilli(lives.endEpochMillis()), passes);
    }

    /**
     * One pass's executions; only they count for throughput and CPU per operation, not validation or clean-up. An
     * imported fixture's preparation WRITEs run first, under each execution's prefix, recorded apart and never
     * reported: they stand for documents that existed before the trace began.
     */
    private void replay(List<String> prefixes) {
        loop.run(executions(FixtureStep.preparations(fixture), prefixes), control, new StatisticService(), null);
        long operationsBefore = statistics.requestsStarted();
        MeasurementLoop.Stretch replayed = loop.run(executions(FixtureStep.replayed(fixture), prefixes), control,
                statistics, null);
        replayWorkerCpuNanos += replayed.workerCpuNanos();
        replayNanos += replayed.wallClock().toNanos();
        replayProcessCpuNanos += replayed.processCpuNanos();
        replayOperations += statistics.requestsStarted() - operationsBefore;
    }

    private List<Lane> executions(List<FixtureStep> steps, List<String> prefixes) {
        List<Lane> executions = new ArrayList<>();
        for (String prefix : prefixes) {
            OperationExecutor executor = new OperationExecutor(engine, users, content, sizes, ledger);
            executions.add(FixtureStep.lane(steps, prefix, new TimedOperation(executor, storageClock, control)));
        }
        return executions;
    }

    /** @param counted whether the objects checked count in the report (a pass's first validation, not its last) */
    private List<Callable<Long>> validations(List<String> prefixes, boolean counted) {
        List<Callable<Long>> validations = new ArrayList<>();
        for (String prefix : prefixes) {
            Validator validator = new Validator(engine, users, fixture.usesInboxes(), ledger, content, sizes);
            validations.add(() -> {
                long cpuStartNanos = ProcessCpu.currentThreadNanos();
                ObjectOutcomes outcomes = validator.validate(prefix, control);
                if (counted) {
                    objectOutcomes.accumulateAndGet(outcomes, ObjectOutcomes::plus);
                }
                return ProcessCpu.currentThreadNanos() - cpuStartNanos;
            });
        }
        return validations;
    }

    /**
     * Reads every created user's key material again past the engine's caches: a keystore, public key or profile
     * altered in the store is INTEGRITY, one deleted is LOST, each naming the object, though the run itself only
     * used cached copies.
     */
    private void checkKeyMaterial() {
        for (String userId : users.fixtureUserIds()) {
            if (!users.wasCreated(userId)) {
                continue;
            }
            UserCredentials user = users.credentials(userId);
            try {
                KeyMaterialCheck check = engine.checkKeyMaterial(user);
                keyObjectsChecked.addAndGet(check.objectsChecked());
                for (KeyMaterialCheck.Alteration alteration : check.alterations()) {
                    String message = "key material of user " + userId + ": " + alteration.storeKey() + " "
                            + alteration.problem();
                    control.checkFailed(OperationType.CREATE_USER, alteration.gone() ? new LostObject(message)
                            : new IntegrityViolation(message), alteration.storeKey());
                }
            } catch (RuntimeException failure) {
                control.checkFailed(OperationType.CREATE_USER, failure,
                        () -> FailureContext.of("key material check of user " + userId));
            }
        }
    }

    /**
     * Keeps a soak run's storage flat: a validated pass's documents go once the next pass has run. They are
     * validated once more right before, so that nothing altered while they waited is deleted unseen. A failed
     * delete is counted like any other and the run goes on; what it left is outside every later pass's prefix.
     */
    private void deletePass(int pass) {
        if (!control.stopped()) {
            loop.runTasks(validations(passPrefixes(pass), false));
        }
        deletePrefixes(pass);
        LOG.debug("deleted pass {}", pass);
    }

    /** Deletes a pass's documents from every user's spaces, and from the ledger. */
    private void deletePrefixes(int pass) {
        for (String prefix : passPrefixes(pass)) {
            for (UserCredentials user : users.all()) {
                deleteQuietly(() -> engine.privateSpace(user).delete(prefix), user, prefix);
                if (fixture.usesInboxes()) {
                    deleteQuietly(() -> engine.inbox(user).delete(prefix), user, prefix);
                }
            }
            ledger.forget(prefix);
        }
    }

    private void deleteQuietly(Runnable delete, UserCredentials user, String prefix) {
        try {
            delete.run();
        } catch (RuntimeException failure) {
            control.checkFailed(OperationType.DELETE, failure,
                    () -> FailureContext.of("clean-up DELETE user " + user.userId() + " " + prefix));
        }
    }

    /**
     * Leaves the store as it was found, so that long-lived buckets do not fill up run after run; a user whose
     * creation failed is not there to remove.
     */
    void destroyUsers() {
        for (UserCredentials user : users.all()) {
            try {
                engine.destroyUser(user);
            } catch (RuntimeException e) {
                boolean neverCreated = e instanceof EngineException failure
                        && failure.reason() == EngineException.Reason.UNKNOWN_USER;
                if (!neverCreated) {
                    LOG.warn("could not remove user {} after the run: {}", user.userId(), e.toString());
                }
            }
        }
    }

    private List<String> passPrefixes(int pass) {
        List<String> prefixes = new ArrayList<>();
        for (int execution = 0; execution < combination.threads(); execution++) {
            prefixes.add(shard.locationPrefix() + "p" + pass + "e" + execution + "/");
        }
        return prefixes;
    }

    /**
     * Unique per run and combination, so that a bucket that outlives runs never meets an existing user; a shard's
     * users also carry RUN_ID and its index, so shards started in the same millisecond never share one.
     */
    private static String namespace(ShardPlan shard, Combination combination) {
        String shardPart = shard.sharded() ? shard.userNamespace() + "-" : "";
        return shardPart + Long.toString(System.currentTimeMillis(), 36) + "-t" + combination.threads() + "s"
                + combination.fileSizeKib();
    }

    Engine engine() {
        return engine;
    }

    /** The prefix of this run's store-side user ids, which a process resuming it opens again. */
    String userNamespace() {
        return userNamespace;
    }

    UserDirectory users() {
        return users;
    }

    StatisticService statistics() {
        return statistics;
    }

    RunControl control() {
        return control;
    }

    ObjectOutcomes objectOutcomes() {
        return objectOutcomes.get().withKeyObjectsChecked(keyObjectsChecked.get());
    }

    int passes() {
        return passes;
    }

    Map<OperationType, Duration> phaseDurations() {
        return phaseDurations;
    }

    /** This run as a shard of a sharded run; null when it is not one. */
    /** @param restartBeforeReplay a dead process's life in this combination that ended before its replay began */
    ShardRun shardRun(Optional<LifeGap> restartBeforeReplay) {
        if (!shard.sharded()) {
            return null;
        }
        // a resumed combination's replay began in its first life: the gaps in between are in the result's timing
        return new ShardRun(shard.runId().orElseThrow(), shard.index(), shard.count(),
                startAt.map(Object::toString).orElse(null), startLatenessMillis, readyEpochMillis,
                earlier.map(lives -> lives.measured().replayStartEpochMillis()).orElse(replayStartEpochMillis),
                replayEndEpochMillis, restartBeforeReplay.stream().toList());
    }

    CpuUsage replayCpu() {
        return new CpuUsage(replayProcessCpuNanos / 1_000_000, replayWorkerCpuNanos / 1_000_000, replayOperations);
    }

    /** The loop every phase runs on; its reporter spans the combination. */
    MeasurementLoop loop() {
        return loop;
    }

    @Override
    public void close() {
        loop.close();
    }
}
