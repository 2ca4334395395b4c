package dev.vaultload.datasafe;

import de.adorsys.datasafe.business.impl.service.DaggerDefaultDatasafeServices;
import de.adorsys.datasafe.business.impl.service.DefaultDatasafeServices;
import de.adorsys.datasafe.directory.impl.profile.config.DefaultDFSConfig;
import de.adorsys.datasafe.encrypiton.api.types.UserID;
import de.adorsys.datasafe.encrypiton.api.types.UserIDAuth;
import de.adorsys.datasafe.storage.api.StorageService;
import de.adorsys.datasafe.types.api.actions.WriteRequest;
import de.adorsys.datasafe.types.api.types.ReadKeyPassword;
import de.adorsys.datasafe.types.api.types.ReadStorePassword;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The real Datasafe (datasafe-business, its default services: CMS with AES-256-GCM, RSA key pairs, encrypted
 * private paths) as an engine. Users are registered with Datasafe's defaults; a share goes through its inbox
 * service, one write for all recipients.
 */
final class DatasafeEngine implements Engine {
    /** Datasafe's keystore store-password, the same for every user as in Datasafe's own setup; not a user secret. */
    private static final String STORE_PASSWORD = "vaultload-datasafe";

    private final DefaultDatasafeServices datasafe;
    private final boolean storeKeysKnown;
    // users known to exist: asking Datasafe costs a store call, which would count against it in every operation
    private final Set<String> knownUsers = ConcurrentHashMap.newKeySet();

    /** @param storeKeysKnown whether Datasafe's locations are the harness's store keys (its adapter), not its own S3's */
    DatasafeEngine(StorageService storage, boolean storeKeysKnown) {
        this.storeKeysKnown = storeKeysKnown;
        this.datasafe = DaggerDefaultDatasafeServices.builder()
                .config(new DefaultDFSConfig(BlobStoreStorage.ROOT, new ReadStorePassword(STORE_PASSWORD::toCharArray)))
                .storage(storage)
                .build();
    }

    @Override
    public void createUser(UserCredentials user) {
        if (datasafe.userProfile().userExists(new UserID(user.userId()))) {
            throw new EngineException(EngineException.Reason.USER_EXISTS, "user " + user.userId() + " exists");
        }
        datasafe.userProfile().registerUsingDefaults(auth(user));
        knownUsers.add(user.userId());
    }

    @Override
    public void destroyUser(UserCredentials user) {
        datasafe.userProfile().deregister(existing(user));
        knownUsers.remove(user.userId());
    }

    @Override
    public PrivateSpace privateSpace(UserCredentials user) {
        return new DatasafePrivateSpace(existing(user), datasafe.privateService(), storeKeysKnown);
    }

    @Override
    public Space inbox(UserCredentials user) {
        var inbox = datasafe.inboxService();
        return new DatasafeSpace(existing(user), inbox::read, inbox::list, inbox::remove, false);
    }

    @Override
    public OutputStream share(UserCredentials sender, Collection<String> recipientIds, String path) {
        existing(sender);
        Set<UserID> recipients = recipientIds.stream().map(UserID::new).collect(Collectors.toCollection(LinkedHashSet::new));
        recipients.forEach(recipient -> requireUser(recipient.getValue()));
        return datasafe.inboxService().write(WriteRequest.forDefaultPublic(recipients, path));
    }

    /**
     * Datasafe has no re-encryption call: the document is read whole (its CMS envelope and GCM tag checked) into a
     * temporary file and written again at the same path, which Datasafe encrypts under a new document key into the
     * same object (its private paths encrypt deterministically). Nothing is written unless the whole document read.
     */
    @Override
    public void reencrypt(UserCredentials user, String path) {
        PrivateSpace space = privateSpace(user);
        Path copy = null;
        try {
            copy = Files.createTempFile("vaultload-datasafe-", ".bin");
            try (InputStream in = space.read(path)) {
                Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            try (OutputStream out = space.write(path)) {
                Files.copy(copy, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("re-encrypting " + path + ": " + e.getMessage(), e);
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    // a temporary file left behind is the system's to clean
                }
            }
        }
    }

    @Override
    public EngineDescription description() {
        return new EngineDescription(DatasafeEngineFactory.NAME, CipherSuite.AES256_GCM, "RSA", 0);
    }

    private UserIDAuth existing(UserCredentials user) {
        requireUser(user.userId());
        return auth(user);
    }

    private void requireUser(String userId) {
        if (knownUsers.contains(userId)) {
            return;
        }
        if (!datasafe.userProfile().userExists(new UserID(userId))) {
            throw new EngineException(EngineException.Reason.UNKNOWN_USER, "no user " + userId);
        }
        knownUsers.add(userId);
    }

    /** Datasafe wipes a password once used: the supplier hands it a fresh copy for every request. */
    private static UserIDAuth auth(UserCredentials user) {
        return new UserIDAuth(user.userId(), new ReadKeyPassword(user.password()::chars));
    }
}
