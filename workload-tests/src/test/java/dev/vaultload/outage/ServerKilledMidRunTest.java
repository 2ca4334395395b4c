package dev.vaultload.outage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.faults.RestartableMinio;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.run.Combination;
import dev.vaultload.run.RunConfig;
import dev.vaultload.run.WorkloadRunner;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.vault.DatasafeStyleVault;
import dev.vaultload.vault.VaultEngineFactory;
import dev.vaultload.vault.VaultSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real MinIO killed by pid in the middle of a run and started again a little later, with
 * ERROR_MODE=CONTINUE: the failures are classified as store failures, the run goes on to the end, and the
 * final validation reports missing or stale objects only where an operation failed during the outage.
 */
class ServerKilledMidRunTest {
    /** "WRITE user user-3 PRIVATE p0e0/home/file.txt: ..." */
    private static final Pattern FAILED_OPERATION = Pattern.compile("^(?:WRITE|SHARE|DELETE|READ|LIST) user \\S+ (PRIVATE|INBOX) (\\S+): .*");
    /** "IntegrityViolation: user user-3 PRIVATE p0e0/home/file.txt: expected content ..., found no document" */
    private static final Pattern VALIDATION_FINDING =
            Pattern.compile("^IntegrityViolation: user \\S+ (PRIVATE|INBOX) (\\S+): expected .*");
    // The users take 40 store calls to create; the fixture's operations follow. Same points every run.
    private static final int KILL_AT_CALL = 150;
    private static final int RESTART_AT_CALL = 200;

    @TempDir
    Path work;

    @Test
    void outageFailuresAreClassifiedTheRunGoesOnAndValidationNamesTheObjectsTheyLeftBehind() throws Exception {
        Optional<Path> binary = minioBinary();
        assumeTrue(binary.isPresent(), "no minio binary (MINIO_BINARY, PATH, ~/go/bin/minio): scripts/start-minio.sh binary builds one");
        Path data = Files.createDirectories(work.resolve("data"));
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");
        RunResult result;
        try (RestartableMinio minio = new RestartableMinio(binary.get(), data)) {
            minio.start();
            try (S3Connection connection = S3Connection.open(S3ClientSettings.of(minio.endpoint(), minio.credentials()))) {
                connection.createBucket("outage");
                ServerOutage store = new ServerOutage(connection.bucket("outage", S3TransferSettings.DEFAULT), minio,
                        KILL_AT_CALL, RESTART_AT_CALL);
                result = new WorkloadRunner(config(), "ServerKilledMidRunTest", new ContentGenerator())
                        .run(new Combination("MINIO", 1, 1), fixture, "SMALL", store,
                                s -> new DatasafeStyleVault(s, VaultSettings.defaults().withKdfIterations(1000)),
                                users -> Map.of());
            }
        }

        Map<ErrorClass, Long> errors = result.errors();
        assertTrue(errors.get(ErrorClass.SERVER) + errors.get(ErrorClass.TIMEOUT) > 0, errors.toString());
        assertEquals(0L, errors.get(ErrorClass.CLIENT), errors.toString());
        assertEquals(0L, errors.get(ErrorClass.OTHER), errors.toString());
        long replayed = fixture.operations().stream().filter(operation -> operation.type() != OperationType.CREATE_USER).count();
        assertEquals(replayed, result.cpu().operations(), "every operation after the users' creation was tried: the run went on");
        long succeeded = result.operations().stream().mapToLong(OperationStatistics::count).sum();
        assertTrue(succeeded > RESTART_AT_CALL / 2, "operations succeeded again after the restart: " + succeeded);

        List<Failure> findings = result.failures().stream().filter(f -> VALIDATION_FINDING.matcher(f.message()).matches()).toList();
        List<Failure> failedOperations = result.failures().stream().filter(f -> FAILED_OPERATION.matcher(f.message()).matches()).toList();
        assertFalse(findings.isEmpty(), "the outage left objects missing or stale: " + result.failures());
        for (Failure finding : findings) {
            assertEquals(ErrorClass.INTEGRITY, finding.errorClass());
            assertTrue(failedOperations.stream().anyMatch(failed -> explains(failed, finding)),
                    "no failed operation explains " + finding.message());
        }
    }

    /** The failed operation touched the found object: same space, its location covers the path. */
    private static boolean explains(Failure failedOperation, Failure finding) {
        Matcher operation = FAILED_OPERATION.matcher(failedOperation.message());
        Matcher found = VALIDATION_FINDING.matcher(finding.message());
        return operation.matches() && found.matches() && operation.group(1).equals(found.group(1))
                && found.group(2).startsWith(operation.group(2));
    }

    private RunConfig config() {
        return new RunConfig(List.of("MINIO"), List.of(VaultEngineFactory.NAME), List.of(1), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.AES256_GCM, 1000,
                Optional.empty(), ErrorMode.CONTINUE, Duration.ofSeconds(5), Duration.ZERO, OptionalDouble.empty(), 1,
                work.resolve("reports"));
    }

    private static Optional<Path> minioBinary() {
        String configured = dev.vaultload.settings.SettingsRegistry.system().apply("MINIO_BINARY");
        Stream<Path> candidates = Stream.concat(
                Stream.ofNullable(configured).map(Path::of),
                Stream.concat(Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).map(dir -> Path.of(dir, "minio")),
                        Stream.of(Path.of(System.getProperty("user.home"), "go", "bin", "minio"))));
        return candidates.filter(Files::isExecutable).findFirst();
    }
}
