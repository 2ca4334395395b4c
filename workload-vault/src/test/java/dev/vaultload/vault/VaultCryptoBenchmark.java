package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.ForwardingBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Encrypt and decrypt throughput of one document through the Engine (private space, crypto only: written
 * ciphertext is discarded, read ciphertext comes from memory) beside raw JCE on one buffer for the same cipher.
 * Each invocation moves {@code sizeBytes}; MB/s = sizeBytes / (seconds per op) / 1e6. scripts/crypto-bench.sh runs
 * it and prints the table. Not a unit test: run through JMH's Main.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class VaultCryptoBenchmark {

    /** Stream buffer of the benchmark's writer and reader, like a typical copy loop. */
    private static final int IO_BUFFER_BYTES = 256 * 1024;

    @Param({"AES256_GCM", "AES256_CBC", "CHACHA20_POLY1305", "NONE"})
    public CipherSuite cipher;

    @Param({"1048576", "104857600"})
    public int sizeBytes;

    private byte[] plaintext;
    private byte[] ioBuffer;
    private PrivateSpace space;
    private RawJce raw;

    @Setup(Level.Trial)
    public void setUp() throws IOException, GeneralSecurityException {
        plaintext = new byte[sizeBytes];
        new SecureRandom().nextBytes(plaintext);
        ioBuffer = new byte[IO_BUFFER_BYTES];
        CryptoOnlyStore store = new CryptoOnlyStore();
        Engine vault = new DatasafeStyleVault(store, VaultSettings.defaults().withCipher(cipher).withKdfIterations(1_000));
        UserCredentials user = new UserCredentials("bench", Password.of("bench-password"));
        vault.createUser(user);
        space = vault.privateSpace(user);
        try (OutputStream out = space.write("stored")) {
            out.write(plaintext);
        }
        store.discardWrites = true;
        raw = new RawJce(cipher, plaintext);
    }

    @Benchmark
    public long vaultEncrypt() throws IOException {
        try (OutputStream out = space.write("written")) {
            for (int offset = 0; offset < sizeBytes; offset += IO_BUFFER_BYTES) {
                out.write(plaintext, offset, Math.min(IO_BUFFER_BYTES, sizeBytes - offset));
            }
        }
        return sizeBytes;
    }

    @Benchmark
    public long vaultDecrypt() throws IOException {
        long total = 0;
        try (InputStream in = space.read("stored")) {
            for (int n; (n = in.read(ioBuffer)) >= 0; ) {
                total += n;
            }
        }
        return total;
    }

    @Benchmark
    public int rawJceEncrypt() throws GeneralSecurityException {
        return raw.encrypt();
    }

    @Benchmark
    public int rawJceDecrypt() throws GeneralSecurityException {
        return raw.decrypt();
    }

    /**
     * The JDK cipher alone over the same bytes, in 1 MiB calls: AEAD one message per MiB (fresh nonce; one huge GCM
     * call is the JDK's slow path), CBC one stream updated per MiB. NONE copies the bytes.
     */
    static final class RawJce {
        private static final int CALL_BYTES = 1024 * 1024;
        private final CipherSuite cipher;
        private final byte[] plaintext;
        private final byte[] output;
        private final byte[] ciphertext;
        private final byte[] nonce = new byte[12];
        private Cipher jce;
        private SecretKey key;
        private int ciphertextLength;
        private long nonceCounter;

        RawJce(CipherSuite cipher, byte[] plaintext) throws GeneralSecurityException {
            this.cipher = cipher;
            this.plaintext = plaintext;
            this.output = new byte[plaintext.length + (plaintext.length / CALL_BYTES + 1) * 16];
            this.ciphertext = new byte[output.length];
            if (cipher == CipherSuite.NONE) {
                return;
            }
            byte[] keyBytes = new byte[32];
            new SecureRandom().nextBytes(keyBytes);
            jce = Cipher.getInstance(switch (cipher) {
                case AES256_GCM -> "AES/GCM/NoPadding";
                case AES256_CBC -> "AES/CBC/PKCS5Padding";
                default -> "ChaCha20-Poly1305";
            });
            key = new SecretKeySpec(keyBytes, cipher == CipherSuite.CHACHA20_POLY1305 ? "ChaCha20" : "AES");
            if (cipher == CipherSuite.AES256_CBC) {
                ciphertextLength = cbc(Cipher.ENCRYPT_MODE, plaintext, plaintext.length, ciphertext);
            } else {
                init(Cipher.ENCRYPT_MODE, 0);
                ciphertextLength = jce.doFinal(plaintext, 0, Math.min(CALL_BYTES, plaintext.length), ciphertext, 0);
            }
        }

        int encrypt() throws GeneralSecurityException {
            if (cipher == CipherSuite.NONE) {
                System.arraycopy(plaintext, 0, output, 0, plaintext.length);
                return plaintext.length;
            }
            if (cipher == CipherSuite.AES256_CBC) {
                return cbc(Cipher.ENCRYPT_MODE, plaintext, plaintext.length, output);
            }
            int written = 0;
            for (int offset = 0; offset < plaintext.length; offset += CALL_BYTES) {
                init(Cipher.ENCRYPT_MODE, ++nonceCounter);
                written += jce.doFinal(plaintext, offset, Math.min(CALL_BYTES, plaintext.length - offset), output, written);
            }
            return written;
        }

        /** AEAD: opens the first MiB's message as many times as the size has MiB (same work per byte). */
        int decrypt() throws GeneralSecurityException {
            if (cipher == CipherSuite.NONE) {
                System.arraycopy(plaintext, 0, ciphertext, 0, plaintext.length);
                return plaintext.length;
            }
            if (cipher == CipherSuite.AES256_CBC) {
                return cbc(Cipher.DECRYPT_MODE, ciphertext, ciphertextLength, output);
            }
            int total = 0;
            for (int offset = 0; offset < plaintext.length; offset += CALL_BYTES) {
                init(Cipher.DECRYPT_MODE, 0);
                total += jce.doFinal(ciphertext, 0, ciphertextLength, output, 0);
            }
            return total;
        }

        private int cbc(int mode, byte[] input, int length, byte[] out) throws GeneralSecurityException {
            jce.init(mode, key, new IvParameterSpec(new byte[16]));
            int written = 0;
            for (int offset = 0; offset < length; offset += CALL_BYTES) {
                written += jce.update(input, offset, Math.min(CALL_BYTES, length - offset), out, written);
            }
            return written + jce.doFinal(out, written);
        }

        private void init(int mode, long counter) throws GeneralSecurityException {
            for (int i = 0; i < 8; i++) {
                nonce[4 + i] = (byte) (counter >>> (56 - 8 * i));
            }
            jce.init(mode, key, cipher == CipherSuite.AES256_GCM ? new GCMParameterSpec(128, nonce) : new IvParameterSpec(nonce));
        }
    }

    /** In-memory store whose writes can be switched to a null sink, so encryption benchmarks measure crypto only. */
    static final class CryptoOnlyStore extends ForwardingBlobStore {
        volatile boolean discardWrites;

        CryptoOnlyStore() {
            super(new InMemoryBlobStore("benchmark"));
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            if (!discardWrites) {
                return super.openOutput(key);
            }
            return new BlobOutputStream() {
                @Override
                public void write(int b) {
                }

                @Override
                public void write(byte[] b, int off, int len) {
                }

                @Override
                public void abort() {
                }
            };
        }

        @Override
        public String describe() {
            return "crypto-only " + super.describe();
        }
    }
}
