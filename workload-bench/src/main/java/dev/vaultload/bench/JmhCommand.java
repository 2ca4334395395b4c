package dev.vaultload.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.openjdk.jmh.Main;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jmh [JMH options] [benchmark regexps]}: JMH's own command line over the benchmarks compiled into this jar
 * (ContentGeneratorBenchmark, VaultCryptoBenchmark, MemoryBandwidthBenchmark, KdfBenchmark); {@code jmh -h} lists its
 * options, {@code jmh -l} the benchmarks. JMH forks each benchmark's JVM on this jar. JMH's own exit statuses apply:
 * it ends the process with 1 on bad options or a run that cannot start, and (with {@code -foe true}) when a
 * benchmark throws.
 */
@Command(name = "jmh", description = "JMH's command line over this jar's benchmarks (jmh -h: its options; jmh -l: the"
        + " benchmarks)")
final class JmhCommand implements Callable<Integer> {

    @Parameters(paramLabel = "JMH_ARGUMENT", description = "JMH's options and benchmark regexps, passed on unread")
    private List<String> jmhArguments = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Main.main(jmhArguments.toArray(String[]::new));
        return BenchCommand.RAN;
    }
}
