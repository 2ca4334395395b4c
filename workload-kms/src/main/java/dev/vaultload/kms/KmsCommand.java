package dev.vaultload.kms;

import dev.vaultload.report.Environment;
import dev.vaultload.report.ProgressLog;
import dev.vaultload.settings.SettingType;
import dev.vaultload.settings.SettingsRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code vaultload kms}: the KMS pressure tool on the harness's statistics. Each case runs at each concurrency for the
 * duration, one after the other; every period the tool's progress line (RequestCount, ResponseCount, TPS, AvgTPS,
 * Max/Min/Avg time cost, errors by class) goes to the log, then the closing Statistics line; at the end a table of
 * ops/s and latency percentiles, and a JSON result in the report directory.
 */
@Command(name = "kms", mixinStandardHelpOptions = true,
        description = {"Pressure on a key manager, as the KMS pressure tool measures it: encrypt, decrypt or generate"
                + " data keys from THREADS threads for a while, a progress line every period, percentiles at the end.",
                "The key manager is the setting KMS (KES, AWS_KMS, PKCS11 or VAULT_TRANSIT) with its KES_*, AWS_KMS_*,"
                        + " PKCS11_* or VAULT_* settings, from system properties or the environment (scripts/start-kes.sh,"
                        + " start-local-kms.sh, start-softhsm.sh and start-vault.sh print them).",
                "Exit status: 0 no call failed, 1 a call failed, 2 bad input (nothing measured)."})
public final class KmsCommand implements Callable<Integer> {
    /** The AWS KMS API encrypts at most 4 KiB; larger data is encrypted under a data key. */
    static final int MAX_DATA_SIZE_BYTES = 4096;
    static final int MAX_THREADS = 1024;
    /** Bound to every ciphertext, as an application binds the object a key belongs to. */
    private static final byte[] CONTEXT = "vaultload kms pressure".getBytes(StandardCharsets.UTF_8);

    @Spec
    private CommandSpec spec;

    @Option(names = "--case", split = ",", converter = KmsCase.Converter.class, paramLabel = "CASE",
            defaultValue = "encrypt,decrypt,generate-data-key",
            description = "what to repeat, one or more of encrypt, decrypt, generate-data-key (default: ${DEFAULT-VALUE})")
    private List<KmsCase> cases;

    @Option(names = "--data-size", paramLabel = "BYTES", defaultValue = "32",
            description = "bytes encrypted and decrypted, 1 to " + MAX_DATA_SIZE_BYTES + " (default: ${DEFAULT-VALUE})")
    private int dataSizeBytes;

