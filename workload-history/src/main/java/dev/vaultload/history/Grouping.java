package dev.vaultload.history;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --per run|commit|day}: what one point of a series is. RUN: each result added. COMMIT: every run of one git
 * commit (a run without a commit stays a point of its own). DAY: every run started on one UTC day. The points are in
 * the order of their first runs, so a commit run again later adds to its earlier point.
 */
public enum Grouping {
    RUN, COMMIT, DAY;

    /** Several runs of one series taken as one point, oldest first, and its value ({@link CentralValue}). */
    public record Group(List<FigureSeries.Point> runs, double value) {

        /** The value of each point, for {@link EDivisive}. */
        public static double[] values(List<Group> points) {
            return points.stream().mapToDouble(Group::value).toArray();
        }

        public StoredRun first() {
            return runs.getFirst().run();
        }

        /** The day (UTC) of its first run. */
        public LocalDate day() {
            return dayOf(first());
        }

        /** The short commits of its runs, each once. */
        public List<String> commits() {
            return runs.stream().map(point -> point.run().shortCommit()).distinct().toList();
        }
    }

    /** @throws IllegalArgumentException one line naming {@code --per} and what it takes */
    public static Grouping parse(String text) {
        for (Grouping grouping : values()) {
            if (grouping.noun().equalsIgnoreCase(text.strip())) {
                return grouping;
            }
        }
        throw new IllegalArgumentException("Invalid --per '" + text + "': expected run, commit or day");
    }

    /** The series' points, each of the runs it groups, its value their {@code central} value. */
    public List<Group> groups(FigureSeries series, CentralValue central) {
        Map<Object, List<FigureSeries.Point>> runs = new LinkedHashMap<>();
        for (FigureSeries.Point point : series.points()) {
            runs.computeIfAbsent(key(point.run()), ignored -> new ArrayList<>()).add(point);
        }
        return runs.values().stream().map(points -> new Group(points,
                central.of(points.stream().mapToDouble(FigureSeries.Point::value).toArray()))).toList();
    }

    private Object key(StoredRun run) {
        return switch (this) {
            case RUN -> run.runId();
            case COMMIT -> run.gitCommit().isEmpty() ? run.runId() : run.gitCommit();
            case DAY -> dayOf(run);
        };
    }

    private static LocalDate dayOf(StoredRun run) {
        return LocalDate.ofInstant(run.startedAt(), ZoneOffset.UTC);
    }

    /** What a point is: {@code run}, {@code commit}, {@code day}. */
    public String noun() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code 3 days}, {@code 1 run}. */
    public String count(int points) {
        return points + " " + noun() + (points == 1 ? "" : "s");
    }

    /**
     * One point as a change point's line names it: {@code run 25 (START, commit C)}; {@code commit C (3 runs from
     * START)}; {@code day 2026-10-25 (3 runs, commit C)}.
     *
     * @param number the point's place in its series, 1 the oldest
     */
    public String describe(Group group, int number) {
        return switch (this) {
            case RUN -> String.format(Locale.ROOT, "run %d (%s, commit %s)", number, group.first().startedToTheSecond(),
                    group.first().shortCommit());
            case COMMIT -> String.format(Locale.ROOT, "commit %s (%s from %s)", group.first().shortCommit(),
                    RUN.count(group.runs().size()), group.first().startedToTheSecond());
            case DAY -> String.format(Locale.ROOT, "day %s (%s, commit%s %s)", group.day(), RUN.count(group.runs().size()),
                    group.commits().size() == 1 ? "" : "s", String.join(", ", group.commits()));
        };
    }
}
