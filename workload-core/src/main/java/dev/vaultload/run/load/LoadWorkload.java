package dev.vaultload.run.load;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.run.DocumentPool;
import dev.vaultload.run.Interruption;
import dev.vaultload.run.ObjectLedger;
import dev.vaultload.run.OperationExecutor;
import dev.vaultload.run.RotationSweep;
import dev.vaultload.run.RunControl;
import dev.vaultload.run.SweepPlan;
import dev.vaultload.run.TimedOperation;
import dev.vaultload.run.UserDirectory;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.TimedBlobStore;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The users and documents a load mode works on, and the operation sequences of its threads. The fixture's
 * users are created (and, for READ, a pool of documents written) before anything is measured; {@link #close()}
 * removes them all.
 */
public final class LoadWorkload implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LoadWorkload.class);
    /** WRITE overwrites this many documents per user and thread in turn; READ reads as many per user. */
    static final int DOCUMENTS_PER_USER = 8;
    private static final String READ_POOL = "read-pool/";
    private static final DocumentPool DOCUMENTS = new DocumentPool("load");

    private final LoadOperation operation;
    private final List<Operation> replayed;
    private final List<String> userIds;
    private final TimedBlobStore storageClock;
    private final Engine vault;
    private final UserDirectory users;
    private final ContentGenerator content;
    private final long fileSizeBytes;
    private final ContentSizes sizes;
    /** One for all threads: READ's documents are written by one executor and read by every thread's own. */
    private final ObjectLedger ledger = new ObjectLedger();

    private LoadWorkload(LoadOperation operation, Fixture fixture, BlobStore store, Function<BlobStore, Engine> engineOn,
                         ContentGenerator content, long fileSizeBytes) {
        this.operation = operation;
        this.replayed = fixture.operations().stream().filter(op -> op.type() != OperationType.CREATE_USER).toList();
        this.userIds = fixture.users();
        this.storageClock = new TimedBlobStore(store, Interruption::requested);
        this.vault = engineOn.apply(storageClock);
        this.users = new UserDirectory(userIds, "load-" + Long.toString(System.currentTimeMillis(), 36));
        this.content = content;
        this.fileSizeBytes = fileSizeBytes;
        this.sizes = ContentSizes.of(fixture, fileSizeBytes);
    }

    /**
     * Creates the fixture's users and, for READ, the documents to read; nothing of it is measured.
     *
     * @param engineOn builds the engine over the store, which is first wrapped in the store-time clock
     */
    public static LoadWorkload prepare(LoadOperation operation, Fixture fixture, BlobStore store,
                                       Function<BlobStore, Engine> engineOn, ContentGenerator content,
                                       long fileSizeBytes) {
        LoadWorkload workload = new LoadWorkload(operation, fixture, store, engineOn, content, fileSizeBytes);
        try {
            for (UserCredentials user : workload.users.all()) {
                workload.vault.createUser(user);
                workload.users.created(user);
            }
            if (operation == LoadOperation.READ) {
                workload.writeReadPool();
            }
        } catch (RuntimeException e) {
            workload.close();
            throw e;
        }
        return workload;
    }

    public EngineDescription engineDescription() {
        return vault.description();
    }

    public LoadOperation operation() {
        return operation;
    }

    public long fileSizeBytes() {
        return fileSizeBytes;
    }

    /** A fresh timed operation for one thread, reporting its failures to {@code control}. */
    public TimedOperation timedOperation(RunControl control) {
        return new TimedOperation(executor(), storageClock, control);
    }

    /**
     * A rotation sweep over users and documents of its own, on this workload's engine and store clock; its users are
     * created and its documents written now, unmeasured.
     */
    public RotationSweep sweep(SweepPlan plan, RunControl control) {
        return RotationSweep.prepare(plan, vault, storageClock, control, content, sizes);
    }

    /** Reports a load's failures naming the stored objects where they live, under CONTINUE: a budget ends a load. */
    public RunControl control() {
        return RunControl.continuing(storageClock::locate);
    }

    private OperationExecutor executor() {
        return new OperationExecutor(vault, users, content, sizes, ledger);
    }

    /**
     * The operations of one thread.
     *
     * @param threadPrefix unique per thread and phase, e.g. {@code h4t2/}: threads never write the same location
     * @param timed        the thread's timed operation: runs MIX's preparation WRITEs, unrecorded (their failures
     *                     still go to its control)
     */
    public OperationSequence sequence(String threadPrefix, TimedOperation timed) {
        return switch (operation) {
            case MIX -> new FixtureCycle(replayed, threadPrefix, untimed(timed));
            case WRITE -> rotation(slot -> new PlannedOperation(DOCUMENTS.write(slot.userId(), slot.document()), threadPrefix));
            case READ -> rotation(slot -> new PlannedOperation(new Operation.Read(slot.userId(), StorageType.PRIVATE,
                    READ_POOL + DOCUMENTS.name(slot.document()), DOCUMENTS.contentId(slot.document())), ""));
        };
    }

    private static Consumer<PlannedOperation> untimed(TimedOperation timed) {
        StatisticService unrecorded = new StatisticService();
        return planned -> timed.run(planned.operation(), planned.locationPrefix(), null, unrecorded);
    }

    private void writeReadPool() {
        OperationExecutor executor = executor();
        for (String userId : userIds) {
            for (int document = 0; document < DOCUMENTS_PER_USER; document++) {
                executor.execute(DOCUMENTS.write(userId, document), READ_POOL);
            }
        }
    }

    private record Slot(String userId, int document) {
    }

    /** Every user in turn, then the next document: user-major so that consecutive operations spread over keystores. */
    private OperationSequence rotation(Function<Slot, PlannedOperation> plan) {
        return new OperationSequence() {
            private long index;

            @Override
            public PlannedOperation next() {
                int user = (int) (index % userIds.size());
                int document = (int) (index / userIds.size() % DOCUMENTS_PER_USER);
                index++;
                return plan.apply(new Slot(userIds.get(user), document));
            }
        };
    }

    /** Leaves the store as it was found. */
    @Override
    public void close() {
        for (UserCredentials user : users.all()) {
            try {
                vault.destroyUser(user);
            } catch (RuntimeException e) {
                LOG.warn("could not remove user {} after the load: {}", user.userId(), e.toString());
            }
        }
    }
}
