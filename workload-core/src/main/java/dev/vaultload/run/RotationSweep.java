package dev.vaultload.run;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.Operation;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.SweepSection;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.TimedBlobStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A key rotation sweep beside a load, as an operator runs one on a live system: users of its own, their documents
 * written before anything is measured, then from {@link #start()} to {@link #stop()} one thread going over them again
 * and again (ROTATE_KEY per user, REENCRYPT per document), each operation timed as the load's are. {@link #stop()}
 * then checks what the sweep did: every document reads with its user's current secret and holds its content
 * ({@link Validator}), no superseded secret opens any ({@link RotationCheck}); each REENCRYPT was seen to change the
 * stored bytes as it ran ({@link TimedOperation}). Failures go to the load's {@link RunControl}: they are the run's.
 */
public final class RotationSweep implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RotationSweep.class);
    private static final String PREFIX = "sweep/";
    private static final DocumentPool DOCUMENTS = new DocumentPool("sweep");

    private final SweepPlan plan;
    private final Engine engine;
    private final UserDirectory users;
    private final ObjectLedger ledger = new ObjectLedger();
    private final OperationExecutor executor;
    private final TimedOperation timed;
    private final RunControl control;
    private final ContentGenerator content;
    private final ContentSizes sizes;
    private final StatisticService statistics = new StatisticService();
    private volatile boolean stopping;
    private Thread thread;
    private long startNanos;
    /** Written by the sweep's thread, read once it has ended. */
    private long lastEndNanos;
    private long completeSweeps;

    private RotationSweep(SweepPlan plan, Engine engine, TimedBlobStore storageClock, RunControl control,
                          ContentGenerator content, ContentSizes sizes) {
        this.plan = plan;
        this.engine = engine;
        this.users = new UserDirectory(IntStream.range(0, plan.users()).mapToObj(user -> "s" + user).toList(),
                "sweep-" + Long.toString(System.currentTimeMillis(), 36));
        this.executor = new OperationExecutor(engine, users, content, sizes, ledger);
        this.timed = new TimedOperation(executor, storageClock, control);
        this.control = control;
        this.content = content;
        this.sizes = sizes;
    }

    /**
     * Creates the sweep's users and writes their documents, unmeasured.
     *
     * @param storageClock the store under {@code engine}, which times its calls
     * @param control      the load's: the sweep's failures are the run's
     */
    public static RotationSweep prepare(SweepPlan plan, Engine engine, TimedBlobStore storageClock, RunControl control,
                                        ContentGenerator content, ContentSizes sizes) {
        RotationSweep sweep = new RotationSweep(plan, engine, storageClock, control, content, sizes);
        try {
            sweep.populate();
        } catch (RuntimeException e) {
            sweep.close();
            throw e;
        }
        return sweep;
    }

    private void populate() {
        for (String userId : users.fixtureUserIds()) {
            UserCredentials user = users.credentials(userId);
            engine.createUser(user);
            users.created(user);
            for (int document = 0; document < plan.documentsPerUser(); document++) {
                executor.execute(DOCUMENTS.write(userId, document), PREFIX);
            }
        }
    }

    /** Starts sweeping on a thread of its own, until {@link #stop()} or the load's control stops. */
    public void start() {
        startNanos = System.nanoTime();
        lastEndNanos = startNanos;
        thread = Thread.ofPlatform().name("rotation-sweep").start(this::sweep);
    }

    private void sweep() {
        List<Operation> sweepOnce = operations();
        while (!stopped()) {
            for (Operation operation : sweepOnce) {
                if (stopped()) {
                    return;
                }
                timed.run(operation, PREFIX, null, statistics);
                lastEndNanos = System.nanoTime();
            }
            completeSweeps++;
        }
    }

    private boolean stopped() {
        return stopping || control.stopped();
    }

    /** One sweep over every document: user by user, so that a user's documents are done before the next's start. */
    private List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        for (String userId : users.fixtureUserIds()) {
            if (plan.operation() == SweepOperation.ROTATE_KEY) {
                operations.add(new Operation.RotateKey(userId));
            } else {
                for (int document = 0; document < plan.documentsPerUser(); document++) {
                    operations.add(new Operation.Reencrypt(userId, DOCUMENTS.name(document), DOCUMENTS.contentId(document)));
                }
            }
        }
        return operations;
    }

    /** Stops the sweep after its operation in flight, then checks every document it went over. */
    public SweepSection stop() {
        halt();
        Duration swept = Duration.ofNanos(lastEndNanos - startNanos);
        List<OperationStatistics> operations = statistics.summarize(swept);
        long documentsSwept = operations.stream().mapToLong(OperationStatistics::count).sum() * plan.documentsPerOperation();
        Map<ErrorClass, Long> checkErrorsBefore = control.checkErrorTotals();
        ObjectOutcomes checked = new Validator(engine, users, false, ledger, content, sizes).validate(PREFIX, control);
        new RotationCheck(engine, users).check(List.of(PREFIX), control);
        Map<ErrorClass, Long> errors = statistics.errorTotals();
        control.checkErrorTotals().forEach((errorClass, count) ->
                errors.merge(errorClass, count - checkErrorsBefore.getOrDefault(errorClass, 0L), Long::sum));
        double seconds = swept.toNanos() / 1e9;
        return new SweepSection(plan.operation().name(), plan.users(), plan.documentsPerUser(), documentsSwept,
                completeSweeps, swept.toMillis(), seconds > 0 ? documentsSwept / seconds : 0, operations,
                checked.checked(), errors);
    }

    private void halt() {
        stopping = true;
        if (thread == null) {
            return;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the rotation sweep finished its operation", e);
        }
    }

    /** Stops the sweep if it still runs and removes its users. */
    @Override
    public void close() {
        halt();
        for (UserCredentials user : users.all()) {
            try {
                engine.destroyUser(user);
            } catch (RuntimeException e) {
                LOG.warn("could not remove sweep user {}: {}", user.userId(), e.toString());
            }
        }
    }
}
