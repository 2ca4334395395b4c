package dev.vaultload.engine;

import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * An engine that stores plaintext under plain keys ({@code users/ID/private/PATH}, {@code users/ID/inbox/PATH}):
 * what the harness needs of an engine and nothing more. It checks no password and encrypts nothing. Not a binding
 * (no factory: no run selects it by name); it is here, not in the tests, because two users need it: the harness's
 * own tests, which must not depend on an engine binding, and workload-bench's harness benchmark, which measures
 * what the harness costs with as little engine as possible.
 */
public final class PlaintextEngine implements Engine {
    public static final String NAME = "PLAINTEXT";

    private final BlobStore store;
    // users are known in memory: a store call per operation to check them would count as store time
    private final Set<String> users = ConcurrentHashMap.newKeySet();

    private final long workNanosPerDocument;

    public PlaintextEngine(BlobStore store) {
        this(store, Duration.ZERO);
    }

    /** @param workPerDocument CPU the engine spends on each document read or written, as encryption would */
    public PlaintextEngine(BlobStore store, Duration workPerDocument) {
        this.store = store;
        this.workNanosPerDocument = workPerDocument.toNanos();
    }

    @Override
    public void createUser(UserCredentials user) {
        if (!users.add(user.userId())) {
            throw new EngineException(EngineException.Reason.USER_EXISTS, "user " + user.userId() + " exists");
        }
        byte[] profile = user.userId().getBytes(StandardCharsets.UTF_8);
        store.put(profile(user.userId()), new ByteArrayInputStream(profile), profile.length);
    }

    @Override
    public void destroyUser(UserCredentials user) {
        store.deletePrefix(root(requireUser(user.userId())));
        users.remove(user.userId());
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return new StoredSpace(root(requireUser(user.userId())) + "private/");
    }

    @Override
    public Space inbox(UserCredentials user) {
        return new StoredSpace(root(requireUser(user.userId())) + "inbox/");
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        requireUser(sender.userId());
        List<String> inboxKeys = recipientIds.stream().map(id -> root(requireUser(id)) + "inbox/" + path).toList();
        BlobOutputStream first = store.openOutput(inboxKeys.getFirst());
        return new java.io.FilterOutputStream(first) {
            @Override
            public void write(byte[] bytes, int offset, int length) throws java.io.IOException {
                out.write(bytes, offset, length);
            }

            @Override
            public void close() throws java.io.IOException {
                super.close();
                inboxKeys.stream().skip(1).forEach(key -> store.copy(inboxKeys.getFirst(), key));
            }
        };
    }

    @Override
    public EngineDescription description() {
        return new EngineDescription(NAME, CipherSuite.NONE, "NONE", 1);
    }

    /** Spins rather than sleeps: engine work is CPU, and a sleep would overshoot. */
    private void work() {
        long endNanos = System.nanoTime() + workNanosPerDocument;
        while (System.nanoTime() < endNanos) {
            Thread.onSpinWait();
        }
    }

    private String requireUser(String userId) {
        if (!users.contains(userId)) {
            throw new EngineException(EngineException.Reason.UNKNOWN_USER, "no user " + userId);
        }
        return userId;
    }

    private static String root(String userId) {
        return "users/" + userId + "/";
    }

    private static String profile(String userId) {
        return root(userId) + "profile";
    }

    private final class StoredSpace implements PrivateSpace {
        private final String root;

        StoredSpace(String root) {
            this.root = root;
        }

        @Override
        public OutputStream write(String path) {
            work();
            return store.openOutput(root + path);
        }

        @Override
        public InputStream read(String path) {
            work();
            try {
                return store.get(root + path);
            } catch (BlobNotFoundException e) {
                throw new EngineException(EngineException.Reason.INTEGRITY, "no document " + path, e);
            }
        }

        /** The paths under a segment-complete prefix: a file path covers itself and what is below it, not "a/bc" for "a/b". */
        @Override
        public Stream<String> list(String prefix) {
            return store.list(root + prefix).map(key -> key.substring(root.length()))
                    .filter(path -> prefix.isEmpty() || prefix.endsWith("/") || path.equals(prefix)
                            || path.startsWith(prefix + "/"));
        }

        @Override
        public Optional<String> storeKey(String path) {
            return Optional.of(root + path);
        }

        @Override
        public long delete(String prefix) {
            List<String> paths;
            try (Stream<String> listed = list(prefix)) {
                paths = listed.toList();
            }
            paths.forEach(path -> store.delete(root + path));
            return paths.size();
        }
    }
}
