package dev.vaultload.ceiling;

import dev.vaultload.engine.CipherSuite;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * One crypto ceiling measured as a run measures it before its combinations ({@link CeilingMeasurement}), printed as one
 * tab-separated line per document size: whether it was steady, what it took, and each work's MiB/s. Run in a fresh JVM
 * each time by {@code scripts/crypto-bench.sh ceiling}, which compares the JVMs: a ceiling is measured once per run, so
 * one JVM in ten on a slower path is one run in ten whose share of its ceiling is wrong.
 */
@Command(name = "ceiling", mixinStandardHelpOptions = true,
        description = "Measure the crypto ceiling as a run does; one line per size: steady, ms, work=MiB/s ...")
public final class CeilingBenchmark implements Callable<Integer> {

    @Option(names = "--cipher", defaultValue = "AES256_GCM",
            description = "the run's CIPHER (default: ${DEFAULT-VALUE})")
    private CipherSuite cipher;

    @Parameters(paramLabel = "FILE_SIZE_KIB", arity = "0..*", defaultValue = "65536",
            description = "the run's document sizes in KiB (default: ${DEFAULT-VALUE})")
    private List<Integer> fileSizesKib;

    @Override
    public Integer call() {
        CryptoCeiling ceiling = CeilingMeasurement.measure(fileSizesKib, UnavoidableWork.ofRun(cipher));
        for (SizeCeiling size : ceiling.sizes()) {
            StringBuilder line = new StringBuilder().append(size.fileSizeKib()).append('\t').append(ceiling.steady())
                    .append('\t').append(ceiling.measurementMillis());
            size.mibPerSecond().forEach((work, rate) -> line.append('\t').append(work).append('=')
                    .append(Math.round(rate)));
            System.out.println(line);
        }
        return 0;
    }
}
