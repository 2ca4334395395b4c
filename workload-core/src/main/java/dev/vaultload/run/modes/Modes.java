package dev.vaultload.run.modes;

import dev.vaultload.run.FixtureMode;
import dev.vaultload.run.Mode;
import dev.vaultload.run.ModeSettings;
import dev.vaultload.run.RunSettings;
import dev.vaultload.run.Suite;
import dev.vaultload.run.headroom.HeadroomMode;
import dev.vaultload.run.load.LoadOperation;
import dev.vaultload.run.rate.RateMode;
import dev.vaultload.run.trace.TraceMode;
import dev.vaultload.scaleout.ShardPlan;
import java.util.function.Function;

/** The one place a {@link Mode} is made: MODE and its own settings, read once at the front door and typed. */
public final class Modes {

    private Modes() {
    }

    /**
     * @param shard this process's part of a sharded run: HEADROOM's concurrencies and RATE's target are shared out
     * @throws IllegalArgumentException naming the setting at fault (RATE without a target, a HEADROOM plan out of order)
     */
    public static Mode read(Function<String, String> settings, ShardPlan shard) {
        double errorBudget = ModeSettings.ERROR_BUDGET.read(settings);
        LoadOperation operation = ModeSettings.OPERATION.read(settings);
        return switch (ModeSettings.MODE.read(settings)) {
            case FIXTURE -> new FixtureMode(Suite.valueOf(RunSettings.SUITE.read(settings)));
            case HEADROOM -> new HeadroomMode(ModeSettings.headroomPlan(settings, shard), operation);
            case RATE -> new RateMode(shard.shareOfRate(ModeSettings.requiredRate(settings)), operation, errorBudget,
                    ModeSettings.scheduleLimits(settings), ModeSettings.sweepPlan(settings));
            case TRACE -> new TraceMode(ModeSettings.SPEED.read(settings), errorBudget, ModeSettings.scheduleLimits(settings));
        };
    }
}
