package dev.vaultload.s3ec;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The object layout the engines of this module share ({@link ObjectLayout}): one S3 object per document under
 * the user's plain path, a {@code profile} object marking a created user (written last), everything of the user
 * under {@code users/ID/}. What protects the objects is the {@link DocumentProtection}'s.
 */
final class ObjectEngine implements Engine {
    private final BucketObjects objects;
    private final DocumentProtection protection;
    private final long multipartBytes;
    // users seen to exist: a HEAD per operation would count as store time
    private final Set<String> known = ConcurrentHashMap.newKeySet();

    ObjectEngine(BucketObjects objects, DocumentProtection protection, long multipartBytes) {
        this.objects = objects;
        this.protection = protection;
        this.multipartBytes = multipartBytes;
    }

    @Override
    public void createUser(UserCredentials user) {
        String userId = user.userId();
        if (known.contains(userId) || objects.exists(ObjectLayout.profile(userId))) {
            throw new EngineException(EngineException.Reason.USER_EXISTS, "user " + userId + " exists");
        }
        protection.createUser(user);
        objects.put(ObjectLayout.profile(userId), userId.getBytes(StandardCharsets.UTF_8));
        known.add(userId);
    }

    @Override
    public void destroyUser(UserCredentials user) {
        open(user);
        objects.deletePrefix(ObjectLayout.root(user.userId()));
        known.remove(user.userId());
        protection.forget(user.userId());
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        open(user);
        return new ObjectSpace(user, ObjectLayout.privateRoot(user.userId()), false);
    }

    @Override
    public Space inbox(UserCredentials user) {
        open(user);
        return new ObjectSpace(user, ObjectLayout.inboxRoot(user.userId()), true);
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        open(sender);
        List<String> recipients = List.copyOf(recipientIds);
        recipients.forEach(this::requireUser);
        String checked = ObjectLayout.checked(path);
        List<String> inboxKeys = recipients.stream().map(id -> ObjectLayout.documentKey(ObjectLayout.inboxRoot(id), checked)).toList();
        return new SpoolingOutputStream(multipartBytes, document -> protection.share(sender, recipients, inboxKeys, document));
    }

    @Override
    public EngineDescription description() {
        return protection.description();
    }

    private void open(UserCredentials user) {
        requireUser(user.userId());
        protection.unlock(user);
    }

    private void requireUser(String userId) {
        if (!known.contains(userId)) {
            if (!objects.exists(ObjectLayout.profile(userId))) {
                throw new EngineException(EngineException.Reason.UNKNOWN_USER, "no user " + userId);
            }
            known.add(userId);
        }
    }

    /** A user's private space or inbox: plain paths under its root. */
    private final class ObjectSpace implements PrivateSpace {
        private final UserCredentials user;
        private final String root;
        private final boolean inbox;

        ObjectSpace(UserCredentials user, String root, boolean inbox) {
            this.user = user;
            this.root = root;
            this.inbox = inbox;
        }

        @Override
        public OutputStream write(String path) {
            String key = ObjectLayout.documentKey(root, ObjectLayout.checked(path));
            return new SpoolingOutputStream(multipartBytes, document -> protection.write(user, key, document));
        }

        @Override
        public InputStream read(String path) {
            return protection.read(user, ObjectLayout.documentKey(root, ObjectLayout.checked(path)), inbox);
        }

        /** The paths under a segment-complete prefix: a file path covers itself and what is below it, not "a/bc" for "a/b". */
        @Override
        public Stream<String> list(String prefix) {
            return objects.list(ObjectLayout.documentKey(root, prefix)).map(key -> ObjectLayout.pathOf(root, key))
                    .filter(path -> prefix.isEmpty() || prefix.endsWith("/") || path.equals(prefix)
                            || path.startsWith(prefix + "/"));
        }

        @Override
        public Optional<String> storeKey(String path) {
            return Optional.of(ObjectLayout.documentKey(root, path));
        }

        @Override
        public long delete(String prefix) {
            try (Stream<String> paths = list(prefix)) {
                return objects.delete(paths.map(path -> ObjectLayout.documentKey(root, path)).toList());
            }
        }
    }
}
