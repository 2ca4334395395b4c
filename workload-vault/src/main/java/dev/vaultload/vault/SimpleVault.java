package dev.vaultload.vault;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Stream;

/**
 * The private space only, with document-level calls: the analog of Datasafe's simple adapter
 * (SimpleDatasafeService), used by the simple-adapter suite. Paths follow {@link Space}'s rules.
 *
 * <pre>{@code
 * SimpleVault simple = new SimpleVault(new DatasafeStyleVault(store, VaultSettings.defaults()));
 * }</pre>
 */
public final class SimpleVault {

    private final Engine vault;

    public SimpleVault(Engine vault) {
        this.vault = vault;
    }

    public void createUser(UserCredentials user) {
        vault.createUser(user);
    }

    public void destroyUser(UserCredentials user) {
        vault.destroyUser(user);
    }

    /** Streams a document in; it is stored when the returned stream is closed. */
    public OutputStream storeDocument(UserCredentials user, String path) {
        return vault.privateSpace(user).write(path);
    }

    /** Stores the whole content of {@code content} at {@code path}. */
    public void storeDocument(UserCredentials user, String path, InputStream content) {
        try (OutputStream out = storeDocument(user, path)) {
            content.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("storing " + path + " failed", e);
        }
    }

    public void storeDocument(UserCredentials user, String path, byte[] content) {
        storeDocument(user, path, new ByteArrayInputStream(content));
    }

    /** The decrypted document; the caller closes it. */
    public InputStream readDocument(UserCredentials user, String path) {
        return vault.privateSpace(user).read(path);
    }

    /** Deletes the document at {@code path} (and, segment-complete, anything below it); returns how many. */
    public long deleteDocument(UserCredentials user, String path) {
        return vault.privateSpace(user).delete(path);
    }

    public boolean documentExists(UserCredentials user, String path) {
        return vault.privateSpace(user).exists(path);
    }

    /** The paths under {@code prefix} ("" for all), recursively, as Datasafe's list(..., RECURSIVE). */
    public List<String> list(UserCredentials user, String prefix) {
        try (Stream<String> paths = vault.privateSpace(user).list(prefix)) {
            return paths.toList();
        }
    }
}
