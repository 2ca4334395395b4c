package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureJson;
import dev.vaultload.fixture.FixtureWriter;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.trace.ImportReport;
import dev.vaultload.fixture.trace.KeyAnonymizer;
import dev.vaultload.fixture.trace.TraceFormat;
import dev.vaultload.fixture.trace.TraceImporter;
import dev.vaultload.fixture.trace.UserRule;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vaultload fixture import}: a fixture from an object store's access log or trace (docs/fixture-format.md). */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Make a fixture of a trace: sizes, order and timing kept, users and keys replaced by HMAC tokens.")
final class ImportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--format", required = true, paramLabel = "FORMAT",
            description = "s3-access-log, minio-audit, rgw-ops-log or ibm-cos")
    private String format;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "trace files in time order (.gz read as gzip)")
    private List<Path> files;

    @Option(names = "--out", required = true, paramLabel = "FIXTURE", description = "the fixture file to write")
    private Path out;

    @Option(names = "--users", paramLabel = "RULE", description = "who owns a request's space: bucket (default), "
            + "requester, prefix:N (bucket and first N key segments), hash:N (N users by key hash)")
    private String users = "bucket";

    @Option(names = "--hmac-key-file", paramLabel = "FILE", description = "the key (at least 16 bytes, used as is) "
            + "that names are replaced under, to map several imports alike; default a random key. Never written.")
    private Path hmacKeyFile;

    @Option(names = "--max-list", paramLabel = "N", description = "skip a LIST expecting more documents; default 1000")
    private int maxListPaths = 1000;

    @Option(names = "--strict", description = "refuse the trace at its first malformed line instead of skipping it")
    private boolean strict;

    @Override
    public Integer call() throws IOException {
        TraceImporter importer = new TraceImporter(options());
        long startNanos = System.nanoTime();
        ImportReport report;
        try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16);
             FixtureWriter writer = new FixtureJson().newWriter(file)) {
            report = importer.importTo(files, writer);
        } catch (RuntimeException e) {
            Files.deleteIfExists(out); // no half-written fixture left behind
            throw e;
        }
        if (report.operations() == report.operationsPerType().getOrDefault(OperationType.CREATE_USER, 0L)) {
            Files.deleteIfExists(out); // a fixture of nothing to replay would run and pass, measuring nothing
            throw new CommandLine.ParameterException(spec.commandLine(), "no operation imported from " + files + " as "
                    + format + ": " + report.lines() + " lines, " + report.requests() + " requests, "
                    + report.malformedLines() + " malformed" + report.firstMalformed().stream().findFirst()
                    .map(first -> " (first: " + first + ")").orElse(""));
        }
        print(report, (System.nanoTime() - startNanos) / 1_000_000);
        return ExitCodes.OK;
    }

    private TraceImporter.Options options() throws IOException {
        try {
            KeyAnonymizer names = hmacKeyFile == null ? KeyAnonymizer.random()
                    : new KeyAnonymizer(Files.readAllBytes(hmacKeyFile));
            return new TraceImporter.Options(TraceFormat.named(format), UserRule.parse(users), names, maxListPaths, strict);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Invalid import option: " + e.getMessage());
        }
    }

    private void print(ImportReport report, long elapsedMillis) {
        PrintWriter console = spec.commandLine().getOut();
        console.printf("fixture      %s%n", out);
        console.printf("read         %d lines, %d requests, %d malformed lines skipped%n", report.lines(),
                report.requests(), report.malformedLines());
        report.firstMalformed().forEach(line -> console.printf("  %s%n", line));
        console.printf("users        %d%n", report.users());
        console.printf("operations   %d (%d preparation WRITEs, untimed)%n", report.operations(), report.preparationWrites());
        report.operationsPerType().forEach((type, count) -> console.printf("  %-11s %d%n", type, count));
        console.printf("skipped      %d requests%n", report.skipped().values().stream().mapToLong(Long::longValue).sum());
        report.skipped().forEach((reason, count) -> console.printf("  %-62s %d%n", reason, count));
        console.printf("timeline     %d ms (%d requests logged out of order took their predecessor's time)%n",
                report.durationMillis(), report.reorderedRequests());
        console.printf("imported in %d ms%n", elapsedMillis);
        console.flush();
    }
}
