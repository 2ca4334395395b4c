package dev.vaultload.vault;

import dev.vaultload.engine.UserCredentials;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Unlocked keystores by user ({@code K}: what an unlock yields), in memory only. Single-flight: however many threads ask for a user at once,
 * one of them runs the (PBKDF2-heavy) unlock and the others wait for its result. Bounded: past
 * {@code maxEntries} the least recently used user is dropped. A cached entry is only handed to a caller whose
 * password matches the one that unlocked it (compared as HMAC-SHA256 under a per-cache random key, so the
 * cache never holds the password); any other password goes through a real unlock and fails there.
 * Lookups of cached users take no lock.
 */
final class UnlockedKeystoreCache<K> {

    private final int maxEntries;
    private final Function<UserCredentials, K> unlocker;
    private final SecretKeySpec verifierKey;
    private final Map<String, Entry<K>> entries = new ConcurrentHashMap<>();
    /** One keyed Mac per thread: Mac.getInstance per lookup cost more than the HMAC itself. */
    private final ThreadLocal<Mac> verifiers = ThreadLocal.withInitial(this::newVerifier);

    UnlockedKeystoreCache(int maxEntries, Function<UserCredentials, K> unlocker, SecureRandom random) {
        this.maxEntries = maxEntries;
        this.unlocker = unlocker;
        byte[] key = new byte[32];
        random.nextBytes(key);
        this.verifierKey = new SecretKeySpec(key, "HmacSHA256");
        Arrays.fill(key, (byte) 0);
    }

    private static final class Entry<K> {
        final byte[] verifier;
        final CompletableFuture<K> keys = new CompletableFuture<>();
        volatile long lastUsedNanos = System.nanoTime();

        Entry(byte[] verifier) {
            this.verifier = verifier;
        }
    }

    K get(UserCredentials user) {
        byte[] verifier = verifierOf(user);
        while (true) {
            Entry<K> cached = entries.get(user.userId());
            if (cached != null) {
                if (!MessageDigest.isEqual(cached.verifier, verifier)) {
                    return unlocker.apply(user); // another password: let the keystore judge it, cache nothing
                }
                cached.lastUsedNanos = System.nanoTime();
                return await(cached);
            }
            Entry<K> mine = new Entry<>(verifier);
            if (entries.putIfAbsent(user.userId(), mine) != null) {
                continue; // another thread started this unlock first: wait for that one
            }
            evictBeyondCapacity();
            try {
                mine.keys.complete(unlocker.apply(user));
            } catch (RuntimeException e) {
                entries.remove(user.userId(), mine);
                mine.keys.completeExceptionally(e);
            }
            return await(mine);
        }
    }

    /** Caches keys the caller already holds unlocked (a user just created), so its first use costs no unlock. */
    void remember(UserCredentials user, K keys) {
        Entry<K> entry = new Entry<>(verifierOf(user));
        entry.keys.complete(keys);
        entries.put(user.userId(), entry);
        evictBeyondCapacity();
    }

    void invalidate(String userId) {
        entries.remove(userId);
    }

    int size() {
        return entries.size();
    }

    private static <K> K await(Entry<K> entry) {
        try {
            return entry.keys.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** O(n) scan, but only when a new user is unlocked: a PBKDF2 run costs far more. */
    private void evictBeyondCapacity() {
        while (entries.size() > maxEntries) {
            Map.Entry<String, Entry<K>> oldest = null;
            for (Map.Entry<String, Entry<K>> candidate : entries.entrySet()) {
                if (oldest == null || candidate.getValue().lastUsedNanos - oldest.getValue().lastUsedNanos < 0) {
                    oldest = candidate;
                }
            }
            if (oldest == null || !entries.remove(oldest.getKey(), oldest.getValue())) {
                return;
            }
        }
    }

    private byte[] verifierOf(UserCredentials user) {
        byte[] bytes = PasswordBytes.utf8(user.password());
        try {
            return verifiers.get().doFinal(bytes); // doFinal resets the Mac and wipes its digest buffer
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    private Mac newVerifier() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(verifierKey);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
