package dev.vaultload.kms;

import dev.vaultload.kms.kes.BareKesCall;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.stats.ProcessCpu;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What `vaultload kms` costs KES beyond a bare loop: at each concurrency, in turns in one JVM, KES's
 * generate-data-key made by a minimal loop ({@link BareKesCall} on plain threads, the JDK client's defaults but for
 * the binding's protocol and mTLS identity), and by the harness ({@link PressureRun} on the KES binding, every call
 * timed, classified and recorded), each for the same time after a warm-up of all. Prints, per concurrency and round,
 * ops/s and this process's CPU per call for both and their ratios; then the goal: the harness at >= 0.95 of the
 * minimal loop's ops/s at no more CPU per call (medians over the rounds). Exit 1 when it is missed. A third figure,
 * the bare call on the binding's own client (its KMS_HTTP_EXECUTOR), tells what the client's configuration gains from
 * what the harness costs (its JSON, its request built per call, its loop).
 * <p>
 * {@code kms-overhead THREADS,... SECONDS ROUNDS}, KES from the environment (KES_URL, KES_KEY_NAME, KES_CLIENT_CERT,
 * KES_CLIENT_KEY, KES_CA_PATH).
 */
@Command(name = "kms-overhead", mixinStandardHelpOptions = true,
        description = "vaultload kms's generate-data-key on KES against a minimal HttpClient loop: ops/s and client CPU"
                + " per call, in turns")
public final class KmsOverheadBenchmark implements Callable<Integer> {
    private static final double MIN_OPS_RATIO = 0.95;
    private static final byte[] CONTEXT = "vaultload kms overhead".getBytes(StandardCharsets.UTF_8);

    @Parameters(index = "0", split = ",", paramLabel = "THREADS")
    private List<Integer> concurrency;

    @Parameters(index = "1", paramLabel = "SECONDS",
            description = "per figure; the warm-up runs each loop as long at each concurrency")
    private int seconds;

    @Parameters(index = "2", paramLabel = "ROUNDS")
    private int rounds;

    @Option(names = "--goal", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "exit 1 when the goal is missed (default); --no-goal prints the verdict only (a smoke run)")
    private boolean checkGoal;

    /** One loop's figure: calls per second and this process's CPU per call. */
    private record Figure(double opsPerSecond, double cpuMicrosPerCall) {
    }

    @Override
    public Integer call() throws Exception {
        Function<String, String> settings = SettingsRegistry.system();
        Duration duration = Duration.ofSeconds(seconds);
        boolean met = true;
        try (KeyManager kms = KeyManagers.named("KES").open(settings);
             BareKesCall minimal = new BareKesCall(settings, CONTEXT, HttpExecutor.POOL);
             BareKesCall tuned = new BareKesCall(settings, CONTEXT, KmsSettings.KMS_HTTP_EXECUTOR.read(settings))) {
            KmsCase.Call harnessCall = KmsCase.GENERATE_DATA_KEY.prepare(kms, new byte[0], CONTEXT);
            for (int threads : concurrency) { // warm-up: every path compiled, at each concurrency, before any figure
                bare(minimal, threads, duration);
                harness(harnessCall, threads, duration);
                bare(tuned, threads, duration);
            }
            System.out.println("threads round minimal ops/s harness ops/s  ratio minimal CPU us/call harness CPU us/call"
                    + "  ratio  binding's client, bare: ops/s  CPU us/call  harness/it CPU");
            for (int threads : concurrency) {
                List<Double> opsRatios = new ArrayList<>();
                List<Double> cpuRatios = new ArrayList<>();
                for (int round = 1; round <= rounds; round++) {
                    // alternate which goes first, so that a drift of the shared machine falls on both
                    boolean bareFirst = round % 2 == 1;
                    Figure first = bareFirst ? bare(minimal, threads, duration) : harness(harnessCall, threads, duration);
                    Figure second = bareFirst ? harness(harnessCall, threads, duration) : bare(minimal, threads, duration);
                    Figure plain = bareFirst ? first : second;
                    Figure measured = bareFirst ? second : first;
                    Figure tunedBare = bare(tuned, threads, duration);
                    opsRatios.add(measured.opsPerSecond() / plain.opsPerSecond());
                    cpuRatios.add(measured.cpuMicrosPerCall() / plain.cpuMicrosPerCall());
                    System.out.printf(Locale.ROOT, "%7d %5d %12.0f %13.0f %6.3f %19.1f %19.1f %6.3f %30.0f %12.1f %15.3f%n",
                            threads, round, plain.opsPerSecond(), measured.opsPerSecond(), opsRatios.getLast(),
                            plain.cpuMicrosPerCall(), measured.cpuMicrosPerCall(), cpuRatios.getLast(),
                            tunedBare.opsPerSecond(), tunedBare.cpuMicrosPerCall(),
                            measured.cpuMicrosPerCall() / tunedBare.cpuMicrosPerCall());
                }
                double opsRatio = median(opsRatios);
                double cpuRatio = median(cpuRatios);
                boolean threadsMet = opsRatio >= MIN_OPS_RATIO && cpuRatio <= 1.0;
                met &= threadsMet;
                System.out.printf(Locale.ROOT, "%d threads: median harness/minimal ops/s %.3f (goal >= %.2f), CPU per call"
                        + " %.3f (goal <= 1): %s%n", threads, opsRatio, MIN_OPS_RATIO, cpuRatio, threadsMet ? "met" : "MISSED");
            }
        }
        return met || !checkGoal ? 0 : 1;
    }

    private static Figure harness(KmsCase.Call call, int threads, Duration duration) throws InterruptedException {
        long cpuBeforeNanos = ProcessCpu.nanos();
        PressureRun.Measurement measurement = new PressureRun(call, 0, threads, Pacing.CLOSED).measure(duration,
                duration, List.of());
        long calls = measurement.statistics().count();
        if (measurement.statistics().errorCount() > 0) {
            throw new IllegalStateException("the harness's calls failed: " + measurement.firstFailures());
        }
        return new Figure(measurement.statistics().opsPerSecond(), (ProcessCpu.nanos() - cpuBeforeNanos) / 1000.0 / calls);
    }

    private static Figure bare(BareKesCall bare, int threads, Duration duration) throws Exception {
        LongAdder calls = new LongAdder();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long cpuBeforeNanos = ProcessCpu.nanos();
        long startNanos = System.nanoTime();
        long endNanos = startNanos + duration.toNanos();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int thread = 0; thread < threads; thread++) {
                workers.add(pool.submit(() -> {
                    while (System.nanoTime() < endNanos) {
                        bare.call();
                        calls.increment();
                    }
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return new Figure(calls.sum() / wallSeconds, (ProcessCpu.nanos() - cpuBeforeNanos) / 1000.0 / calls.sum());
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
