package dev.vaultload.vault;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Milliseconds per PBKDF2-HMAC-SHA512 derivation (32-byte salt, 256-bit key, {@code iterations}) of each
 * implementation the keystore could use: the JDK's SunJCE, BouncyCastle's JCA provider, BouncyCastle's lightweight
 * generator, and {@link Pbkdf2HmacSha512}. Each implementation runs in its own JVM (JMH forks per parameter):
 * in one JVM, running the JDK's PBKDF2 first was seen to leave SHA-512 compiled without its intrinsic for the
 * others (MessageDigest-clone PBKDF2 then at the JDK's speed instead of half its time). In the vault's package, as
 * workload-bench's other vault benchmarks, to reach what the vault does not export: {@link Pbkdf2HmacSha512} and the
 * provider {@link CryptoProviders} registers. {@code java -jar workload-bench/target/vaultload-bench.jar jmh KdfBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(1)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KdfBenchmark {

    public enum Implementation { JDK_SUNJCE, BOUNCYCASTLE_PROVIDER, BOUNCYCASTLE_LIGHTWEIGHT, VAULTLOAD_DIGEST_CLONES }

    @Param
    public Implementation implementation;

    @Param({"210000"})
    public int iterations;

    private final char[] password = "benchmark-password-Zq8!".toCharArray();
    private final byte[] salt = new byte[32];
    private SecretKeyFactory factory;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        new SecureRandom().nextBytes(salt);
        factory = switch (implementation) {
            case JDK_SUNJCE -> SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512", "SunJCE");
            case BOUNCYCASTLE_PROVIDER -> SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512", CryptoProviders.bouncyCastle());
            default -> null;
        };
    }

    @Benchmark
    public byte[] derive() throws GeneralSecurityException {
        return switch (implementation) {
            case JDK_SUNJCE, BOUNCYCASTLE_PROVIDER -> factory.generateSecret(new PBEKeySpec(password, salt, iterations, 256)).getEncoded();
            case BOUNCYCASTLE_LIGHTWEIGHT -> {
                PKCS5S2ParametersGenerator generator = new PKCS5S2ParametersGenerator(new SHA512Digest());
                generator.init(PKCS5S2ParametersGenerator.PKCS5PasswordToUTF8Bytes(password), salt, iterations);
                yield ((KeyParameter) generator.generateDerivedParameters(256)).getKey();
            }
            case VAULTLOAD_DIGEST_CLONES -> Pbkdf2HmacSha512.derive(new String(password).getBytes(StandardCharsets.UTF_8), salt, iterations, 32);
        };
    }
}
