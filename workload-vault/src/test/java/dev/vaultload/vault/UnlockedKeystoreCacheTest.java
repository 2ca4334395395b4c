package dev.vaultload.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UnlockedKeystoreCacheTest {

    private final AtomicInteger unlocks = new AtomicInteger();

    private UserKeys slowUnlock(UserCredentials user) {
        unlocks.incrementAndGet();
        if (!user.password().equals(Password.of("right"))) {
            throw new EngineException(EngineException.Reason.WRONG_PASSWORD, "wrong");
        }
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new UserKeys(user.userId(), null, null, new byte[0], null, null, new byte[0]);
    }

    @Test
    void manyThreadsAskingForOneUserCauseOneUnlock() throws Exception {
        UnlockedKeystoreCache<UserKeys> cache = new UnlockedKeystoreCache<>(10, this::slowUnlock, new SecureRandom());
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<UserKeys>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return cache.get(new UserCredentials("alice", Password.of("right")));
                }));
            }
            start.countDown();
            UserKeys first = results.get(0).get();
            for (Future<UserKeys> result : results) {
                assertSame(first, result.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, unlocks.get());
    }

    @Test
    void wrongPasswordNeverGetsCachedKeysAndIsNotCached() {
        UnlockedKeystoreCache<UserKeys> cache = new UnlockedKeystoreCache<>(10, this::slowUnlock, new SecureRandom());
        cache.get(new UserCredentials("alice", Password.of("right")));
        EngineException e = assertThrows(EngineException.class,
                () -> cache.get(new UserCredentials("alice", Password.of("wrong"))));
        assertEquals(EngineException.Reason.WRONG_PASSWORD, e.reason());
        assertThrows(EngineException.class, () -> cache.get(new UserCredentials("bob", Password.of("wrong"))));
        assertThrows(EngineException.class, () -> cache.get(new UserCredentials("bob", Password.of("wrong"))));
        assertEquals(1, cache.size());
    }

    @Test
    void boundedLeastRecentlyUsedEviction() {
        UnlockedKeystoreCache<UserKeys> cache = new UnlockedKeystoreCache<>(2, this::slowUnlock, new SecureRandom());
        UserCredentials a = new UserCredentials("a", Password.of("right"));
        cache.get(a);
        cache.get(new UserCredentials("b", Password.of("right")));
        cache.get(a); // a is now more recent than b
        cache.get(new UserCredentials("c", Password.of("right")));
        assertEquals(2, cache.size());
        int before = unlocks.get();
        cache.get(a);
        assertEquals(before, unlocks.get(), "a was recently used and must still be cached");
        cache.get(new UserCredentials("b", Password.of("right")));
        assertEquals(before + 1, unlocks.get(), "b was the least recently used and must have been evicted");
    }

    @Test
    void rememberedKeysNeedNoUnlockButOnlyForTheirPassword() {
        UnlockedKeystoreCache<UserKeys> cache = new UnlockedKeystoreCache<>(10, this::slowUnlock, new SecureRandom());
        UserKeys created = new UserKeys("alice", null, null, new byte[0], null, null, new byte[0]);
        cache.remember(new UserCredentials("alice", Password.of("right")), created);

        assertSame(created, cache.get(new UserCredentials("alice", Password.of("right"))));
        assertEquals(0, unlocks.get());
        assertThrows(EngineException.class, () -> cache.get(new UserCredentials("alice", Password.of("wrong"))));
    }
}
