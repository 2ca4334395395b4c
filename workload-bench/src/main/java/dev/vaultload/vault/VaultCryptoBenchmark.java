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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Encrypt and decrypt throughput of one document through the Engine (private space, crypto only: written
 * ciphertext is copied into a reused window, read ciphertext comes from memory) beside raw JCE over the same bytes
 * for the same cipher. Each invocation moves {@code sizeBytes}; MB/s = sizeBytes / (microseconds per op).
 * Every output lands in a buffer handed to the Blackhole, every method returns the bytes it produced, and each
 * iteration checks that they covered the document. {@link MemoryBandwidthBenchmark} measures, in the same run, the
 * ceiling no figure here can pass. scripts/crypto-bench.sh runs both and prints the table. In the vault's package
 * (in workload-bench) for the chunk size raw JCE must call with, {@link DocumentCodec#CHUNK_BYTES}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
public class VaultCryptoBenchmark {

    static final String ONE_MIB = "1048576";
    static final String HUNDRED_MIB = "104857600";
    /** Stream buffer of the benchmark's writer and reader, like a typical copy loop. */
    private static final int IO_BUFFER_BYTES = 256 * 1024;

    @Param({"AES256_GCM", "AES256_CBC", "CHACHA20_POLY1305", "NONE"})
    public CipherSuite cipher;

    @Param({ONE_MIB, HUNDRED_MIB})
    public int sizeBytes;

    private byte[] plaintext;
    private byte[] ioBuffer;
    private WindowStore store;
    private PrivateSpace space;
    private RawJce raw;
    /** Bytes the last invocation produced: at least sizeBytes, or the benchmark skipped work. */
    private long producedBytes;

    @Setup(Level.Trial)
    public void setUp() throws IOException, GeneralSecurityException {
        plaintext = new byte[sizeBytes];
        new SecureRandom().nextBytes(plaintext);
        ioBuffer = new byte[IO_BUFFER_BYTES];
        store = new WindowStore();
        Engine vault = new DatasafeStyleVault(store, VaultSettings.defaults().withCipher(cipher).withKdfIterations(1_000));
        UserCredentials user = new UserCredentials("bench", Password.of("bench-password"));
        vault.createUser(user);
        space = vault.privateSpace(user);
        try (OutputStream out = space.write("stored")) {
            out.write(plaintext);
        }
        store.consumeWrites();
        raw = new RawJce(cipher, plaintext);
    }

    @TearDown(Level.Iteration)
    public void checkProducedBytes() {
        if (producedBytes < sizeBytes) {
            throw new IllegalStateException("an invocation produced " + producedBytes + " bytes of " + sizeBytes);
        }
    }

    @Benchmark
    public long vaultEncrypt(Blackhole blackhole) throws IOException {
        long consumedBefore = store.consumedBytes;
        try (OutputStream out = space.write("written")) {
            for (int offset = 0; offset < sizeBytes; offset += IO_BUFFER_BYTES) {
                out.write(plaintext, offset, Math.min(IO_BUFFER_BYTES, sizeBytes - offset));
            }
        }
        blackhole.consume(store.window);
        return producedBytes = store.consumedBytes - consumedBefore;
    }

    @Benchmark
    public long vaultDecrypt(Blackhole blackhole) throws IOException {
        long total = 0;
        try (InputStream in = space.read("stored")) {
            for (int n; (n = in.read(ioBuffer)) >= 0; ) {
                total += n;
            }
        }
        blackhole.consume(ioBuffer);
        return producedBytes = total;
    }

    @Benchmark
    public long rawJceEncrypt(Blackhole blackhole) throws GeneralSecurityException {
        producedBytes = raw.encrypt();
        blackhole.consume(raw.output);
        return producedBytes;
    }

    @Benchmark
    public long rawJceDecrypt(Blackhole blackhole) throws GeneralSecurityException {
        producedBytes = raw.decrypt();
        blackhole.consume(raw.output);
        return producedBytes;
    }

    /**
     * The JDK cipher alone over the same bytes, in calls of the vault's 64 KiB chunk into one reused output window (as
     * the vault's reader reuses its buffer): AEAD one message per call, each with its own nonce; CBC one stream updated
     * per call. Decryption reads a whole ciphertext of the document's size. NONE copies. The same call size makes the
     * same number of JDK calls per byte as the vault, and the JIT compiles by call count: in 1 MiB calls raw GCM ran
     * as C1 code for about 8 seconds after the vault's chunked GCM had been compiled (436 MB/s "baselines").
     */
    static final class RawJce {
        private static final int CALL_BYTES = DocumentCodec.CHUNK_BYTES;
        private static final int TAG_BYTES = 16;
        private final CipherSuite cipher;
        private final byte[] plaintext;
        private final byte[] ciphertext;
        private final int ciphertextBytes;
        final byte[] output = new byte[CALL_BYTES + TAG_BYTES];
        private final byte[] nonce = new byte[12];
        private Cipher jce;
        private SecretKey key;
        /** Counts every message encrypted (the stored ones first): the JDK refuses a reused GCM nonce. */
        private long nonceCounter;

        RawJce(CipherSuite cipher, byte[] plaintext) throws GeneralSecurityException {
            this.cipher = cipher;
            this.plaintext = plaintext;
            if (cipher == CipherSuite.NONE) {
                ciphertext = plaintext;
                ciphertextBytes = plaintext.length;
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
            ciphertext = new byte[plaintext.length + (plaintext.length / CALL_BYTES + 1) * TAG_BYTES];
            ciphertextBytes = cipher == CipherSuite.AES256_CBC ? cbcEncryptAll() : aeadEncryptAll();
        }

        int encrypt() throws GeneralSecurityException {
            if (cipher == CipherSuite.NONE) {
                return copyThroughWindow();
            }
            if (cipher == CipherSuite.AES256_CBC) {
                return cbc(Cipher.ENCRYPT_MODE, plaintext, plaintext.length, CALL_BYTES);
            }
            int written = 0;
            for (int offset = 0; offset < plaintext.length; offset += CALL_BYTES) {
                init(Cipher.ENCRYPT_MODE, nonceCounter++);
                written += jce.doFinal(plaintext, offset, Math.min(CALL_BYTES, plaintext.length - offset), output, 0);
            }
            return written;
        }

        int decrypt() throws GeneralSecurityException {
            if (cipher == CipherSuite.NONE) {
                return copyThroughWindow();
            }
            if (cipher == CipherSuite.AES256_CBC) {
                return cbc(Cipher.DECRYPT_MODE, ciphertext, ciphertextBytes, CALL_BYTES);
            }
            int written = 0;
            long message = 0;
            for (int offset = 0; offset < ciphertextBytes; offset += CALL_BYTES + TAG_BYTES) {
                init(Cipher.DECRYPT_MODE, message++);
                written += jce.doFinal(ciphertext, offset, Math.min(CALL_BYTES + TAG_BYTES, ciphertextBytes - offset), output, 0);
            }
            return written;
        }

        private int copyThroughWindow() {
            for (int offset = 0; offset < plaintext.length; offset += CALL_BYTES) {
                System.arraycopy(plaintext, offset, output, 0, Math.min(CALL_BYTES, plaintext.length - offset));
            }
            return plaintext.length;
        }

        private int aeadEncryptAll() throws GeneralSecurityException {
            int written = 0;
            for (int offset = 0; offset < plaintext.length; offset += CALL_BYTES) {
                init(Cipher.ENCRYPT_MODE, nonceCounter++);
                written += jce.doFinal(plaintext, offset, Math.min(CALL_BYTES, plaintext.length - offset), ciphertext, written);
            }
            return written;
        }

        private int cbcEncryptAll() throws GeneralSecurityException {
            jce.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
            return jce.doFinal(plaintext, 0, plaintext.length, ciphertext, 0);
        }

        /** One CBC stream over {@code length} bytes of {@code input}, in calls of {@code callBytes} into the window. */
        private int cbc(int mode, byte[] input, int length, int callBytes) throws GeneralSecurityException {
            jce.init(mode, key, new IvParameterSpec(new byte[16]));
            int written = 0;
            for (int offset = 0; offset < length; offset += callBytes) {
                written += jce.update(input, offset, Math.min(callBytes, length - offset), output, 0);
            }
            return written + jce.doFinal(output, 0);
        }

        private void init(int mode, long counter) throws GeneralSecurityException {
            for (int i = 0; i < 8; i++) {
                nonce[4 + i] = (byte) (counter >>> (56 - 8 * i));
            }
            jce.init(mode, key, cipher == CipherSuite.AES256_GCM ? new GCMParameterSpec(128, nonce) : new IvParameterSpec(nonce));
        }
    }

    /**
     * In-memory store; once {@link #consumeWrites()} is called, every written byte is copied into one reused window
     * instead of kept: the store reads all it is given, as a real one would, and nothing accumulates.
     */
    static final class WindowStore extends ForwardingBlobStore {
        private static final int WINDOW_BYTES = 64 * 1024;
        final byte[] window = new byte[WINDOW_BYTES];
        long consumedBytes;
        private boolean consuming;

        WindowStore() {
            super(new InMemoryBlobStore("benchmark"));
        }

        void consumeWrites() {
            consuming = true;
        }

        @Override
        public BlobOutputStream openOutput(String key) {
            if (!consuming) {
                return super.openOutput(key);
            }
            return new BlobOutputStream() {
                @Override
                public void write(int b) {
                    window[0] = (byte) b;
                    consumedBytes++;
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    for (int end = off + len; off < end; off += WINDOW_BYTES) {
                        System.arraycopy(b, off, window, 0, Math.min(WINDOW_BYTES, end - off));
                    }
                    consumedBytes += len;
                }

                @Override
                public void abort() {
                }
            };
        }

        @Override
        public String describe() {
            return "window " + super.describe();
        }
    }
}
