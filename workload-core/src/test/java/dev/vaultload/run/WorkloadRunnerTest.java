package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.fixture.FixtureGenerator;
import dev.vaultload.fixture.FixtureJson;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.FixtureWriter;
import dev.vaultload.fixture.GeneratorParameters;
import dev.vaultload.fixture.Operation;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.Popularity;
import dev.vaultload.fixture.RangeReads;
import dev.vaultload.fixture.SizeDistribution;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.fixture.trace.KeyAnonymizer;
import dev.vaultload.fixture.trace.TraceFormat;
import dev.vaultload.fixture.trace.TraceImporter;
import dev.vaultload.fixture.trace.UserRule;
import dev.vaultload.report.Failure;
import dev.vaultload.report.ObjectOutcomes;
import dev.vaultload.report.RunResult;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardStart;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.OperationStatistics;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.FileSystemBlobStore;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Stream;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadRunnerTest {
    private static final Function<BlobStore, Engine> VAULT =
            store -> new PlaintextEngine(store);

    @TempDir
    Path reports;
    @TempDir
    Path storeRoot;

    private RunConfig config(ErrorMode errorMode, Optional<Duration> duration) {
        return new RunConfig(List.of("FILESYSTEM"), List.of(PlaintextEngine.NAME), List.of(2), List.of(1),
                new RunConfig.FixtureSource.Committed(FixtureSize.SMALL), CipherSuite.AES256_GCM, 1000, duration,
                errorMode, Duration.ofSeconds(1), Duration.ZERO, OptionalDouble.empty(), 3, reports);
    }

    private RunResult run(ErrorMode errorMode, Fixture fixture, int threads, BlobStore store) {
        return new WorkloadRunner(config(errorMode, Optional.empty()), "WorkloadRunnerTest", new ContentGenerator())
                .run(new Combination("FILESYSTEM", threads, 1), fixture, "test", store, VAULT, users -> Map.of());
    }

    @Test
    void replaysTheSmallFixtureOnEveryThreadAndWritesParsableReports() throws IOException {
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");

        RunResult result = run(ErrorMode.FAIL_FAST, fixture, 2, new FileSystemBlobStore(storeRoot));

        assertTrue(result.passed(), () -> result.failures().toString());
        for (OperationType type : List.of(OperationType.WRITE, OperationType.READ, OperationType.SHARE,
                OperationType.LIST, OperationType.DELETE)) {
            long inFixture = fixture.operations().stream().filter(operation -> operation.type() == type).count();
            assertEquals(2 * inFixture, statistics(result, type).count(), type + " runs once per execution");
        }
        assertEquals(fixture.userPrivateSpace().size(), statistics(result, OperationType.CREATE_USER).count());
        assertEquals(1, result.timing().passes());

        JsonNode json = new ObjectMapper().readTree(onlyFile(".json").toFile());
        assertEquals("FILESYSTEM", json.get("storage").asText());
        assertEquals("NONE", json.get("cipher").asText(), "the cipher the engine reports, not the setting");
        assertEquals(PlaintextEngine.NAME, json.get("engine").asText());
        assertEquals(6, json.get("operations").size());
        List<String> csv = Files.readAllLines(onlyFile(".csv"));
        assertEquals(7, csv.size(), "header and one row per operation type");
        assertEquals(csv.get(0).split(",", -1).length, csv.get(1).split(",", -1).length);
        try (HistogramLogReader hlog = new HistogramLogReader(onlyFile(".hlog").toFile())) {
            assertTrue(hlog.nextIntervalHistogram() != null, "the interval log holds at least one histogram");
        }
    }

    @Test
    void anImportedTraceWritesItsLoggedSizesAndNeitherTimesNorCountsItsPreparations() throws IOException {
        Path trace = Files.write(storeRoot.resolve("access.log"), new String(
                getClass().getResourceAsStream("/traces/s3-access-log.txt").readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (FixtureWriter writer = new FixtureJson().newWriter(out)) {
            new TraceImporter(new TraceImporter.Options(TraceFormat.S3_ACCESS_LOG, UserRule.parse("bucket"),
                    KeyAnonymizer.random(), 1000, false)).importTo(List.of(trace), writer);
        }
        Fixture fixture = new FixtureLoader().load(new ByteArrayInputStream(out.toByteArray()), "imported.json");

        RunResult result = run(ErrorMode.FAIL_FAST, fixture, 1, new InMemoryBlobStore());

        assertTrue(result.passed(), () -> result.failures().toString());
        assertEquals(2, statistics(result, OperationType.WRITE).count(), "the preparation WRITE is not counted");
        assertEquals(2048 + 5_242_880 + 1000, statistics(result, OperationType.WRITE).transferredBytes());
        assertEquals(4096 + 2048 + 2048, statistics(result, OperationType.READ).transferredBytes());
        assertEquals(1, statistics(result, OperationType.SHARE).count());
    }

    @Test
    void rangedReadsAreVerifiedAgainstTheBytesOfTheirRange() {
        Fixture fixture = new FixtureGenerator(GeneratorParameters.defaults(3).withOperations(300)
                .withDistributions(SizeDistribution.parse("lognormal:median=200KiB,sigma=0.3"), Popularity.UNIFORM)
                .withRangeReads(RangeReads.parse("50%:1KiB"))).generate();
        long rangedReads = fixture.operations().stream()
                .filter(op -> op instanceof Operation.Read read && read.range().isPresent()).count();
        long wholeReadBytes = fixture.operations().stream()
                .filter(op -> op instanceof Operation.Read read && read.range().isEmpty())
                .mapToLong(op -> ContentSizes.of(fixture, 0).sizeBytes(((Operation.Read) op).expectedContent())).sum();

        RunResult result = run(ErrorMode.FAIL_FAST, fixture, 1, new InMemoryBlobStore());

        assertTrue(result.passed(), () -> result.failures().toString());
        assertTrue(rangedReads > 10, "ranged READs: " + rangedReads);
        assertEquals(wholeReadBytes + 1024 * rangedReads, statistics(result, OperationType.READ).transferredBytes());
    }

    @Test
    void aFlippedByteInTheStoreEndsInIntegrityErrorsNamingTheDocument() {
        TamperingBlobStore store = new TamperingBlobStore(new FileSystemBlobStore(storeRoot), TamperingBlobStore.Damage.FLIP_BYTE);

        RunResult result = run(ErrorMode.CONTINUE, writeThenRead(), 1, store);

        assertFalse(result.passed());
        assertEquals(2, result.dataErrorCount(), "the READ and the final check: " + result.failures());
        assertTrue(result.failures().stream().map(Failure::message).allMatch(m -> m.contains("user-1 PRIVATE p0e0/docs/a.txt")),
                result.failures().toString());
    }

    @Test
    void anAcknowledgedObjectThatDisappearsIsLostNamingTheDocument() {
        TamperingBlobStore store = new TamperingBlobStore(new InMemoryBlobStore("test"), TamperingBlobStore.Damage.DELETE);

        RunResult result = run(ErrorMode.CONTINUE, writeThenRead(), 1, store);

        assertFalse(result.passed());
        assertEquals(2, result.errors().get(ErrorClass.LOST), "the READ and the final check: " + result.failures());
        assertTrue(result.failures().stream().anyMatch(f -> f.message().contains(
                "user user-1 PRIVATE p0e0/docs/a.txt: expected content c1 (acknowledged), found no document")),
                result.failures().toString());
    }

    @Test
    void aSharesStoredObjectGoneBeforeItsCopiesIsLostNamingIt() {
        TamperingBlobStore store = TamperingBlobStore.ofInboxes(new InMemoryBlobStore("test"), TamperingBlobStore.Damage.DELETE);
        ContentId c1 = new ContentId("c1");
        Fixture shareToTwo = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"),
                new Operation.CreateUser("user-2"),
                new Operation.CreateUser("user-3"),
                new Operation.Share("user-1", c1, "docs/a.txt", List.of("user-2", "user-3"))),
                Map.of("user-1", Map.of(), "user-2", Map.of(), "user-3", Map.of()),
                Map.of("user-1", Map.of(), "user-2", Map.of("docs/a.txt", "c1"), "user-3", Map.of("docs/a.txt", "c1")));

        RunResult result = run(ErrorMode.CONTINUE, shareToTwo, 1, store);

        Failure share = result.failures().getFirst();
        assertEquals(OperationType.SHARE, share.type(), result.failures().toString());
        assertEquals(ErrorClass.LOST, share.errorClass(), "acknowledged by the store, then gone: " + share.line());
        assertTrue(share.storeObject().endsWith("/inbox/p0e0/docs/a.txt"), "names the first recipient's copy: " + share.line());
        assertEquals(Map.of(ErrorClass.LOST, 1L), nonZero(result.errors()),
                "the inboxes are in doubt after the failed share, so the final check accepts their absence");
    }

    @Test
    void aFailureNamesTheStoredObjectItsFixtureStepAndWhenItWasSeen() {
        TamperingBlobStore store = new TamperingBlobStore(new FileSystemBlobStore(storeRoot), TamperingBlobStore.Damage.FLIP_BYTE);

        RunResult result = run(ErrorMode.CONTINUE, writeThenRead(), 1, store);

        String file = storeRoot.resolve("users").toString();
        Failure read = result.failures().stream().filter(f -> f.type() == OperationType.READ && f.operationIndex() != null)
                .findFirst().orElseThrow(() -> new AssertionError(result.failures().toString()));
        assertEquals(2, read.operationIndex(), "the READ is the fixture's third operation");
        assertTrue(read.storeObject().startsWith(file) && read.storeObject().endsWith("p0e0/docs/a.txt"), read.storeObject());
        assertTrue(read.at() != null && read.line().contains("[object " + read.storeObject() + "]"), read.line());
        assertTrue(result.failures().stream().allMatch(f -> read.storeObject().equals(f.storeObject())),
                "the final check names the same file: " + result.failures());
        assertEquals(Map.of("INTEGRITY " + storeRoot.resolve("users/" + userOf(result)), 2L), result.failureGroups());
    }

    @Test
    void aListThatMissesAnAcknowledgedDocumentIsLost() {
        TamperingBlobStore store = new TamperingBlobStore(new InMemoryBlobStore("test"), TamperingBlobStore.Damage.DELETE);
        ContentId c1 = new ContentId("c1");
        Fixture writeThenList = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"),
                new Operation.Write("user-1", c1, "docs/a.txt"),
                new Operation.Listing("user-1", StorageType.PRIVATE, "docs/", List.of("docs/a.txt"))),
                Map.of("user-1", Map.of("docs/a.txt", "c1")), Map.of("user-1", Map.of()));

        RunResult result = run(ErrorMode.CONTINUE, writeThenList, 1, store);

        Failure list = result.failures().getFirst();
        assertEquals(OperationType.LIST, list.type(), result.failures().toString());
        assertEquals(ErrorClass.LOST, list.errorClass(), "deleted behind the run's back: " + list.line());
        assertTrue(list.storeObject().endsWith("/private/p0e0/docs/a.txt"), "names the missing document: " + list.line());
        assertEquals(Map.of(ErrorClass.LOST, 2L), nonZero(result.errors()), "the LIST and the final check");
    }

    @Test
    void aListThatMissesSeveralDocumentsNamesEachOfThem() {
        TamperingBlobStore store = new TamperingBlobStore(new InMemoryBlobStore("test"), TamperingBlobStore.Damage.DELETE, 2);
        ContentId c1 = new ContentId("c1");
        Fixture writeTwoThenList = new Fixture(null, List.of(
                new Operation.CreateUser("user-1"),
                new Operation.Write("user-1", c1, "docs/a.txt"),
                new Operation.Write("user-1", c1, "docs/b.txt"),
                new Operation.Listing("user-1", StorageType.PRIVATE, "docs/", List.of("docs/a.txt", "docs/b.txt"))),
                Map.of("user-1", Map.of("docs/a.txt", "c1", "docs/b.txt", "c1")), Map.of("user-1", Map.of()));

        RunResult result = run(ErrorMode.CONTINUE, writeTwoThenList, 1, store);

        List<String> named = result.failures().stream().filter(f -> f.type() == OperationType.LIST && f.operationIndex() != null)
                .map(f -> f.errorClass() + " " + f.storeObject().substring(f.storeObject().indexOf("/private/"))).toList();
        assertEquals(List.of("LOST /private/p0e0/docs/a.txt", "LOST /private/p0e0/docs/b.txt"), named,
                "each missing document named: " + result.failures());
        assertEquals(Map.of(ErrorClass.LOST, 3L), nonZero(result.errors()), "one failed LIST and two final checks");
    }

    @Test
    void aDocumentAlteredWhileItsPassWaitsForDeletionIsFoundBeforeTheDeletion() {
        AltersAnEarlierPass store = new AltersAnEarlierPass(new InMemoryBlobStore("test"));
        RunConfig config = config(ErrorMode.CONTINUE, Optional.of(Duration.ofSeconds(1)));

        RunResult result = new WorkloadRunner(config, "WorkloadRunnerTest", new ContentGenerator())
                .run(new Combination("MEMORY", 1, 1), writeThenRead(), "test", store, VAULT, users -> Map.of());

        assertTrue(store.altered(), "pass 0's document was altered during pass 1");
        assertFalse(result.passed());
        assertEquals(Map.of(ErrorClass.INTEGRITY, 1L), nonZero(result.errors()), result.failures().toString());
        assertTrue(result.failures().getFirst().storeObject().endsWith("p0e0/docs/a.txt"), result.failures().toString());
    }

    private static String userOf(RunResult result) {
        String object = result.failures().getFirst().storeObject();
        String afterUsers = object.substring(object.indexOf("users/") + "users/".length());
        return afterUsers.substring(0, afterUsers.indexOf('/'));
    }

    @Test
    void aWriteThatFailsAfterLandingIsInDoubtNeverLostAndTheValidationFindsIt() {
        BlobStore store = new FailingWriteBlobStore(new InMemoryBlobStore("test"), BlobStoreException.Kind.TIMEOUT, true);

        RunResult result = run(ErrorMode.CONTINUE, writeThenRead(), 1, store);

        assertTrue(result.passed(), result.failures().toString());
        assertEquals(1, result.errors().get(ErrorClass.IN_DOUBT), result.failures().toString());
        assertEquals(1, result.errorCount(), "the READ accepts the content the failed write may have left");
        assertTrue(result.failures().getFirst().message().contains("outcome unknown after TIMEOUT"), result.failures().toString());
        assertEquals(new ObjectOutcomes(1, 1, 0, 0), result.objects());
    }

    @Test
    void aWriteThatFailsBeforeLandingIsInDoubtAndItsAbsenceIsAccepted() {
        BlobStore store = new FailingWriteBlobStore(new InMemoryBlobStore("test"), BlobStoreException.Kind.SERVER, false);

        RunResult result = run(ErrorMode.CONTINUE, writeThenRead(), 1, store);

        assertTrue(result.passed(), result.failures().toString());
        assertEquals(Map.of(ErrorClass.IN_DOUBT, 1L), nonZero(result.errors()), result.failures().toString());
        assertEquals(new ObjectOutcomes(1, 0, 1, 0), result.objects());
    }

    @Test
    void aRefusedWriteKeepsItsOwnClass() {
        BlobStore store = new FailingWriteBlobStore(new InMemoryBlobStore("test"), BlobStoreException.Kind.LIMIT_EXCEEDED, false);

        RunResult result = run(ErrorMode.CONTINUE, writeThenRead(), 1, store);

        assertTrue(result.passed(), result.failures().toString());
        assertEquals(Map.of(ErrorClass.LIMIT_EXCEEDED, 1L), nonZero(result.errors()), result.failures().toString());
    }

    private static Map<ErrorClass, Long> nonZero(Map<ErrorClass, Long> errors) {
        Map<ErrorClass, Long> counted = new EnumMap<>(ErrorClass.class);
        errors.forEach((errorClass, count) -> {
            if (count > 0) {
                counted.put(errorClass, count);
            }
        });
        return counted;
    }

    @Test
    void failFastStopsAtTheFirstError() {
        TamperingBlobStore store = new TamperingBlobStore(new InMemoryBlobStore("test"), TamperingBlobStore.Damage.DELETE);
        Fixture fixture = writeThenRead();

        RunResult result = run(ErrorMode.FAIL_FAST, fixture, 1, store);

        assertFalse(result.passed());
        assertEquals(1, result.errorCount(), "stopped after the failed READ, no final validation: " + result.failures());
        assertEquals(ErrorClass.LOST, result.failures().get(0).errorClass());
    }

    @Test
    void durationRepeatsValidatedPassesUntilTheTimeIsUp() {
        RunConfig config = config(ErrorMode.FAIL_FAST, Optional.of(Duration.ofSeconds(1)));

        RunResult result = new WorkloadRunner(config, "WorkloadRunnerTest", new ContentGenerator())
                .run(new Combination("MEMORY", 2, 1), writeThenRead(), "test", new InMemoryBlobStore("test"), VAULT,
                        users -> Map.of());

        assertTrue(result.passed(), () -> result.failures().toString());
        assertTrue(result.timing().passes() >= 2, "passes: " + result.timing().passes());
        assertEquals(2L * result.timing().passes(), statistics(result, OperationType.WRITE).count());
    }

    /** user-1 writes docs/a.txt and reads it back; it must be there at the end. */
    private static Fixture writeThenRead() {
        ContentId c1 = new ContentId("c1");
        return new Fixture(null, List.of(
                new Operation.CreateUser("user-1"),
                new Operation.Write("user-1", c1, "docs/a.txt"),
                new Operation.Read("user-1", StorageType.PRIVATE, "docs/a.txt", c1)),
                Map.of("user-1", Map.of("docs/a.txt", "c1")), Map.of("user-1", Map.of()));
    }

    @Test
    void theRunsUsersAreDestroyedWhenTheRunFailsAfterCreatingThem() {
        InMemoryBlobStore store = new InMemoryBlobStore("destroyed");
        IntervalListener broken = interval -> {
            if (interval.last()) {
                throw new IllegalStateException("the progress display broke");
            }
        };
        WorkloadRunner runner = new WorkloadRunner(config(ErrorMode.FAIL_FAST, Optional.empty()), "WorkloadRunnerTest",
                new ContentGenerator(), combination -> List.of(broken), Optional.empty(), ShardPlan.SINGLE, ShardStart.AT_ONCE,
                ResumableJournals.NONE);
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");

        assertThrows(IllegalStateException.class, () -> runner.run(new Combination("MEMORY", 2, 1), fixture, "test",
                store, VAULT, users -> Map.of()));

        try (Stream<String> left = store.list("")) {
            assertEquals(List.of(), left.toList(), "every user's keys, documents and inbox removed");
        }
    }

    private static OperationStatistics statistics(RunResult result, OperationType type) {
        return result.operations().stream().filter(s -> s.type() == type).findFirst().orElseThrow();
    }

    private Path onlyFile(String suffix) throws IOException {
        try (Stream<Path> files = Files.list(reports)) {
            List<Path> matching = files.filter(file -> file.toString().endsWith(suffix)).toList();
            assertEquals(1, matching.size(), suffix + " files: " + matching);
            return matching.get(0);
        }
    }
}
