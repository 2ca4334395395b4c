package dev.vaultload.cli;

import dev.vaultload.run.headroom.HeadroomPlan;
import dev.vaultload.scaleout.ShardPlan;
import picocli.CommandLine.Option;

/** The options of {@code run --mode HEADROOM}. */
final class HeadroomOptions {
    @Option(names = "--min-threads", defaultValue = "1", description = "first concurrency (default ${DEFAULT-VALUE})")
    int minThreads;

    @Option(names = "--max-threads", defaultValue = "16", description = "last concurrency (default ${DEFAULT-VALUE})")
    int maxThreads;

    @Option(names = "--step", defaultValue = "1", description = "concurrency increment (default ${DEFAULT-VALUE})")
    int threadStep;

    @Option(names = "--operations-per-step", defaultValue = "500",
            description = "operations per concurrency step, shared by its threads (default ${DEFAULT-VALUE})")
    int operationsPerStep;

    @Option(names = "--stop-after-falling", defaultValue = "2",
            description = "stop once throughput has fallen this many steps in a row (default ${DEFAULT-VALUE})")
    int stopAfterFalling;

    @Option(names = "--knee-factor", defaultValue = "2",
            description = "the knee: the highest throughput before p50 exceeds this factor of its minimum (default ${DEFAULT-VALUE})")
    double kneeFactor;

    /**
     * The plan of this process: in a sharded run the concurrencies are global and each shard runs 1/N of them (they
     * must divide evenly), and 1/N of each step's operations (rounded up).
     */
    HeadroomPlan plan(double errorBudget, ShardPlan shard) {
        return new HeadroomPlan(shard.shareOfConcurrency("--min-threads", minThreads),
                shard.shareOfConcurrency("--max-threads", maxThreads), shard.shareOfConcurrency("--step", threadStep),
                Math.ceilDiv(operationsPerStep, shard.count()), stopAfterFalling, errorBudget, kneeFactor);
    }
}
