package dev.vaultload.report;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.time.Duration;
import java.util.List;

/** The live metrics endpoint's settings. */
public final class MetricsSettings implements SettingDeclarations {
    public static final Setting<Integer> METRICS_PORT = Setting.optional("METRICS_PORT", SettingType.integerWithin(0, 65535),
            "off", "serve Prometheus/OpenMetrics metrics (`vaultload_*`) at `http://HOST:PORT/metrics` while the run"
                    + " goes on; `0` picks a free port and prints it; see [docs/observability.md](docs/observability.md)");

    public static final Setting<Duration> METRICS_LINGER = Setting.of("METRICS_LINGER", SettingType.durationOrZero(), "15s",
            "after the run, keep serving the final figures (`vaultload_run_finished` 1) this long, so that every"
                    + " server scraping it reads them; at least the longest scrape interval, `0` to stop at once");

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public String topic() {
        return "Live metrics (Prometheus)";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(METRICS_PORT, METRICS_LINGER);
    }
}
