package dev.vaultload.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.stats.TimeSplit;
import dev.vaultload.storage.StoreRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The cost figures compare shows beside its verdicts: read from what a JSON result records per operation, absent
 * where it records nothing, and each side's the mean of its runs.
 */
class OperationCostTest {
    private static final Configuration CONFIGURATION = new Configuration("RATE", "MINIO", "VAULTLOAD", "AES256_GCM", 1);

    private static OperationStatistics write(double kmsCallsPerOperation, double putsPerOperation) {
        Histogram latencies = new Histogram(3);
        latencies.recordValue(1000);
        OperationStatistics plain = OperationStatistics.merged(OperationType.WRITE, latencies, 1000, 1024, Map.of(), 1000, 1, 0);
        TimeSplit split = new TimeSplit(Map.of(), Map.of(), 0, 0, 0, Map.of(), 0, 0, kmsCallsPerOperation);
        StoreTrafficStatistics traffic = new StoreTrafficStatistics(Map.of(StoreRequest.PUT, putsPerOperation), 1272, 0,
                1.24, 0.0);
        return new OperationStatistics(plain.type(), plain.count(), plain.errors(), plain.percentileMicros(),
                plain.minMicros(), plain.maxMicros(), plain.meanMicros(), plain.sumLatencyMicros(),
                plain.throughputPerThread(), plain.wallClockMillis(), plain.opsPerSecond(), plain.mebibytesPerSecond(),
                plain.transferredBytes(), plain.histogramBase64(), plain.servedWithinMicros(), split, null, traffic, null);
    }

    private static Measurement run(String runId, OperationCost cost) {
        return new Measurement(CONFIGURATION, "WRITE", 2, 100, 10, Map.of(),
                new Measurement.Run(Path.of(runId + ".json"), runId, Map.of()), cost);
    }

    private static ResultComparison.Row row(List<Measurement> a, List<Measurement> b) {
        return new ResultComparison.Row(new Cell.Key(CONFIGURATION, "WRITE", 2, 100), a.size(), b.size(), 10, 10, 1, 1,
                null, null, null, a, b);
    }

    @Test
    void aResultsOperationGivesItsKeyManagerCallsStoreRequestsAndBytesPerContentByte() {
        OperationCost cost = OperationCost.of(write(1.0, 2.0));

        assertEquals(1.0, cost.kmsCallsPerOperation());
        assertEquals(2.0, cost.storeRequestsPerOperation());
        assertEquals(1.24, cost.sentBytesPerContentByte());
        assertEquals(0.0, cost.receivedBytesPerContentByte());
    }

    @Test
    void anOperationWithoutTimeSplitOrTrafficHasNoCostFigures() {
        Histogram latencies = new Histogram(3);
        latencies.recordValue(1000);

        assertEquals(OperationCost.NONE, OperationCost.of(OperationStatistics.merged(OperationType.WRITE, latencies, 1000,
                1024, Map.of(), 1000, 1, 0)));
    }

    @Test
    void eachSideIsTheMeanOfItsRunsAndASideWithoutAFigureShowsADash() {
        List<Measurement> a = List.of(run("a1", OperationCost.of(write(1.0, 2.0))), run("a2", OperationCost.of(write(1.0, 4.0))));
        List<Measurement> b = List.of(run("b1", new OperationCost(0.25, null, null, null)));

        assertEquals(Optional.of("KMS calls/op 1.00 -> 0.25, store requests/op 3.00 -> -, bytes sent/content byte 1.24 -> -,"
                + " bytes received/content byte 0.00 -> -"), ComparisonVerdicts.costs(row(a, b)));
    }

    @Test
    void logsOnBothSidesGiveNoCostLine() {
        assertEquals(Optional.empty(), ComparisonVerdicts.costs(row(List.of(run("a", OperationCost.NONE)),
                List.of(run("b", OperationCost.NONE)))));
        assertNull(OperationCost.Figure.KMS_CALLS.meanOf(List.of(run("a", OperationCost.NONE))));
    }
}
