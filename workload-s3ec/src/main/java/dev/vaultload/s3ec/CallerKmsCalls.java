package dev.vaultload.s3ec;

import dev.vaultload.engine.KeyManagerClock;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.encryption.s3.materials.CryptographicMaterialsManager;
import software.amazon.encryption.s3.materials.DecryptMaterialsRequest;
import software.amazon.encryption.s3.materials.DecryptionMaterials;
import software.amazon.encryption.s3.materials.EncryptionMaterials;
import software.amazon.encryption.s3.materials.EncryptionMaterialsRequest;

/**
 * The KMS calls S3EC makes for one caller on a thread of its own. S3EC's getObject unwraps the data key in its
 * async client's response handler, on an I/O thread, while the caller waits; {@link KeyManagerClock} counts per
 * thread, so the caller's operation would show no KMS call. The caller hangs an instance on its GetObject request
 * ({@link #ATTRIBUTE}); {@link #crediting} makes the thread that decrypts the materials record into it, and the
 * caller hands the calls to its own clock ({@link #creditCaller}) once the object's materials are decrypted.
 * A call on no caller's behalf (putObject generates its data key on the caller's thread) goes to the clock of the
 * thread that makes it.
 */
final class CallerKmsCalls {
    static final ExecutionAttribute<CallerKmsCalls> ATTRIBUTE = new ExecutionAttribute<>("vaultload.callerKmsCalls");
    private static final ThreadLocal<CallerKmsCalls> SERVING = new ThreadLocal<>();

    private final List<Long> callNanos = new ArrayList<>();

    /** Records one KMS call of {@code nanos} for the caller this thread serves, or on this thread's clock. */
    static void record(long nanos) {
        CallerKmsCalls caller = SERVING.get();
        if (caller == null) {
            KeyManagerClock.recordCall(nanos);
        } else {
            caller.add(nanos);
        }
    }

    /** Moves the calls made for this caller onto the calling thread's clock. */
    void creditCaller() {
        List<Long> taken;
        synchronized (this) {
            taken = List.copyOf(callNanos);
            callNanos.clear();
        }
        taken.forEach(KeyManagerClock::recordCall);
    }

    private synchronized void add(long nanos) {
        callNanos.add(nanos);
    }

    /** {@code materials}, its decryptions recording their KMS calls for the caller their request names. */
    static CryptographicMaterialsManager crediting(CryptographicMaterialsManager materials) {
        return new CryptographicMaterialsManager() {
            @Override
            public EncryptionMaterials getEncryptionMaterials(EncryptionMaterialsRequest request) {
                return materials.getEncryptionMaterials(request);
            }

            @Override
            public DecryptionMaterials decryptMaterials(DecryptMaterialsRequest request) {
                CallerKmsCalls caller = request.s3Request().overrideConfiguration()
                        .flatMap(configuration -> configuration.executionAttributes().getOptionalAttribute(ATTRIBUTE))
                        .orElse(null);
                CallerKmsCalls previous = SERVING.get();
                SERVING.set(caller);
                try {
                    return materials.decryptMaterials(request);
                } finally {
                    SERVING.set(previous);
                }
            }
        };
    }
}
