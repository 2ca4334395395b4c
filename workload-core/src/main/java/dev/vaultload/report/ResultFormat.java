package dev.vaultload.report;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The outputs of a result, chosen by name with REPORT_FORMATS, as JMH's result formats are: every mode (FIXTURE,
 * HEADROOM, RATE) writes the chosen ones from the one {@link RunResult}.
 */
public enum ResultFormat {
    /** Datasafe's statistics block, in the log. */
    DATASAFE_LOG,
    /** The time split, the served-within table and soak health, in the log. */
    CONSOLE,
    /** {@code NAME.json}, the result that parse, compare, merge and the page read. */
    JSON,
    /** {@code NAME.csv}, one row per operation type. */
    CSV,
    /** {@code NAME.hlog}, every period's histograms (HdrHistogram's interval log), written while the run goes. */
    HLOG,
    /** {@code report.html} over the report directory, from its JSON results. */
    HTML;

    public static final Set<ResultFormat> ALL = Set.copyOf(EnumSet.allOf(ResultFormat.class));

    /**
     * A comma-separated list of format names, in any case.
     *
     * @throws IllegalArgumentException with the text when a name is unknown, the list is empty, or HTML comes
     *                                  without JSON (the page reads the JSON results)
     */
    public static Set<ResultFormat> parseList(String text) {
        EnumSet<ResultFormat> formats = EnumSet.noneOf(ResultFormat.class);
        for (String name : text.split(",")) {
            String trimmed = name.trim().toUpperCase(Locale.ROOT);
            formats.add(Arrays.stream(values()).filter(format -> format.name().equals(trimmed)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(text)));
        }
        if (formats.contains(HTML) && !formats.contains(JSON)) {
            throw new IllegalArgumentException(text);
        }
        return Set.copyOf(formats);
    }
}
