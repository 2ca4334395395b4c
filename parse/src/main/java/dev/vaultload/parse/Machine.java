package dev.vaultload.parse;

import java.time.LocalDate;

/** The machine and date a chart was made on, for its caption: a plot without them cannot be compared. */
final class Machine {
    private Machine() {
    }

    static String describe() {
        return Runtime.getRuntime().availableProcessors() + " cores, JDK " + Runtime.version().feature() + ", "
                + System.getProperty("os.name") + ", " + LocalDate.now();
    }
}
