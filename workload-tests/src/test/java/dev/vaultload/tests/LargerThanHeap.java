package dev.vaultload.tests;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineOptions;
import dev.vaultload.engine.Engines;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.engine.Password;
import dev.vaultload.storage.StorageProvider;
import dev.vaultload.storage.StorageProviders;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

/**
 * Writes one document of {@code SIZE_BYTES} through the VAULTLOAD engine on a provider and reads it back, comparing
 * SHA-256: run by {@link LargerThanHeapTest} in a JVM whose heap is half the document, so it passes only if both
 * paths stream. Prints {@code ok <sha256>} and exits 0, else fails with the exception.
 *
 * <p>Arguments: PROVIDER SIZE_BYTES [FILESYSTEM_ROOT].
 */
public final class LargerThanHeap {
    private static final int BLOCK_BYTES = 64 * 1024;

    private LargerThanHeap() {
    }

    public static void main(String[] args) throws Exception {
        String provider = args[0];
        long sizeBytes = Long.parseLong(args[1]);
        Map<String, String> settings = args.length > 2 ? Map.of("FILESYSTEM_ROOT", args[2]) : Map.of();
        try (StorageProvider storage = StorageProviders.named(provider).start(settings::get)) {
            Engine vault = Engines.named(Engines.DEFAULT).open(storage.openBucket(storage.defaultBucket()),
                    new EngineOptions(CipherSuite.AES256_GCM, 1000));
            UserCredentials user = new UserCredentials("larger-than-heap", Password.of("larger-than-heap"));
            vault.createUser(user);
            PrivateSpace space = vault.privateSpace(user);
            byte[] block = new byte[BLOCK_BYTES];
            MessageDigest written = MessageDigest.getInstance("SHA-256");
            try (OutputStream out = space.write("big.bin")) {
                for (long done = 0; done < sizeBytes; done += BLOCK_BYTES) {
                    block[(int) (done / BLOCK_BYTES % BLOCK_BYTES)]++; // no two blocks alike
                    out.write(block);
                    written.update(block);
                }
            }
            MessageDigest read = MessageDigest.getInstance("SHA-256");
            try (InputStream in = space.read("big.bin")) {
                for (int n = in.read(block); n >= 0; n = in.read(block)) {
                    read.update(block, 0, n);
                }
            }
            String writtenSha = HexFormat.of().formatHex(written.digest());
            String readSha = HexFormat.of().formatHex(read.digest());
            if (!writtenSha.equals(readSha)) {
                throw new IllegalStateException("read back sha256 " + readSha + ", wrote " + writtenSha);
            }
            vault.destroyUser(user);
            System.out.println("ok " + readSha);
        }
    }
}
