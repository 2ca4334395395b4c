package dev.vaultload.report;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.util.List;

/** The live metrics endpoint's setting. */
public final class MetricsSettings implements SettingDeclarations {
    public static final Setting<Integer> METRICS_PORT = Setting.optional("METRICS_PORT", SettingType.integerWithin(0, 65535),
            "off", "serve Prometheus/OpenMetrics metrics (`vaultload_*`) at `http://HOST:PORT/metrics` while the run"
                    + " goes on; `0` picks a free port and prints it; see [docs/observability.md](docs/observability.md)");

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(METRICS_PORT);
    }
}
