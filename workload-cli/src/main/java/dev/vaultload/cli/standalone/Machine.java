package dev.vaultload.cli.standalone;

import dev.vaultload.report.Environment;
import java.time.LocalDate;

/** The machine and date a chart was made on, for its subtitle: a plot without them cannot be compared. */
final class Machine {
    private Machine() {
    }

    static String describe() {
        Environment environment = Environment.current();
        return environment.cores() + " cores, JDK " + environment.jdk() + ", " + environment.os() + ", " + LocalDate.now();
    }
}
