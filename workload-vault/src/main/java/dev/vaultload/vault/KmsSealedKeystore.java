package dev.vaultload.vault;

import java.util.concurrent.atomic.AtomicReference;

/**
 * A keystore sealed under its password and a KMS data key ({@link KmsKeys#KEYSTORE}) as the unlocked-keystore cache
 * holds it: the password's half of the sealing key (the PBKDF2 output, so that the password is derived once per user
 * as without a KMS) and the keystore's bytes, with the keys they open kept only as long as KMS_KEY_CACHE says. Past
 * that, {@link #keys} opens them again: one KMS Decrypt, no PBKDF2, no store read. With the cache OFF every operation
 * pays its Decrypt; the one exception is the operation whose unlock opened the keystore (to check the password): it
 * gets those keys. Thread-safe; threads that find the keys expired at once each make their Decrypt.
 */
final class KmsSealedKeystore implements UnlockedKeystore {

    /** Keys opened at {@code obtainedNanos}. */
    private record Opened(UserKeys keys, long obtainedNanos) {
    }

    private final KeystoreFile file;
    private final String userId;
    private final byte[] keystoreBytes;
    private final KeystoreHeader header;
    private final byte[] passwordKey;
    private final KmsKeyCache cache;
    private final AtomicReference<UserKeys> forTheUnlockingOperation = new AtomicReference<>();
    private volatile Opened opened;

    /**
     * @param keys           the keys just opened or created with a data key from the KMS
     * @param unlockedNow    whether an operation's unlock opened them (it gets them even with the cache OFF)
     */
    KmsSealedKeystore(KeystoreFile file, String userId, byte[] keystoreBytes, KeystoreHeader header, byte[] passwordKey,
                      KmsKeyCache cache, UserKeys keys, boolean unlockedNow) {
        this.file = file;
        this.userId = userId;
        this.keystoreBytes = keystoreBytes;
        this.header = header;
        this.passwordKey = passwordKey;
        this.cache = cache;
        if (!cache.off()) {
            this.opened = new Opened(keys, System.nanoTime());
        } else if (unlockedNow) {
            forTheUnlockingOperation.set(keys);
        }
    }

    @Override
    public UserKeys keys() {
        UserKeys unlocked = forTheUnlockingOperation.getAndSet(null);
        if (unlocked != null) {
            return unlocked;
        }
        long nowNanos = System.nanoTime();
        Opened held = opened;
        if (held != null && cache.fresh(held.obtainedNanos(), nowNanos)) {
            return held.keys();
        }
        UserKeys keys = file.openSealed(userId, keystoreBytes, header, passwordKey);
        if (!cache.off()) {
            opened = new Opened(keys, nowNanos);
        }
        return keys;
    }

    @Override
    public String toString() {
        return "KmsSealedKeystore[userId=" + userId + ", cache " + cache + "]";
    }
}
