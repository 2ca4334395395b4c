package dev.vaultload.kms;

import dev.vaultload.engine.KeyManagerClock;
import java.util.function.Supplier;

/**
 * A key manager whose every call, failed or not, is counted and timed on the calling thread in
 * {@link KeyManagerClock}, so that an engine's operations report their key-manager calls and time.
 */
final class TimedKeyManager implements KeyManager {
    private final KeyManager delegate;

    TimedKeyManager(KeyManager delegate) {
        this.delegate = delegate;
    }

    @Override
    public String description() {
        return delegate.description();
    }

    @Override
    public String keyId() {
        return delegate.keyId();
    }

    @Override
    public DataKey generateDataKey(String keyId, byte[] context) {
        return timed(() -> delegate.generateDataKey(keyId, context));
    }

    @Override
    public byte[] encrypt(String keyId, byte[] plaintext, byte[] context) {
        return timed(() -> delegate.encrypt(keyId, plaintext, context));
    }

    @Override
    public byte[] decrypt(String keyId, byte[] ciphertext, byte[] context) {
        return timed(() -> delegate.decrypt(keyId, ciphertext, context));
    }

    @Override
    public void close() {
        delegate.close();
    }

    private static <T> T timed(Supplier<T> call) {
        long startNanos = System.nanoTime();
        try {
            return call.get();
        } finally {
            KeyManagerClock.recordCall(System.nanoTime() - startNanos);
        }
    }
}
