package dev.vaultload.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GroupingTest {
    private static final Configuration CONFIGURATION = new Configuration("FIXTURE", "suite", "CEPH", "VAULTLOAD",
            "AES256_GCM", 2, 100, "SMALL", 0, "X25519", 210_000, 1, 2, 21, "");

    @Test
    void aCommitIsOnePointWhereverItsRunsAreAndARunWithoutOneIsItsOwn() {
        FigureSeries series = series(run("2026-10-01T02:00:00Z", "aaaa", 10), run("2026-10-01T02:40:00Z", "aaaa", 30),
                run("2026-10-02T02:00:00Z", "bbbb", 12), run("2026-10-03T02:00:00Z", "", 13),
                run("2026-10-03T02:40:00Z", "", 14), run("2026-10-04T02:00:00Z", "aaaa", 11));

        List<Grouping.Group> points = Grouping.COMMIT.groups(series, CentralValue.MEDIAN);

        assertEquals(List.of(3, 1, 1, 1), points.stream().map(point -> point.runs().size()).toList());
        assertEquals(List.of(11.0, 12.0, 13.0, 14.0), points.stream().map(Grouping.Group::value).toList());
        assertEquals("commit aaaa (3 runs from 2026-10-01T02:00:00Z)", Grouping.COMMIT.describe(points.get(0), 1));
        assertEquals(17.0, Grouping.COMMIT.groups(series, CentralValue.MEAN).getFirst().value());
    }

    @Test
    void aDayIsOneUtcDayWithItsCommits() {
        FigureSeries series = series(run("2026-10-01T23:30:00Z", "aaaa", 10), run("2026-10-02T00:30:00Z", "aaaa", 20),
                run("2026-10-02T01:30:00Z", "bbbb", 40));

        List<Grouping.Group> points = Grouping.DAY.groups(series, CentralValue.MEDIAN);

        assertEquals(List.of(10.0, 30.0), points.stream().map(Grouping.Group::value).toList(), "the median of two is their mean");
        assertEquals("day 2026-10-01 (1 run, commit aaaa)", Grouping.DAY.describe(points.get(0), 1));
        assertEquals("day 2026-10-02 (2 runs, commits aaaa, bbbb)", Grouping.DAY.describe(points.get(1), 2));
        assertEquals("run 2 (2026-10-02T00:30:00Z, commit aaaa)",
                Grouping.RUN.describe(Grouping.RUN.groups(series, CentralValue.MEDIAN).get(1), 2));
    }

    @Test
    void theMedianOfThreeIgnoresADisturbedRunAndOfFourTakesTheMiddleTwo() {
        assertEquals(2, CentralValue.MEDIAN.of(new double[] {10, 1, 2}));
        assertEquals(13 / 3.0, CentralValue.MEAN.of(new double[] {10, 1, 2}), 1e-12);
        assertEquals(2.5, CentralValue.MEDIAN.of(new double[] {10, 1, 3, 2}));
        assertEquals(CentralValue.MEAN, CentralValue.parse("Mean"));
        assertEquals(Grouping.DAY, Grouping.parse("day"));
    }

    private static FigureSeries series(FigureSeries.Point... points) {
        return new FigureSeries(CONFIGURATION, "READ p99", "ms", Stream.of(points).toList());
    }

    private static FigureSeries.Point run(String startedAt, String commit, double value) {
        return new FigureSeries.Point(new StoredRun(startedAt + commit, Instant.parse(startedAt), CONFIGURATION, commit,
                "host", true, false, "test"), value);
    }
}
