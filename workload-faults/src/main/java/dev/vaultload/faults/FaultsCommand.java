package dev.vaultload.faults;

import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.storage.Directories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code java -jar vaultload-faults.jar faults|tamper short|full}: the fault matrix and the tamper matrix of
 * docs/faults.md, run from the repository (they start its scripts: Toxiproxy's build, Ceph) with MINIO_BINARY set.
 * Each prints its table, writes it into {@code --out}, and names on stderr every cell that does not hold with why.
 * Exit status: 0 every cell holds, 1 a cell does not or the matrix could not run, 2 bad usage (one line).
 */
@Command(name = "vaultload-faults", mixinStandardHelpOptions = true,
        description = "The fault and tamper matrices of docs/faults.md. Exit status: 0 every cell holds, 1 a cell does"
                + " not or the matrix could not run, 2 bad usage.")
public final class FaultsCommand implements Runnable {
    static final int HOLDS = 0;
    static final int FAILED = 1;
    static final int BAD_USAGE = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** A matrix run in a scratch directory, which is deleted after it. */
    @FunctionalInterface
    private interface Matrix {
        MatrixOutcome run(Path minioBinary, Path work);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: faults or tamper");
    }

    @Command(name = "faults", mixinStandardHelpOptions = true,
            description = "Every fault (Toxiproxy toxics, S3 error answers, a killed server) in front of real S3 servers"
                    + " on 127.0.0.1; a cell holds when nothing was lost or altered and the fault showed.")
    int faults(@Parameters(paramLabel = "SCOPE", description = "short: every fault once; full: every fault on every"
                       + " store it applies to (MinIO, embedded, Ceph where installed)") MatrixScope scope,
               @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/fault-matrix",
                       description = "where faults.md goes (default: ${DEFAULT-VALUE})") Path out,
               @Option(names = "--faults", paramLabel = "FAULT", split = ",",
                       description = "only these faults' cells, e.g. KMS_STOPPED,KMS_KEY_DISABLED (default: all of ${COMPLETION-CANDIDATES})")
               Set<FaultKind> faults) throws IOException {
        Set<FaultKind> chosen = faults == null ? EnumSet.allOf(FaultKind.class) : EnumSet.copyOf(faults);
        return runMatrix("the fault matrix", (minio, work) -> FaultMatrix.run(scope, chosen, minio, work),
                out.resolve("faults.md"));
    }

    @Command(name = "tamper", mixinStandardHelpOptions = true,
            description = "Runs of the vault while stored documents and key material are altered behind their back; a"
                    + " cell holds when every alteration the run could see is reported naming its object, and nothing"
                    + " else is. Ends with a rotation interrupted halfway: a client killed mid-sweep, then every"
                    + " document must still open.")
    int tamper(@Parameters(paramLabel = "SCOPE", description = "short: every kind at once on FILESYSTEM and MinIO; full:"
                       + " each kind on its own on FILESYSTEM, MinIO and the embedded server") MatrixScope scope,
               @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/tamper-matrix",
                       description = "where tamper.md goes (default: ${DEFAULT-VALUE})") Path out,
               @Option(names = "--kms-keys-only", description = "only the cells whose KMS key is deleted mid-run")
               boolean kmsKeysOnly) throws IOException {
        return runMatrix("the tamper matrix", (minio, work) -> kmsKeysOnly ? TamperMatrix.kmsKeysOnly(scope, minio, work)
                : TamperMatrix.run(scope, minio, work), out.resolve("tamper.md"));
    }

    private int runMatrix(String matrixName, Matrix matrix, Path tableFile) throws IOException {
        Path minioBinary = Path.of(Optional.ofNullable(SettingsRegistry.system().apply("MINIO_BINARY"))
                .orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(), "MINIO_BINARY: " + matrixName
                        + " needs a minio executable (scripts/start-minio.sh binary builds one)")));
        Path work = Files.createTempDirectory("vaultload-faults-");
        MatrixOutcome outcome;
        try {
            outcome = matrix.run(minioBinary, work);
        } finally {
            Directories.deleteTree(work);
        }
        outcome.report(tableFile, spec.commandLine().getOut(), spec.commandLine().getErr());
        return outcome.holds() ? HOLDS : FAILED;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with its exit statuses: bad usage is one line on stderr; a matrix that fails to run, its trace. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new FaultsCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("vaultload-faults: " + exception.getMessage());
            return BAD_USAGE;
        });
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            failed.getErr().println("vaultload-faults: the matrix could not run: " + exception);
            exception.printStackTrace(failed.getErr());
            return FAILED;
        });
        return commandLine;
    }
}
