package dev.vaultload.vault;

import static dev.vaultload.vault.VaultTestSupport.settings;
import static dev.vaultload.vault.VaultTestSupport.user;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Documents;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.FileSystemBlobStore;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Bounded memory: 256 MiB stream through encryption and decryption (into and out of a file store) while this
 * thread allocates only a few MiB in total: no whole-object buffer, nothing allocated per byte.
 */
class StreamingMemoryTest {

    @TempDir
    Path root;

    private static final long SIZE_BYTES = 256L * 1024 * 1024;
    /**
     * A sixteenth of the stream: far below any whole-object buffer, and above the JDK's own per-chunk garbage
     * (SunJCE's ChaCha20-Poly1305 allocates ~2.4 KB per init, i.e. per 64 KiB chunk: ~10 MB for 256 MiB).
     */
    private static final long ALLOCATION_LIMIT_BYTES = SIZE_BYTES / 16;

    @ParameterizedTest
    @EnumSource(value = CipherSuite.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void quarterGibibyteStreamsWithFixedAllocation(CipherSuite cipher) throws Exception {
        FileSystemBlobStore store = new FileSystemBlobStore(root.resolve(cipher.name()));
        Engine vault = new DatasafeStyleVault(store, settings(cipher));
        UserCredentials alice = user("alice");
        vault.createUser(alice);
        PrivateSpace space = vault.privateSpace(alice);
        byte[] block = Documents.content(256 * 1024, 9);

        MessageDigest written = MessageDigest.getInstance("SHA-256");
        long allocatedBefore = allocatedBytes();
        try (OutputStream out = space.write("big")) {
            for (long done = 0; done < SIZE_BYTES; done += block.length) {
                out.write(block);
                written.update(block);
            }
        }
        long encryptAllocated = allocatedBytes() - allocatedBefore;

        MessageDigest read = MessageDigest.getInstance("SHA-256");
        byte[] buffer = new byte[256 * 1024];
        allocatedBefore = allocatedBytes();
        try (InputStream in = space.read("big")) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                read.update(buffer, 0, n);
            }
        }
        long decryptAllocated = allocatedBytes() - allocatedBefore;

        assertArrayEquals(written.digest(), read.digest());
        assertTrue(encryptAllocated < ALLOCATION_LIMIT_BYTES, cipher + " encrypt allocated " + encryptAllocated);
        assertTrue(decryptAllocated < ALLOCATION_LIMIT_BYTES, cipher + " decrypt allocated " + decryptAllocated);
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
