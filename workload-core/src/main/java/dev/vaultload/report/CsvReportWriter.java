package dev.vaultload.report;

import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.stats.RangedReadStatistics;
import dev.vaultload.stats.StoreTrafficStatistics;
import dev.vaultload.stats.TimeSplit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** One CSV row per operation type of a {@link RunResult}; latencies in microseconds. */
public final class CsvReportWriter implements ReportSink {
    static final String HEADER = "storage,threads,file_size_kib,cipher,operation,count,errors,"
            + "p50_micros,p75_micros,p90_micros,p95_micros,p99_micros,p99_9_micros,max_micros,mean_micros,"
            + "throughput_per_thread,ops_per_second,mib_per_second,"
            + "storage_p50_micros,storage_p99_micros,engine_p50_micros,engine_p99_micros,storage_mean_micros,"
            + "engine_mean_micros,storage_share,engine,interrupted_by,kms_calls_per_operation,kms_mean_micros,kms_share,"
            + "worker_cpu_ms_per_mib,ceiling_ms_per_mib,share_of_ceiling,ceiling_suspect,"
            + "store_requests_per_operation,sent_bytes_per_content_byte,received_bytes_per_content_byte,"
            + "ranged_reads,ranged_fetched_bytes_per_returned_byte,ranged_decrypted_bytes_per_returned_byte";

    private final Path file;

    public CsvReportWriter(Path file) {
        this.file = file;
    }

    @Override
    public void write(RunResult result) {
        List<String> rows = new ArrayList<>();
        rows.add(HEADER);
        for (OperationStatistics operation : result.operations()) {
            rows.add(row(result, operation));
        }
        try {
            Files.write(file, rows, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write CSV report " + file, e);
        }
    }

    private static String row(RunResult result, OperationStatistics operation) {
        RunSetup setup = result.setup();
        List<String> cells = new ArrayList<>(List.of(setup.storage(), Integer.toString(setup.threads()),
                Integer.toString(setup.fileSizeKib()), result.engineDescription().cipher().name(), operation.type().name(),
                Long.toString(operation.count()), Long.toString(operation.errorCount())));
        for (double percentile : OperationStatistics.PERCENTILES) {
            cells.add(Long.toString(operation.percentileMicros().get(OperationStatistics.label(percentile))));
        }
        cells.add(Long.toString(operation.maxMicros()));
        cells.add(decimal(operation.meanMicros()));
        cells.add(decimal(operation.throughputPerThread()));
        cells.add(decimal(operation.opsPerSecond()));
        cells.add(decimal(operation.mebibytesPerSecond()));
        cells.addAll(timeSplitCells(operation.timeSplit()));
        cells.add(result.engineDescription().engine()); // new columns go last: the columns before keep their places
        cells.add(result.timing().interruptedBy() == null ? "" : result.timing().interruptedBy());
        cells.addAll(kmsCells(operation.timeSplit()));
        cells.add(operation.workerCpuMillisPerMib() == null ? "" : decimal(operation.workerCpuMillisPerMib()));
        cells.addAll(ceilingCells(result.ceilingShares().stream()
                .filter(share -> share.operation() == operation.type()).findFirst()));
        cells.addAll(trafficCells(operation.storeTraffic()));
        cells.addAll(rangedReadCells(operation.rangedReads()));
        return String.join(",", cells);
    }

    /** Empty cells for the operation types without a split, so every row has the header's columns. */
    private static List<String> timeSplitCells(TimeSplit split) {
        if (split == null) {
            return List.of("", "", "", "", "", "", "");
        }
        return List.of(Long.toString(split.storagePercentileMicros().get("50")),
                Long.toString(split.storagePercentileMicros().get("99")),
                Long.toString(split.enginePercentileMicros().get("50")),
                Long.toString(split.enginePercentileMicros().get("99")),
                decimal(split.storageMeanMicros()), decimal(split.engineMeanMicros()),
                String.format(Locale.ROOT, "%.4f", split.storageShare()));
    }

    /** The key manager's part of the split: empty without a split, zeros when the engine called no key manager. */
    private static List<String> kmsCells(TimeSplit split) {
        if (split == null) {
            return List.of("", "", "");
        }
        return List.of(decimal(split.kmsCallsPerOperation()), decimal(split.kmsMeanMicros()),
                String.format(Locale.ROOT, "%.4f", split.kmsShare()));
    }

    /** The ceiling of the operation's unavoidable work, its share of it and why that is suspect; empty without one. */
    private static List<String> ceilingCells(Optional<CeilingShare> share) {
        return share.map(found -> List.of(decimal(found.ceilingMillisPerMib()),
                String.format(Locale.ROOT, "%.4f", found.shareOfCeiling()),
                Objects.toString(found.ceilingSuspect(), ""))).orElse(List.of("", "", ""));
    }

    /** What the operation asked of the store; empty when nothing was seen, a ratio empty without content. */
    private static List<String> trafficCells(StoreTrafficStatistics traffic) {
        if (traffic == null) {
            return List.of("", "", "");
        }
        return List.of(decimal(traffic.totalRequestsPerOperation()), ratio(traffic.sentBytesPerContentByte()),
                ratio(traffic.receivedBytesPerContentByte()));
    }

    private static List<String> rangedReadCells(RangedReadStatistics ranged) {
        if (ranged == null) {
            return List.of("", "", "");
        }
        return List.of(Long.toString(ranged.count()), ratio(ranged.fetchedBytesPerReturnedByte()),
                ratio(ranged.decryptedBytesPerReturnedByte()));
    }

    private static String ratio(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.4f", value);
    }

    private static String decimal(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
