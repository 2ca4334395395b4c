package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.KeyManagerFailure;
import dev.vaultload.run.load.LoadFixtures;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.load.LoadWorkload;
import dev.vaultload.run.load.PlannedOperation;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.StatisticService;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A WRITE whose key manager fails before the write sent anything to the store left the store as it was: it counts under
 * the KMS failure's class, not IN_DOUBT. Once its commit was sent, the same failure leaves the write in doubt.
 */
class KeyManagerFailureClassTest {

    /** As a KMS binding raises a timed-out call. */
    private static final class KmsTimeout extends BlobStoreException implements KeyManagerFailure {
        KmsTimeout() {
            super(Kind.TIMEOUT, "KMS call timed out", null);
        }
    }

    /** Fails writes at their opening (an engine asking its KMS for a data key first) or at their commit. */
    private static final class FailingWrites extends ForwardingBlobStore {
        volatile boolean atOpen;
        volatile boolean atCommit;

        FailingWrites(BlobStore delegate) {
            super(delegate);
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            if (atOpen) {
                throw new KmsTimeout();
            }
            BlobOutputStream out = super.openOutput(key);
            return !atCommit ? out : new BlobOutputStream() {
                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                }

                @Override
                public void abort() {
                    out.abort();
                }

                @Override
                public void close() {
                    out.abort();
                    throw new KmsTimeout();
                }
            };
        }
    }

    private static Map<ErrorClass, Long> writeFailing(boolean atOpen) {
        FailingWrites store = new FailingWrites(new InMemoryBlobStore());
        try (LoadWorkload workload = LoadFixtures.workload(LoadOperation.WRITE, store, CipherSuite.NONE)) {
            store.atOpen = atOpen;
            store.atCommit = !atOpen;
            TimedOperation timed = workload.timedOperation(workload.control());
            PlannedOperation write = workload.sequence("t/", timed).next();
            StatisticService statistics = new StatisticService();
            timed.run(write.operation(), write.locationPrefix(), null, statistics);
            return statistics.errorTotals();
        }
    }

    @Test
    void aWriteWhoseKeyManagerFailedBeforeTheStoreIsCountedAsTheKeyManagersTimeout() {
        Map<ErrorClass, Long> errors = writeFailing(true);

        assertEquals(1L, errors.getOrDefault(ErrorClass.TIMEOUT, 0L), errors::toString);
        assertEquals(0L, errors.getOrDefault(ErrorClass.IN_DOUBT, 0L), errors::toString);
    }

    @Test
    void aWriteWhoseCommitWasSentStaysInDoubt() {
        Map<ErrorClass, Long> errors = writeFailing(false);

        assertEquals(1L, errors.getOrDefault(ErrorClass.IN_DOUBT, 0L), errors::toString);
        assertEquals(0L, errors.getOrDefault(ErrorClass.TIMEOUT, 0L), errors::toString);
    }
}
