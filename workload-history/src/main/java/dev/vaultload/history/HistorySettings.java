package dev.vaultload.history;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.util.List;

/** Where the results history is kept: `vaultload history` reads them, and `vaultload run` adds to it when set. */
public final class HistorySettings implements SettingDeclarations {
    /** The SQLite file `vaultload history` uses when HISTORY_URL is unset. */
    public static final String DEFAULT_FILE = "vaultload-history.db";

    public static final Setting<String> HISTORY_URL = Setting.optional("HISTORY_URL",
            SettingType.text("a JDBC URL (`jdbc:sqlite:FILE`, `jdbc:postgresql://HOST:PORT/DB`) or a file path (SQLite)"),
            "`run` keeps no history; `history` uses " + DEFAULT_FILE + " in the working directory",
            "the results history: `run` adds each result to it, `vaultload history` reads it; see [docs/gates.md](docs/gates.md)");
    public static final Setting<String> HISTORY_USER = Setting.optional("HISTORY_USER", SettingType.text("a user name"),
            "none (SQLite needs none)", "the database user of HISTORY_URL");
    public static final Setting<String> HISTORY_PASSWORD = Setting.secret("HISTORY_PASSWORD",
            "the password of HISTORY_USER");

    @Override
    public String topic() {
        return "Results history";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(HISTORY_URL, HISTORY_USER, HISTORY_PASSWORD);
    }
}
