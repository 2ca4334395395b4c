package dev.vaultload.parse;

import java.util.Locale;
import java.util.Map;

/**
 * What the report and comparison pages are made of: the page with its inline style, tables, figures, escaping and
 * the formats of figures. Self-contained pages: styles inline, charts inline as SVG, no script, nothing fetched,
 * so a page opens anywhere and can be mailed.
 */
final class Html {
    private static final double MICROS_PER_MILLI = 1000.0;
    private static final double MILLIS_PER_SECOND = 1000.0;
    private static final double BYTES_PER_MEBIBYTE = 1024.0 * 1024.0;
    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:.5em 0}
            td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}th{background:#f3f3f3}
            td:first-child,th:first-child,.configuration td,.health td,.environment td,.errors td,.merge td,td.text{text-align:left}
            .verdict{padding:.1em .5em;border-radius:.3em;color:#fff}.passed,.complete{background:#2e7d32}
            .failed,.partial{background:#c62828}section{border-top:2px solid #888;margin-top:2em}
            .better{color:#2e7d32;font-weight:bold}.worse{color:#c62828;font-weight:bold}.untested{color:#777;font-style:italic}
            figure{margin:.5em 0}figure svg{max-width:100%;height:auto}nav td{text-align:left}
            .comparison td:not(.text){white-space:nowrap}.comparison td.untested{min-width:10em}
            .comparison tr.combination th{text-align:left;background:#e4e4e4}
            section.operation{border-top:1px solid #ccc;margin-top:1em}""";

    private Html() {
    }

    /** A whole page: {@code title} in the head, {@code body} as it is. */
    static String page(String title, CharSequence body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title)
                + "</title><style>" + STYLE + "</style></head><body>" + body + "</body></html>\n";
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A heading and a table of names and values. */
    static void keyValues(StringBuilder html, String heading, String cssClass, Map<String, ?> rows) {
        html.append("<h3>").append(escape(heading)).append("</h3>");
        table(html, cssClass, rows);
    }

    /** A table of names and values, a row each. */
    static void table(StringBuilder html, String cssClass, Map<String, ?> rows) {
        html.append("<table class=\"").append(cssClass).append("\">");
        rows.forEach((key, value) -> html.append("<tr><th>").append(escape(key)).append("</th><td>")
                .append(escape(String.valueOf(value))).append("</td></tr>"));
        html.append("</table>");
    }

    /** A chart, named for whoever looks for it ({@code data-chart}). */
    static void figure(StringBuilder html, String name, SvgLineChart chart) {
        html.append("<figure class=\"chart\" data-chart=\"").append(name).append("\">").append(chart.svg()).append("</figure>");
    }

    static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / MILLIS_PER_SECOND);
    }

    /** A span as a person says it: 12.3 s, 4 min 10 s, 71 h 58 min. */
    static String duration(long millis) {
        long seconds = Math.round(millis / MILLIS_PER_SECOND);
        if (seconds < 60) {
            return seconds(millis);
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /** Microseconds as milliseconds with three decimals, as the tables show latencies. */
    static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / MICROS_PER_MILLI);
    }

    static String mebibytes(double bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / BYTES_PER_MEBIBYTE);
    }

    /** A share as a whole percentage: 0.934 as 93%. */
    static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    /** Two decimals; NaN as "-". */
    static String number(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.2f", value);
    }
}
