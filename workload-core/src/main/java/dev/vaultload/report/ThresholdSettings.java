package dev.vaultload.report;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.nio.file.Path;
import java.util.List;

/** The pass/fail thresholds of a run; {@link Thresholds#read} parses them, before anything starts. */
public final class ThresholdSettings implements SettingDeclarations {
    public static final Setting<String> THRESHOLDS = Setting.optional("THRESHOLDS",
            SettingType.text("thresholds separated by `;`, e.g. `READ p99 < 50ms; errors < 0.1%`"), "none",
            "pass/fail limits judged on every combination's result; a breach exits with status 3;"
                    + " see [docs/gates.md](docs/gates.md)");
    public static final Setting<Path> THRESHOLDS_FILE = Setting.optional("THRESHOLDS_FILE",
            SettingType.readableFile("a readable file, one threshold a line, `#` comments"), "none",
            "more thresholds, added to THRESHOLDS");

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public String topic() {
        return "Pass/fail thresholds";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(THRESHOLDS, THRESHOLDS_FILE);
    }
}
