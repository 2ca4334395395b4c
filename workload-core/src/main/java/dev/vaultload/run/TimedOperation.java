package dev.vaultload.run;

import dev.vaultload.engine.KeyManagerClock;
import dev.vaultload.engine.ReadBytes;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.DocumentsAtFault;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.IndeterminateOutcome;
import dev.vaultload.stats.ProcessCpu;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.StoreRequest;
import dev.vaultload.storage.StoreTraffic;
import dev.vaultload.storage.TimedBlobStore;
import java.util.concurrent.TimeUnit;

/**
 * The one place where an operation of any mode is timed, recorded and, when it fails, classified and reported.
 * Latency runs from the operation's intended start: its due time in an open loop, so that time spent waiting behind
 * a slow predecessor counts (YCSB's intended latency), its actual start in a closed loop. The service time (from
 * the actual start) is recorded beside it where asked, and split into the time spent waiting on the store, on the
 * key manager ({@link KeyManagerClock}) and the engine's own. A failure is counted in the statistics and handed to
 * the {@link RunControl}, which names the operation, its stored object and its place in the fixture, and applies the
 * error mode. Never throws for a failed operation. A successful operation's CPU is its thread's: all of it on an
 * in-process store, the engine's side without the HTTP client's own threads on an S3 store. A REENCRYPT is witnessed
 * ({@link ReencryptionWitness}) before its clock starts and after its clocks were read, so its latency is the
 * engine's alone. Used by one thread at a time: the clocks are per thread.
 */
public final class TimedOperation {
    /** An intended start that is the actual one: a closed loop's, timed from the same clock reading. */
    private static final long AT_ACTUAL_START = Long.MIN_VALUE;

    private final OperationExecutor executor;
    private final TimedBlobStore storageClock;
    private final RunControl control;
    private final ReencryptionWitness reencryptions;

    /** @param storageClock the store under the executor's engine, which times the calls on it */
    public TimedOperation(OperationExecutor executor, TimedBlobStore storageClock, RunControl control) {
        this.executor = executor;
        this.storageClock = storageClock;
        this.control = control;
        this.reencryptions = new ReencryptionWitness(storageClock, executor);
    }

    /** Runs one operation of a closed loop: its intended start is now. */
    public void run(Operation operation, String locationPrefix, Integer fixtureIndex, StatisticService statistics) {
        run(operation, locationPrefix, fixtureIndex, AT_ACTUAL_START, statistics, null);
    }

    /**
     * Runs one operation that was due at {@code intendedStartNanos} (it may start later).
     *
     * @param fixtureIndex the operation's place in the fixture; null when it is not a fixture's operation
     * @param statistics   records the latency from the intended start and any failure
     * @param serviceTimes records the latency from the actual start too; null when the two cannot differ. The
     *                     store's share is recorded with the service time, where the two add up to the latency.
     */
    public void run(Operation operation, String locationPrefix, Integer fixtureIndex, long intendedStartNanos,
                    StatisticService statistics, StatisticService serviceTimes) {
        OperationType type = operation.type();
        statistics.requestStarted();
        // a REENCRYPT's stored bytes before it, read before its clock starts: the witness is not the operation
        ReencryptionWitness.Before reencrypted = operation instanceof Operation.Reencrypt reencrypt
                ? reencryptions.before(reencrypt, locationPrefix) : null;
        storageClock.resetThread(); // drops what the store and the key manager saw between operations
        KeyManagerClock.reset();
        executor.takeHarnessCpuNanos(); // a REENCRYPT's witness or an earlier failure is not this operation's
        ReadBytes.reset();
        long startNanos = System.nanoTime();
        long startCpuNanos = ProcessCpu.currentThreadNanos();
        try {
            long sizeBytes = executor.execute(operation, locationPrefix);
            long endNanos = System.nanoTime();
            // the harness generating the bytes written and the digests expected is not the engine's work: out of the
            // ceiling's comparison
            long workerCpuNanos = ProcessCpu.currentThreadNanos() - startCpuNanos - executor.takeHarnessCpuNanos();
            long serviceMicros = TimeUnit.NANOSECONDS.toMicros(endNanos - startNanos);
            long storageMicros = TimeUnit.NANOSECONDS.toMicros(storageClock.takeThreadStorageNanos());
            StoreTraffic traffic = storageClock.takeThreadTraffic();
            long kmsMicros = TimeUnit.NANOSECONDS.toMicros(KeyManagerClock.takeNanos());
            long kmsCalls = KeyManagerClock.takeCalls();
            if (reencrypted != null) {
                reencryptions.requireReencrypted(reencrypted); // after the clocks were read, before any success counts
            }
            statistics.recordWorkerCpu(type, workerCpuNanos);
            statistics.recordStoreTraffic(type, traffic, sizeBytes);
            if (operation instanceof Operation.Read read && read.range().isPresent()) {
                statistics.recordRangedRead(sizeBytes, fetchedBytes(traffic), ReadBytes.decryptedBytes());
            }
            statistics.recordSuccess(type, intendedStartNanos == AT_ACTUAL_START ? serviceMicros
                    : TimeUnit.NANOSECONDS.toMicros(endNanos - intendedStartNanos), sizeBytes);
            StatisticService service = serviceTimes == null ? statistics : serviceTimes;
            if (serviceTimes != null) {
                serviceTimes.recordSuccess(type, serviceMicros, sizeBytes);
            }
            service.recordTimeSplit(type, serviceMicros, storageMicros, kmsMicros, kmsCalls);
        } catch (RuntimeException thrown) {
            // a write that failed at its key manager before it sent anything to the store is not in doubt
            RuntimeException failure = storageClock.takeThreadChanges() == 0 ? IndeterminateOutcome.nothingStored(thrown)
                    : thrown;
            statistics.recordFailure(type, report(operation, locationPrefix, fixtureIndex, failure));
            // a LIST that found documents both planted and missing names the missing ones as LOST too
            for (Throwable also : failure.getSuppressed()) {
                if (also instanceof DocumentsAtFault && also instanceof RuntimeException alsoFailed) {
                    report(operation, locationPrefix, fixtureIndex, alsoFailed);
                }
            }
        }
    }

    /**
     * What a read fetched: through the harness's store when it asked the store anything, else what the engine's own
     * clients counted (-1 when they did not).
     */
    private static long fetchedBytes(StoreTraffic traffic) {
        return traffic.requests(StoreRequest.GET) > 0 ? traffic.receivedBytes() : ReadBytes.fetchedBytes();
    }

    private ErrorClass report(Operation operation, String locationPrefix, Integer fixtureIndex, RuntimeException failure) {
        return control.onFailure(operation.type(), failure, () -> new FailureContext(operation.describe(locationPrefix),
                executor.storeKeysOf(operation, locationPrefix, failure), fixtureIndex));
    }
}
