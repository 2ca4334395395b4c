package dev.vaultload.s3ec;

import dev.vaultload.engine.KeyManagerClock;
import dev.vaultload.kms.KeyManagerException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
 * thread that makes it. The caller also learns whether its last KMS call failed ({@link #lastCallFailure}).
 */
final class CallerKmsCalls {
    static final ExecutionAttribute<CallerKmsCalls> ATTRIBUTE = new ExecutionAttribute<>("vaultload.callerKmsCalls");
    private static final ThreadLocal<CallerKmsCalls> SERVING = new ThreadLocal<>();

    private final List<Long> callNanos = new ArrayList<>();
    private KeyManagerException lastCallFailure;

    /**
     * Records one KMS call of {@code nanos} for the caller this thread serves, or on this thread's clock.
     *
     * @param failure the call's failure as the harness reads it; null when it succeeded
     */
    static void record(long nanos, KeyManagerException failure) {
        CallerKmsCalls caller = SERVING.get();
        if (caller == null) {
            KeyManagerClock.recordCall(nanos);
        } else {
            caller.add(nanos, failure);
        }
    }

    /**
     * The failure of the last KMS call made for this caller, if it failed. S3EC does not always pass a failed Decrypt
     * on (its I/O thread's failure can surface as "Decryption materials cannot be null"); a read whose last KMS call
     * failed had no data key, whatever S3EC then threw.
     */
    synchronized Optional<KeyManagerException> lastCallFailure() {
        return Optional.ofNullable(lastCallFailure);
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

    private synchronized void add(long nanos, KeyManagerException failure) {
        callNanos.add(nanos);
        lastCallFailure = failure;
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
