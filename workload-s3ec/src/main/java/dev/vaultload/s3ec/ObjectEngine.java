package dev.vaultload.s3ec;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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

    /** ROTATE_KEY as the protection does it ({@link DocumentProtection#rotateKey}). */
    @Override
    public void rotateKey(UserCredentials user, Password nextPassword) {
        requireUser(user.userId());
        protection.rotateKey(user, nextPassword);
    }

    /** REENCRYPT as the protection does it: on the server, or by {@link #rewrite}. */
    @Override
    public void reencrypt(UserCredentials user, String path) {
        open(user);
        String key = ObjectLayout.documentKey(ObjectLayout.privateRoot(user.userId()), ObjectLayout.checked(path));
        protection.reencrypt(user, key, () -> rewrite(user, key));
    }

    /**
     * Reads the document whole and writes it again through the protection, which encrypts it under a new data key;
     * nothing is written unless the whole document was read (and, with S3EC, authenticated), and the PUT replaces
     * the object whole or not at all.
     */
    private void rewrite(UserCredentials owner, String key) {
        SpoolingOutputStream copy = new SpoolingOutputStream(multipartBytes, document -> protection.write(owner, key, document));
        try (InputStream in = protection.read(owner, key, false)) {
            in.transferTo(copy);
        } catch (IOException e) {
            copy.discard();
            throw new UncheckedIOException("re-encrypting " + key + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            copy.discard();
            throw e;
        }
        try {
            copy.close();
        } catch (IOException e) {
            throw new UncheckedIOException("re-encrypting " + key + ": " + e.getMessage(), e);
        }
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

        @Override
        public InputStream read(String path, long firstByte, long lastByte) {
            return protection.read(user, ObjectLayout.documentKey(root, ObjectLayout.checked(path)), inbox, firstByte,
                    lastByte);
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
        public Optional<String> ciphertextKey(String path) {
            return protection.storesCiphertext() ? storeKey(path) : Optional.empty();
        }

        @Override
        public long delete(String prefix) {
            try (Stream<String> paths = list(prefix)) {
                return objects.delete(paths.map(path -> ObjectLayout.documentKey(root, path)).toList());
            }
        }
    }
}
