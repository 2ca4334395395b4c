package dev.vaultload.parse;

import dev.vaultload.report.RunResult;
import dev.vaultload.report.RunTrends;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * One page for a results folder, {@code report.html}: a contents table when it holds several runs, then per run a
 * section ({@link RunSection}) under a heading that tells it from the others ({@link RunHeadings}); and the
 * headroom plots of HEADROOM runs in the folder. Self-contained ({@link Html}). Its size does not grow with the
 * length of a run: charts are thinned to the pixels they have, the failure lists are cut (the JSON holds all).
 */
public final class HtmlReport {
    public static final String FILE_NAME = "report.html";

    private final RunTrends trends;

    public HtmlReport() {
        this(RunTrends.NONE);
    }

    /** @param trends each run's trend over earlier runs of its configuration (the history's), shown in its section */
    public HtmlReport(RunTrends trends) {
        this.trends = trends;
    }

    /** A run result and where it was found. */
    private record Run(Path json, RunResult result) {
    }

    /** Writes {@code folder/report.html} from the run results (JSON) in the folder and below it. */
    public Path write(Path folder) {
        List<Run> runs = new ArrayList<>();
        List<String> notShown = new ArrayList<>();
        for (Path file : ResultLoader.filesEndingWith(folder, ".json")) {
            try {
                runs.add(new Run(file, JsonResultReader.runResult(file)));
            } catch (IOException e) {
                notShown.add(folder.relativize(file) + ": not a run result");
            }
        }
        StringBuilder headroomPlots = new StringBuilder();
        int plots = headroomPlots(headroomPlots, folder, ResultLoader.filesEndingWith(folder, ".png"));
        if (runs.isEmpty() && plots == 0) {
            throw new IllegalArgumentException(folder + ": no run results (*.json written by a run) to report on"
                    + (notShown.isEmpty() ? "" : "; " + String.join("; ", notShown)));
        }
        StringBuilder body = new StringBuilder("<h1>Vaultload report</h1><p>").append(runs.size())
                .append(runs.size() == 1 ? " combination" : " combinations").append(" from <code>")
                .append(Html.escape(folder.toString())).append("</code>, page made ").append(Instant.now()).append("</p>");
        if (!notShown.isEmpty()) {
            body.append("<p>Not shown: ").append(Html.escape(String.join("; ", notShown))).append("</p>");
        }
        List<String> headings = RunHeadings.of(runs.stream().map(Run::result).toList());
        if (runs.size() > 1) {
            contents(body, runs, headings);
        }
        for (int index = 0; index < runs.size(); index++) {
            Run run = runs.get(index);
            RunSection.render(body, "run-" + (index + 1), headings.get(index), folder.relativize(run.json()).toString(),
                    run.result(), PeriodTimeline.read(IntervalLog.besideJson(run.json())), trends);
        }
        body.append(headroomPlots);
        Path report = folder.resolve(FILE_NAME);
        try {
            Files.writeString(report, Html.page("Vaultload report: " + folder.getFileName(), body), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + report, e);
        }
        return report;
    }

    /** A line per run: its heading as a link to its section, and its verdict. */
    private static void contents(StringBuilder html, List<Run> runs, List<String> headings) {
        html.append("<nav><table class=\"contents\"><tr><th>run</th><th>verdict</th></tr>");
        for (int index = 0; index < runs.size(); index++) {
            boolean passed = runs.get(index).result().passed();
            html.append("<tr><td><a href=\"#run-").append(index + 1).append("\">").append(Html.escape(headings.get(index)))
                    .append("</a></td><td><span class=\"verdict ").append(passed ? "passed\">PASSED" : "failed\">FAILED")
                    .append("</span>").append(ThresholdSection.badge(runs.get(index).result())).append("</td></tr>");
        }
        html.append("</table></nav>");
    }

    /**
     * The plots HEADROOM mode drew ({@code headroom-*.png}), inline as data: the page fetches nothing.
     *
     * @return how many
     */
    private static int headroomPlots(StringBuilder html, Path folder, List<Path> images) {
        List<Path> plots = images.stream().filter(file -> file.getFileName().toString().startsWith("headroom-")).toList();
        for (Path plot : plots) {
            try {
                html.append("<section class=\"headroom\"><h2>Headroom: ").append(Html.escape(folder.relativize(plot).toString()))
                        .append("</h2><figure class=\"headroom-plot\"><img alt=\"headroom plot\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(Files.readAllBytes(plot))).append("\"></figure></section>");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + plot, e);
            }
        }
        return plots.size();
    }
}
