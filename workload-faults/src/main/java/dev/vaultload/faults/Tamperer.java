package dev.vaultload.faults;

import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * An outside party altering stored objects while a run goes on: a thread with a store client of its own (its own S3
 * client, or its own file handles), never the run's. Every {@code interval} it picks an object it has not touched yet
 * and one of {@code kinds} that applies to it, changes it, and records when in the run's sequence; for a rollback it
 * keeps each keystore as it first saw it (the tamperer's own copy, never logged). Stops after
 * {@code maxAlterations} or at {@link #close()}. Seeded: the same seed picks the same way from the same listing.
 */
final class Tamperer implements AutoCloseable {
    private final BlobStore store;
    private final AtomicLong sequence;
    private final List<Alteration.Kind> kinds;
    private final Duration interval;
    private final int maxAlterations;
    private final Random random;
    private final List<Alteration> made = new ArrayList<>();
    private final Set<String> touched = new HashSet<>();
    /** Each keystore as first seen, for a rollback to put back once the run has re-sealed it. */
    private final Map<String, byte[]> firstKeystores = new HashMap<>();
    private final Thread thread;
    private volatile boolean stopped;
    private volatile RuntimeException failure;

    Tamperer(BlobStore store, AtomicLong sequence, List<Alteration.Kind> kinds, Duration interval, int maxAlterations,
             long seed) {
        this.store = store;
        this.sequence = sequence;
        this.kinds = List.copyOf(kinds);
        this.interval = interval;
        this.maxAlterations = maxAlterations;
        this.random = new Random(seed);
        this.thread = new Thread(this::loop, "tamperer");
        this.thread.setDaemon(true);
    }

    Tamperer start() {
        thread.start();
        return this;
    }

    private void loop() {
        try {
            while (!stopped && made.size() < maxAlterations) {
                Thread.sleep(interval.toMillis());
                alterOne();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (!stopped) { // after close, the interrupt that stops a store call surfaces as its failure
                failure = e;
            }
        }
    }

    /** One attempt, as the thread makes it every interval (package-private so a test can step it). */
    void alterOne() {
        List<String> keys;
        try (Stream<String> listed = store.list("")) {
            keys = listed.filter(key -> !touched.contains(key)).sorted().toList();
        }
        if (kinds.contains(Alteration.Kind.KEY_ROLLBACK)) {
            rememberNewKeystores(keys);
        }
        Alteration.Kind kind = kinds.get(random.nextInt(kinds.size()));
        List<String> candidates = kind == Alteration.Kind.KEY_ROLLBACK ? resealed(keys)
                : keys.stream().filter(kind.target::holds).toList();
        if (candidates.isEmpty()) {
            return;
        }
        String key = candidates.get(random.nextInt(candidates.size()));
        Optional<String> swapSource = kind == Alteration.Kind.SWAP || kind == Alteration.Kind.KEY_SWAP
                ? swapSource(key, keys) : Optional.empty();
        if ((kind == Alteration.Kind.SWAP || kind == Alteration.Kind.KEY_SWAP) && swapSource.isEmpty()) {
            return;
        }
        long startSequence = sequence.incrementAndGet();
        try {
            if (!alter(kind, key, swapSource)) {
                return;
            }
        } catch (RuntimeException goneMeanwhile) {
            return; // the run deleted it first: nothing was altered
        }
        touched.add(key);
        synchronized (made) {
            made.add(new Alteration(startSequence, sequence.incrementAndGet(), kind, key));
        }
    }

    /**
     * @return false when nothing changed: the object was gone already, or a swap's source holds the same bytes (a
     * share's copies in its recipients' inboxes do)
     */
    private boolean alter(Alteration.Kind kind, String key, Optional<String> swapSource) {
        switch (kind) {
            case DELETE, KEY_DELETE -> {
                if (!store.exists(key)) {
                    return false; // deleting nothing alters nothing
                }
                store.delete(key);
            }
            case TRUNCATE -> {
                byte[] stored = read(key);
                write(key, Arrays.copyOf(stored, stored.length / 2));
            }
            case FLIP, KEY_FLIP -> {
                byte[] stored = read(key);
                stored[random.nextInt(stored.length)] ^= 0x01;
                write(key, stored);
            }
            case OVERWRITE -> {
                byte[] other = new byte[read(key).length];
                random.nextBytes(other);
                write(key, other);
            }
            case SWAP, KEY_SWAP -> {
                byte[] other = read(swapSource.orElseThrow());
                if (Arrays.equals(other, read(key))) {
                    return false;
                }
                write(key, other);
            }
            case KEY_ROLLBACK -> {
                byte[] first = firstKeystores.get(key);
                if (first == null || Arrays.equals(first, read(key))) {
                    return false; // not re-sealed since: putting it back would change nothing
                }
                write(key, first);
            }
        }
        return true;
    }

    /**
     * The keystores the run has re-sealed since they were first read: the only ones a rollback changes. Chosen among
     * these rather than among all keystores, so that a rotation cell's few rollbacks are not mostly spent on keystores
     * not rotated yet.
     */
    private List<String> resealed(List<String> keys) {
        return keys.stream().filter(firstKeystores::containsKey).filter(key -> {
            try {
                return !Arrays.equals(firstKeystores.get(key), read(key));
            } catch (RuntimeException goneMeanwhile) {
                return false;
            }
        }).toList();
    }

    /** Reads each keystore not seen before: what a rollback puts back once the run has rotated the user's key. */
    private void rememberNewKeystores(List<String> keys) {
        for (String key : keys) {
            if (Alteration.Target.isKeystore(key) && !firstKeystores.containsKey(key)) {
                try {
                    firstKeystores.put(key, read(key));
                } catch (RuntimeException goneMeanwhile) {
                    // a user removed at the run's end: nothing to roll back
                }
            }
        }
    }

    /**
     * Another user's object of the same kind: their keystore, public key or profile for key material, one of their
     * private documents for a document. Never another user's inbox copy: a share goes to several inboxes, and a
     * fixture's SHARE repeats with the same content in every pass, so such a copy may be addressed to the target's
     * owner too and open to the very content expected; a private document opens only with its owner's key.
     */
    private Optional<String> swapSource(String key, List<String> keys) {
        String user = key.substring(0, key.indexOf('/') + 1);
        String rest = key.substring(user.length());
        List<String> others = keys.stream().filter(other -> !other.startsWith(user))
                .filter(other -> rest.contains("/") ? other.contains("/private/") : other.endsWith("/" + rest)).toList();
        return others.isEmpty() ? Optional.empty() : Optional.of(others.get(random.nextInt(others.size())));
    }

    private byte[] read(String key) {
        try (InputStream in = store.get(key)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String key, byte[] bytes) {
        store.put(key, new ByteArrayInputStream(bytes), bytes.length);
    }

    /** What was altered, in order; fails if the tamperer itself failed. */
    List<Alteration> made() {
        if (failure != null) {
            throw new IllegalStateException("the tamperer failed: " + failure, failure);
        }
        synchronized (made) {
            return List.copyOf(made);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(Duration.ofSeconds(30));
    }
}
