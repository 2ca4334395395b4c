package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.SoakHealth;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.stats.TimeSplit;
import dev.vaultload.storage.StoreRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdTest {

    @Test
    void theIssuesExamplesParse() {
        Threshold read = Threshold.parse("READ p99 < 50ms", "test");
        assertEquals(OperationType.READ, read.operation());
        assertEquals(ResultMetric.P99, read.metric());
        assertEquals(Threshold.Comparison.LESS, read.comparison());
        assertEquals(50.0, read.limit());
        assertFalse(read.abortOnFail());

        Threshold errors = Threshold.parse("errors < 0.1%", "test");
        assertNull(errors.operation());
        assertEquals(ResultMetric.ERRORS, errors.metric());
        assertEquals(0.1, errors.limit());

        Threshold writes = Threshold.parse("WRITE ops/s > 200", "test");
        assertEquals(ResultMetric.OPS_PER_SECOND, writes.metric());
        assertEquals(Threshold.Comparison.GREATER, writes.comparison());

        assertEquals(ResultMetric.CPU_MILLIS_PER_OPERATION, Threshold.parse("cpu ms/op < 1", "test").metric());
        assertEquals(ResultMetric.RSS_GROWTH, Threshold.parse("rss growth < 5%", "test").metric());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            read p99.9 <= 2s           | P99_9 | 2000
            SHARE max < 500us          | MAX   | 0.5
            p50<3ms                    | P50   | 3
            LIST mean >= 1.5 ms        | MEAN  | 1.5
            READ MiB/s > 100           | MIB_PER_SECOND | 100
            cpu ms/op < 0.8ms          | CPU_MILLIS_PER_OPERATION | 0.8
            WRITE kms calls/op <= 1    | KMS_CALLS_PER_OPERATION | 1
            READ requests/op < 1.5     | STORE_REQUESTS_PER_OPERATION | 1.5
            """)
    void unitsAndSpacingAreRead(String text, ResultMetric metric, double limitInItsUnit) {
        Threshold threshold = Threshold.parse(text, "test");
        assertEquals(metric, threshold.metric());
        assertEquals(limitInItsUnit, threshold.limit(), 1e-9);
    }

    /** A count per operation is weighted by each judged type's count; a run that has none of it has no data. */
    @Test
    void kmsCallsAndStoreRequestsPerOperationAreMeasuredOverTheJudgedTypes() {
        RunResult plain = result();
        List<OperationStatistics> withCounts = plain.operations().stream().map(type -> new OperationStatistics(type.type(),
                type.count(), type.errors(), type.percentileMicros(), type.minMicros(), type.maxMicros(), type.meanMicros(),
                type.sumLatencyMicros(), type.throughputPerThread(), type.wallClockMillis(), type.opsPerSecond(),
                type.mebibytesPerSecond(), type.transferredBytes(), type.histogramBase64(), type.servedWithinMicros(),
                new TimeSplit(Map.of("50", 1L, "99", 1L), Map.of("50", 1L, "99", 1L), 1, 1, 0.5, Map.of("50", 1L, "99", 1L), 1,
                        0.1, type.type() == OperationType.WRITE ? 2.0 : 1.0), null,
                new StoreTrafficStatistics(Map.of(StoreRequest.PUT, type.type() == OperationType.READ ? 3.0 : 1.0), 0, 0,
                        null, null), null)).toList();
        RunResult counted = new RunResult(plain.setup(), plain.engineDescription(), plain.timing(), withCounts,
                plain.errors(), plain.failures(), plain.failureGroups(), plain.objects(), plain.cpu(), plain.health(),
                plain.storageDetails(), plain.environment(), null, null, null, null, null);

        assertEquals(2.0, ResultFigure.parse("WRITE kms calls/op").measure(counted).getAsDouble(), 1e-9);
        // READ 99 x 1 call, WRITE 50 x 2 calls (CREATE_USER is not judged without an operation)
        assertEquals((99 + 100) / 149.0, ResultFigure.parse("kms calls/op").measure(counted).getAsDouble(), 1e-9);
        assertEquals(3.0, ResultFigure.parse("READ requests/op").measure(counted).getAsDouble(), 1e-9);
        assertTrue(ResultFigure.parse("kms calls/op").measure(plain).isEmpty(), "no split, no data");
        assertTrue(Threshold.parse("WRITE kms calls/op <= 1", "test").judge(counted).breached());
    }

    @Test
    void errorsOfOneClassAndAbortOnFail() {
        Threshold timeouts = Threshold.parse("READ errors(timeout) < 1%", "test");
        assertEquals(ErrorClass.TIMEOUT, timeouts.errorClass());
        assertEquals(OperationType.READ, timeouts.operation());
        assertTrue(Threshold.parse("errors(TIMEOUT) < 1% abortOnFail", "test").abortOnFail());
        assertTrue(Threshold.parse("p99 < 1s abortOnFail", "test").abortOnFail());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            REED p99 < 50ms           | unknown operation 'REED'
            READ p98 < 50ms           | unknown metric 'p98'
            READ p99 < 50             | a latency limit takes its unit
            READ p99 < 50 parsecs     | a latency limit takes its unit
            errors < 0.1              | write its limit with %
            READ cpu ms/op < 1        | cpu ms/op is a figure of the whole run
            WRITE ops/s > 200 abortOnFail | abortOnFail is for latency thresholds
            READ errors < 1% abortOnFail | abortOnFail is for latency thresholds
            errors(SLOW) < 1%         | unknown error class 'SLOW'
            READ p99 = 50ms           | expected [OPERATION] METRIC
            READ WRITE p99 < 5ms      | expected one operation before the metric
            p99 <                     | expected [OPERATION] METRIC
            READ ops/s > fast         | is not a number with its unit
            """)
    void aBadThresholdIsOneLineNamingItAndWhatIsWrong(String text, String why) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Threshold.parse(text, "THRESHOLDS"));
        String message = refused.getMessage();
        assertTrue(message.startsWith("Invalid threshold '" + text.strip() + "' in THRESHOLDS: "), message);
        assertTrue(message.contains(why), message);
        assertEquals(1, message.lines().count(), message);
    }

    @Test
    void thresholdsComeFromTheSettingAndTheFileWithTheLineAtFault(@TempDir Path directory) throws Exception {
        Path file = Files.writeString(directory.resolve("gates.txt"), "# nightly gates\nWRITE ops/s > 200\n\nREAD p99 < 50ms # reads\n");
        Thresholds thresholds = Thresholds.read(Map.of("THRESHOLDS", "errors < 0.1%; cpu ms/op < 1",
                "THRESHOLDS_FILE", file.toString())::get);
        assertEquals(List.of("errors < 0.1%", "cpu ms/op < 1", "WRITE ops/s > 200", "READ p99 < 50ms"),
                thresholds.all().stream().map(Threshold::text).toList());

        Files.writeString(file, "WRITE ops/s > 200\nREAD p99 < 50\n");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Thresholds.read(Map.of("THRESHOLDS_FILE", file.toString())::get));
        assertTrue(refused.getMessage().contains("THRESHOLDS_FILE " + file + " line 2"), refused.getMessage());
    }

    /** A file whose content is not text was an UncheckedIOException, exit 1: it is bad input, named as such. */
    @Test
    void aThresholdsFileThatIsNotTextIsRefusedInOneLine(@TempDir Path directory) throws Exception {
        Path file = Files.write(directory.resolve("gates.bin"), new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, 10});

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Thresholds.read(Map.of("THRESHOLDS_FILE", file.toString())::get));

        assertEquals("Invalid THRESHOLDS_FILE='" + file + "': not UTF-8 text; expected one threshold a line, e.g. READ p99"
                + " < 50ms", refused.getMessage());
    }

    @Test
    void eachMetricIsJudgedOnTheResultsFigures() {
        RunResult result = result();

        assertVerdict(result, "READ p50 < 11ms", ThresholdVerdict.Verdict.PASSED, 10.0);
        assertVerdict(result, "READ p50 < 10ms", ThresholdVerdict.Verdict.FAILED, 10.0);
        assertVerdict(result, "READ max < 101ms", ThresholdVerdict.Verdict.PASSED, 100.0);
        assertVerdict(result, "READ max < 99ms", ThresholdVerdict.Verdict.FAILED, 100.0);
        assertVerdict(result, "WRITE ops/s > 200", ThresholdVerdict.Verdict.FAILED, 150.0);
        // all operations: every type but CREATE_USER, throughput summed, latencies from the histograms added
        assertVerdict(result, "ops/s >= 450", ThresholdVerdict.Verdict.PASSED, 450.0);
        assertVerdict(result, "max < 1s", ThresholdVerdict.Verdict.PASSED, 100.0);
        assertVerdict(result, "READ MiB/s > 2", ThresholdVerdict.Verdict.PASSED, 3.0);
        // READ: 1 TIMEOUT among 99 successes; the run: 2 failures among 10 + 99 + 50 successes
        assertVerdict(result, "READ errors < 1.1%", ThresholdVerdict.Verdict.PASSED, 1.0);
        assertVerdict(result, "READ errors(SERVER) <= 0%", ThresholdVerdict.Verdict.PASSED, 0.0);
        assertVerdict(result, "errors < 1%", ThresholdVerdict.Verdict.FAILED, 100.0 * 2 / 161);
        assertVerdict(result, "cpu ms/op < 1", ThresholdVerdict.Verdict.FAILED, 1.5);
        assertVerdict(result, "rss growth < 5%", ThresholdVerdict.Verdict.PASSED, 2.5);
        // nothing measured breaks the threshold: a gate must not pass on what it could not see
        assertVerdict(result, "SHARE p99 < 1s", ThresholdVerdict.Verdict.NO_DATA, null);
    }

    @Test
    void judgingAddsTheVerdictsToTheResultInTheirOrder() {
        Thresholds thresholds = Thresholds.parse("test", List.of("READ p50 < 11ms", "WRITE ops/s > 200"));
        RunResult judged = thresholds.judge(result());
        assertEquals(List.of(ThresholdVerdict.Verdict.PASSED, ThresholdVerdict.Verdict.FAILED),
                judged.thresholds().stream().map(ThresholdVerdict::verdict).toList());
        assertTrue(judged.thresholdsBreached());
        assertNull(Thresholds.NONE.judge(result()).thresholds());
        assertFalse(Thresholds.NONE.judge(result()).thresholdsBreached());
    }

    private static void assertVerdict(RunResult result, String text, ThresholdVerdict.Verdict expected, Double measured) {
        ThresholdVerdict verdict = Threshold.parse(text, "test").judge(result);
        assertEquals(expected, verdict.verdict(), text);
        if (measured == null) {
            assertNull(verdict.measured(), text);
        } else {
            assertEquals(measured, verdict.measured(), 0.05 * Math.max(measured, 1e-3), text);
        }
    }

    /** READ: 100 operations at 10 ms but one at 100 ms, 300 ops/s; WRITE: 50 at 20 ms, 150 ops/s; users created. */
    static RunResult result() {
        List<OperationStatistics> operations = List.of(
                statistics(OperationType.CREATE_USER, 10, 500_000, Map.of(), 5, 0),
                statistics(OperationType.READ, 99, 10_000, Map.of(ErrorClass.TIMEOUT, 1L), 300, 3),
                statistics(OperationType.WRITE, 50, 20_000, Map.of(), 150, 1.5));
        SoakHealth health = new SoakHealth(0, 0, 0, 0, 100.0, 102.5, 2.5, null, 10, 0, 0, 1, List.of(), null);
        return new RunResult(new RunSetup(RunMode.FIXTURE, "suite", "MEMORY", "memory", 2, 100, "SMALL", 200, ErrorMode.CONTINUE, 0, 0, 0),
                new EngineDescription("VAULTLOAD", CipherSuite.AES256_GCM, "X25519", 1000),
                new RunTiming("2026-11-26T12:00:00Z", 1000, 1, null), operations,
                Map.of(ErrorClass.TIMEOUT, 1L, ErrorClass.SERVER, 1L), List.of(), Map.of(), ObjectOutcomes.NONE,
                new CpuUsage(300, 200, 200), health, Map.of(), Environment.current(), null, null, null, null, null);
    }

    /** {@code count} operations of {@code micros} each; one READ at 100 ms on top. */
    private static OperationStatistics statistics(OperationType type, long count, long micros, Map<ErrorClass, Long> errors,
                                                  double opsPerSecond, double mebibytesPerSecond) {
        Histogram latencies = new Histogram(3);
        latencies.recordValueWithCount(micros, count - (type == OperationType.READ ? 1 : 0));
        if (type == OperationType.READ) {
            latencies.recordValue(100_000);
        }
        return OperationStatistics.merged(type, latencies, micros * count, 0, errors, 1000, opsPerSecond, mebibytesPerSecond);
    }
}
