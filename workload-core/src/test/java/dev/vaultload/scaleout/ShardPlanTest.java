package dev.vaultload.scaleout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShardPlanTest {

    @Test
    void unsetIsOneProcessThatIsNotSharded() {
        ShardPlan plan = ShardPlan.read(Map.<String, String>of()::get);
        assertEquals(ShardPlan.SINGLE, plan);
        assertEquals("", plan.locationPrefix());
    }

    @Test
    void theSettingsWinOverTheBatchEnginesVariables() {
        ShardPlan plan = ShardPlan.read(Map.of("SHARD_INDEX", "2", "SHARD_COUNT", "3", "RUN_ID", "r1",
                "AWS_BATCH_JOB_ARRAY_INDEX", "0", "AWS_BATCH_JOB_ARRAY_SIZE", "9")::get);
        assertEquals(2, plan.index());
        assertEquals(3, plan.count());
        assertEquals("r1-s2", plan.userNamespace());
        assertEquals("s2", plan.locationPrefix());
    }

    @Test
    void eachBatchEngineGivesIndexAndCount() {
        assertEquals(new ShardPlan(java.util.Optional.of("r"), 4, 5, java.util.Optional.empty()), ShardPlan.read(Map.of(
                "RUN_ID", "r", "JOB_COMPLETION_INDEX", "4", "SHARD_COUNT", "5")::get));
        ShardPlan batch = ShardPlan.read(Map.of("RUN_ID", "r", "AWS_BATCH_JOB_ARRAY_INDEX", "1",
                "AWS_BATCH_JOB_ARRAY_SIZE", "2")::get);
        assertEquals(1, batch.index());
        assertEquals(2, batch.count());
        // Slurm arrays may start at 1: the index counts from the array's first task
        ShardPlan slurm = ShardPlan.read(Map.of("RUN_ID", "r", "SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1",
                "SLURM_ARRAY_TASK_COUNT", "3")::get);
        assertEquals(2, slurm.index());
        assertEquals(3, slurm.count());
    }

    @Test
    void mistakesAreRefusedNamingTheSettingOrVariable() {
        assertMessage("Invalid SHARD_INDEX='3': expected an integer below SHARD_COUNT (3)",
                Map.of("SHARD_INDEX", "3", "SHARD_COUNT", "3", "RUN_ID", "r"));
        assertMessage("Invalid SHARD_COUNT: unset in a Kubernetes Indexed Job",
                Map.of("JOB_COMPLETION_INDEX", "1", "RUN_ID", "r"));
        assertMessage("Invalid AWS_BATCH_JOB_ARRAY_SIZE='many'",
                Map.of("AWS_BATCH_JOB_ARRAY_SIZE", "many", "RUN_ID", "r"));
        assertMessage("Invalid RUN_ID: unset with SHARD_COUNT=2", Map.of("SHARD_COUNT", "2"));
        assertMessage("Invalid RUN_ID: unset with RESULTS_URL", Map.of("RESULTS_URL", "/tmp/results"));
        assertMessage("Invalid RUN_ID='Run 1'", Map.of("RUN_ID", "Run 1", "SHARD_COUNT", "2"));
    }

    @Test
    void rateIsSplitAndConcurrencyMustDivide() {
        ShardPlan plan = new ShardPlan(java.util.Optional.of("r"), 0, 4, java.util.Optional.empty());
        assertEquals(50.0, plan.shareOfRate(200));
        assertEquals(2, plan.shareOfConcurrency("--max-threads", 8));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan.shareOfConcurrency("--max-threads", 6));
        assertTrue(e.getMessage().startsWith("--max-threads 6: HEADROOM's concurrency is global"), e.getMessage());
    }

    @Test
    void aLateShardStartsAtOnceAndSaysHowLate() {
        Instant now = Instant.parse("2026-11-23T10:00:05Z");
        StartGate gate = new StartGate(Clock.fixed(now, ZoneOffset.UTC), () -> false);
        assertEquals(5000, gate.awaitMillis(Instant.parse("2026-11-23T10:00:00Z")));
        long startNanos = System.nanoTime();
        assertEquals(0, new StartGate(Clock.systemUTC(), () -> false).awaitMillis(Instant.now().plusMillis(300)));
        assertFalse(System.nanoTime() - startNanos < 250_000_000L, "waited for START_AT");
    }

    private static void assertMessage(String start, Map<String, String> settings) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ShardPlan.read(settings::get));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
