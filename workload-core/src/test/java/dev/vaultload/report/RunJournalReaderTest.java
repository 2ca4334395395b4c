package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.ErrorMode;
import dev.vaultload.stats.Interval;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunJournalReaderTest {
    private static final JournalEvent.Start START = new JournalEvent.Start(JournalEvent.VERSION, 1_000, "run", 1, 0, 1000,
            new RunSetup(RunMode.FIXTURE, "Suite", "MEMORY", "MEMORY", 2, 100, "SMALL", 210, ErrorMode.CONTINUE, 60_000,
                    0, 0),
            new EngineDescription("VAULTLOAD", CipherSuite.AES256_GCM, "X25519", 1000), Environment.current(), null, null,
            null);

    @TempDir
    Path folder;

    @Test
    void readsWhatTheRunJournaled() {
        Path file = folder.resolve("run" + RunJournal.SUFFIX);
        try (RunJournal journal = RunJournal.writingTo(file)) {
            journal.append(START);
            journal.append(new JournalEvent.Replay(1_500, 400, 7));
            journal.onInterval(period(0, Map.of(ErrorClass.TIMEOUT, 2L)));
            journal.append(pass(0, 3));
            journal.append(new JournalEvent.Deleted(0, 2_500));
            journal.append(pass(1, 5));
            journal.onInterval(period(1, Map.of(ErrorClass.TIMEOUT, 3L)));
        }

        RunJournalReader.Journal read = RunJournalReader.read(file);

        assertEquals(START.setup(), read.start().setup());
        assertEquals(2, read.passesFinished());
        assertEquals(5, read.lastPass().orElseThrow().ledger().size());
        assertEquals(3L, read.lastPeriod().orElseThrow().errors().get(ErrorClass.TIMEOUT));
        assertEquals(400, read.replay().orElseThrow().createUsersMillis());
        assertFalse(read.finished());
        assertFalse(read.tornLastLine());
    }

    /** A process killed while it wrote: the file ends within a line's compressed bytes, after a flushed period. */
    @Test
    void leavesOutATornLastLine() throws IOException {
        Path file = folder.resolve("run" + RunJournal.SUFFIX);
        Path killed = folder.resolve("killed" + RunJournal.SUFFIX);
        try (RunJournal journal = RunJournal.writingTo(file)) {
            journal.append(START);
            journal.onInterval(period(0, Map.of()));
            long flushedBytes = Files.size(file);
            journal.append(pass(0, 2_000));
            journal.onInterval(period(1, Map.of()));
            byte[] written = Files.readAllBytes(file);
            Files.write(killed, Arrays.copyOf(written, (int) (flushedBytes + (written.length - flushedBytes) / 2)));
        }

        RunJournalReader.Journal read = RunJournalReader.read(killed);

        assertTrue(read.tornLastLine());
        assertEquals(0, read.lastPeriod().orElseThrow().index());
        assertEquals(0, read.passesFinished());
    }

    /** Killed right after a flush, the journal shorter than a reader's buffer: every line flushed is read. */
    @Test
    void readsASmallJournalCutAfterItsLastFlush() throws IOException {
        Path file = folder.resolve("run" + RunJournal.SUFFIX);
        Path killed = folder.resolve("killed" + RunJournal.SUFFIX);
        try (RunJournal journal = RunJournal.writingTo(file)) {
            journal.append(START);
            journal.onInterval(period(0, Map.of()));
            Files.copy(file, killed);
        }

        RunJournalReader.Journal read = RunJournalReader.read(killed);

        assertEquals(START.resultName(), read.start().resultName());
        assertEquals(0, read.lastPeriod().orElseThrow().index());
    }

    /** A resumed process's journal adds what the lives before it measured, which its start line carries. */
    @Test
    void addsTheLivesBeforeAResumedProcess() {
        JournalEvent.Resumed before = new JournalEvent.Resumed(500, List.of(new LifeGap(900, 1_900)), 400, 600, 10_000,
                8_000, 1_200, Map.of(ErrorClass.LOST, 1L), List.of(lost("users/u-1/private/a")));
        Path file = folder.resolve("run" + RunJournal.SUFFIX);
        try (RunJournal journal = RunJournal.writingTo(file)) {
            journal.append(new JournalEvent.Start(JournalEvent.VERSION, 1_900, "run", 1, 0, 1000, START.setup(),
                    START.engine(), START.environment(), "r1", "r1-s0-x-t2s100", before));
            journal.append(new JournalEvent.Replay(2_000, 0, 7));
            journal.append(new JournalEvent.Failed(lost("users/u-1/private/b")));
            journal.onInterval(period(1, Map.of(ErrorClass.TIMEOUT, 2L)));
        }

        RunJournalReader.Journal read = RunJournalReader.read(file);
        JournalEvent.Resumed lives = read.livesSoFar();

        assertEquals(4_000, read.endEpochMillis());
        assertEquals(500, lives.startEpochMillis());
        assertEquals(before.gaps(), lives.gaps());
        assertEquals(400, lives.createUsersMillis());
        assertEquals(10_000 + 2_000, lives.soakMillis());
        assertEquals(8_000 + 2_000, lives.replayMillis());
        assertTrue(lives.replayCpuMillis() >= 1_200, () -> "CPU " + lives.replayCpuMillis());
        assertEquals(Map.of(ErrorClass.LOST, 1L, ErrorClass.TIMEOUT, 2L), lives.errors());
        assertEquals(List.of(lost("users/u-1/private/a"), lost("users/u-1/private/b")), lives.failures(),
                "the earlier lives' failures, then this process's");
    }

    private static Failure lost(String storeObject) {
        return new Failure(OperationType.LIST, ErrorClass.LOST, "gone", storeObject, "2026-11-28T10:00:00Z", null);
    }

    @Test
    void refusesANewerVersionInOneLine() throws IOException {
        Path file = gzipped("newer", "{\"event\":\"start\",\"journalVersion\":" + (JournalEvent.VERSION + 1)
                + ",\"meaning\":\"changed\"}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> RunJournalReader.read(file));

        assertTrue(refused.getMessage().startsWith(file + ": run journal version " + (JournalEvent.VERSION + 1)),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("newer Vaultload"), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"), refused.getMessage());
    }

    @Test
    void refusesAMalformedLineBeforeTheLastNamingIt() throws IOException {
        Path file = gzipped("malformed", new com.fasterxml.jackson.databind.ObjectMapper()
                .writerFor(JournalEvent.class).writeValueAsString(START), "{\"event\":\"period\",", "{\"event\":\"end\"}");

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> RunJournalReader.read(file));

        assertTrue(refused.getMessage().startsWith(file + " line 2: "), refused.getMessage());
    }

    @Test
    void skipsEventsOfALaterMinorAddition() throws IOException {
        Path file = gzipped("later", new com.fasterxml.jackson.databind.ObjectMapper()
                .writerFor(JournalEvent.class).writeValueAsString(START), "{\"event\":\"checkpoint\",\"pass\":3}",
                "{\"event\":\"end\",\"atEpochMillis\":9000,\"passed\":true,\"thresholds\":[]}");

        RunJournalReader.Journal read = RunJournalReader.read(file);

        assertTrue(read.finished());
        assertFalse(read.tornLastLine());
        assertFalse(read.end().orElseThrow().thresholdsBreached(), "an end written before the field had none broken");
    }

    @Test
    void theEndKeepsWhetherThresholdsWereBroken() {
        Path file = folder.resolve("breached" + RunJournal.SUFFIX);
        try (RunJournal journal = RunJournal.writingTo(file)) {
            journal.append(START);
            journal.append(new JournalEvent.End(9_000, true, true));
        }

        JournalEvent.End end = RunJournalReader.read(file).end().orElseThrow();

        assertTrue(end.passed() && end.thresholdsBreached(), end.toString());
    }

    private Path gzipped(String name, String... lines) throws IOException {
        Path file = folder.resolve(name + RunJournal.SUFFIX);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    private static Interval period(int index, Map<ErrorClass, Long> errors) {
        long startMillis = 2_000 + index * 1_000L;
        return new Interval(index, startMillis, startMillis + 1_000, Map.of(), 10, 10, errors, startMillis, false);
    }

    private static JournalEvent.Pass pass(int pass, int objects) {
        List<JournalEvent.LedgerEntry> ledger = IntStream.range(0, objects).mapToObj(index -> new JournalEvent.LedgerEntry(
                "user-" + index % 10, StorageType.PRIVATE, "p" + pass + "e0/file-" + index, Set.of("content-" + index),
                false, "user-" + index % 10 + "/private/" + Integer.toHexString(index * 7919))).toList();
        return new JournalEvent.Pass(pass, 2_000 + pass, List.of("p" + pass + "e0/"), true, ObjectOutcomes.NONE, ledger,
                pass * 1000L);
    }
}