    @Option(names = "--concurrency", split = ",", paramLabel = "THREADS", defaultValue = "1,8",
            description = "threads, a list run one after the other (default: ${DEFAULT-VALUE})")
    private List<Integer> concurrency;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "10s",
            description = "how long each case runs at each concurrency, e.g. 10s or 5m (default: ${DEFAULT-VALUE})")
    private String duration;

    @Option(names = "--period", paramLabel = "DURATION", defaultValue = "1s",
            description = "time between progress lines (default: ${DEFAULT-VALUE})")
    private String period;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "0",
            description = "each case runs this long at its first concurrency before it is measured, unrecorded, so"
                    + " that the JIT, connections and the KMS's caches are warm (default: ${DEFAULT-VALUE}, none)")
    private String warmup;

    @Option(names = "--rate", paramLabel = "OPS_PER_S",
            description = "open loop: calls per second over all threads, latency from each call's due time"
                    + " (default: closed loop, each thread calls again as soon as it has its answer)")
    private Double rate;

    @Option(names = "--report-dir", paramLabel = "DIR", defaultValue = "target/workload-reports",
            description = "where the JSON result goes (default: ${DEFAULT-VALUE})")
    private Path reportDir;

    private final Function<String, String> settings;

    /** The settings from system properties, else the environment. */
    public KmsCommand() {
        this(SettingsRegistry.system());
    }

    /** @param settings a setting's text by name, e.g. the command line's options before the environment */
    public KmsCommand(Function<String, String> settings) {
        this.settings = settings;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Duration runDuration = duration("--duration", duration);
        Duration reportPeriod = duration("--period", period);
        Duration warmupDuration = duration("--warmup", warmup, SettingType.durationOrZero());
        checkInput();
        Pacing pacing = rate == null ? Pacing.CLOSED : Pacing.atRate(rate);
        KeyManagerFactory factory;
        KeyManager kms;
        try {
            factory = KeyManagers.named(KmsSettings.KMS.require(settings, "a key manager, one of "
                    + KeyManagers.all().stream().map(KeyManagerFactory::name).sorted().toList()));
            kms = factory.open(settings);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try (kms) {
            return measure(factory.name(), kms, new Timing(runDuration, reportPeriod, warmupDuration), pacing);
        }
    }

    /** How long each case runs, how often it reports, and how long it warms up first. */
    private record Timing(Duration run, Duration period, Duration warmup) {
    }

    private int measure(String kmsName, KeyManager kms, Timing timing, Pacing pacing) throws IOException,
            InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Instant startedAt = Instant.now();
        byte[] data = new byte[dataSizeBytes];
        new SecureRandom().nextBytes(data);
        List<CaseResult> results = new ArrayList<>();
        boolean failed = false;
        for (KmsCase kmsCase : cases) {
            KmsCase.Call call;
            try {
                call = kmsCase.prepare(kms, data, CONTEXT);
            } catch (KeyManagerException e) {
                err.println("vaultload kms: cannot prepare " + kmsCase.label() + ": " + e.getMessage());
                failed = true;
                continue;
            }
            long payloadBytes = kmsCase.payloadBytes(dataSizeBytes);
            if (!timing.warmup().isZero()) {
                new PressureRun(call, payloadBytes, concurrency.get(0), pacing).measure(timing.warmup(), timing.period(),
                        List.of());
            }
            for (int threads : concurrency) {
                String label = label(kmsName, kmsCase, threads);
                PressureRun.Measurement measurement = new PressureRun(call, payloadBytes, threads, pacing)
                        .measure(timing.run(), timing.period(), List.of(new ProgressLog(label)));
                measurement.firstFailures().forEach(failure -> err.println("vaultload kms: " + label + ": " + failure));
                failed |= measurement.statistics().errorCount() > 0;
                results.add(CaseResult.of(kmsCase, threads, pacing, measurement));
            }
        }
        out.printf(Locale.ROOT, "%s, key '%s', %d-byte data, %s per case and concurrency, %s%n", kms.description(),
                kms.keyId(), dataSizeBytes, duration, rate == null ? "closed loop" : "open loop at " + rate + " calls/s");
        PercentileTable.print(results, out);
        Path file = new KmsReport(kmsName, kms.description(), kms.keyId(), dataSizeBytes, timing.run().toMillis(),
                timing.period().toMillis(), timing.warmup().toMillis(), startedAt.toString(), Environment.current(),
                results).writeInto(reportDir);
        out.println("wrote " + file);
        out.flush();
        return failed ? 1 : 0;
    }

    private String label(String kmsName, KmsCase kmsCase, int threads) {
        return kmsName + " " + kmsCase.label() + " " + threads + (threads == 1 ? " thread " : " threads ")
                + dataSizeBytes + " bytes" + (rate == null ? "" : " at " + rate + "/s");
    }

    private void checkInput() {
        if (dataSizeBytes < 1 || dataSizeBytes > MAX_DATA_SIZE_BYTES) {
            throw invalid("--data-size", Integer.toString(dataSizeBytes), "1 to " + MAX_DATA_SIZE_BYTES + " bytes");
        }
        for (int threads : concurrency) {
            if (threads < 1 || threads > MAX_THREADS) {
                throw invalid("--concurrency", Integer.toString(threads), "threads from 1 to " + MAX_THREADS);
            }
        }
        if (rate != null && !(rate > 0 && Double.isFinite(rate))) {
            throw invalid("--rate", rate.toString(), "calls per second above 0");
        }
    }

    private Duration duration(String option, String text) {
        return duration(option, text, SettingType.duration());
    }

    private Duration duration(String option, String text, SettingType<Duration> type) {
        try {
            return type.parse().apply(text);
        } catch (IllegalArgumentException e) {
            throw invalid(option, text, type.accepted());
        }
    }

    private ParameterException invalid(String option, String value, String expected) {
        return new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': '" + value
                + "': expected " + expected);
    }
}
