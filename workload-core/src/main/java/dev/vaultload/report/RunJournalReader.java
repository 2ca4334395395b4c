package dev.vaultload.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vaultload.stats.ErrorClass;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a {@link RunJournal} back, streamed (a long soak's journal holds a ledger per pass, of which only the last is
 * kept). A torn last line, what a process killed mid-write leaves (the gzip stream cut off, or a line cut short), is
 * left out; a malformed line before it is refused.
 */
public final class RunJournalReader {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_INVALID_SUBTYPE);

    private RunJournalReader() {
    }

    /**
     * What a journal says of its run.
     *
     * @param passesFinished the passes journaled as replayed, by this process or the lives before it
     * @param lastPass       the last of them, with its ledger
     * @param lastPeriod     the last period flushed: the recovered result ends with it
     * @param failures       the failures journaled that fail the run, each naming its object
     * @param tornLastLine   whether the last line was cut off (and left out)
     */
    public record Journal(Path file, JournalEvent.Start start, Optional<JournalEvent.Replay> replay,
                          Optional<JournalEvent.Period> lastPeriod, int passesFinished,
                          Optional<JournalEvent.Pass> lastPass, Optional<JournalEvent.End> end, boolean tornLastLine,
                          List<Failure> failures) {

        /** Whether the run wrote its result: nothing to recover. */
        public boolean finished() {
            return end.isPresent();
        }

        /** Whether the process that writes it still runs on this host: its run is not dead, whatever the journal says. */
        public boolean processRunning() {
            boolean here = start.environment() != null && Environment.current().host().equals(start.environment().host());
            return here && ProcessHandle.of(start.pid()).flatMap(process -> process.info().startInstant())
                    .map(Instant::toEpochMilli).filter(startMillis -> startMillis == start.processStartEpochMillis())
                    .isPresent();
        }

        /**
         * Where its figures end: the end of the last period flushed; else where the life it resumed ended, else its
         * start.
         */
        public long endEpochMillis() {
            return lastPeriod.map(JournalEvent.Period::endEpochMillis).orElseGet(() -> earlier()
                    .map(lives -> lives.gaps().getLast().endedAtEpochMillis()).orElse(start.atEpochMillis()));
        }

        /** Whether the run got as far as its replay, in this process or a life before it: its users all exist. */
        public boolean replayed() {
            return replay.isPresent() || start.resumed() != null;
        }

        private Optional<JournalEvent.Resumed> earlier() {
            return Optional.ofNullable(start.resumed());
        }

        /**
         * What this process and the lives before it measured up to {@link #endEpochMillis()}: what a recovery reports
         * and what the process that resumes the run carries on from. The unfinished last pass counts as replay from the
         * previous pass's line (or the replay's start), its clean-up of the pass before included; a process that died
         * before it replayed (creating users, or checking what the life before it left) adds no replay time.
         */
        public JournalEvent.Resumed livesSoFar() {
            long endMillis = endEpochMillis();
            Optional<JournalEvent.Resumed> earlier = earlier();
            if (lastPeriod.isEmpty() && earlier.isPresent()) { // it died before it measured anything: as if it never ran
                JournalEvent.Resumed lives = earlier.get();
                return new JournalEvent.Resumed(lives.startEpochMillis(), lives.gaps().subList(0, lives.gaps().size() - 1),
                        lives.createUsersMillis(), lives.replayStartEpochMillis(), lives.soakMillis(), lives.replayMillis(),
                        lives.replayCpuMillis(), lives.errors(), lives.failures());
            }
            long replayStartMillis = replay.map(JournalEvent.Replay::atEpochMillis).orElse(endMillis);
            long earlierReplayMillis = earlier.map(JournalEvent.Resumed::replayMillis).orElse(0L);
            long replayMillis = replay.map(event -> lastPass.filter(pass -> pass.atEpochMillis() >= event.atEpochMillis())
                    .map(pass -> pass.replayMillis() + Math.max(0, endMillis - pass.atEpochMillis()))
                    .orElse(earlierReplayMillis + (endMillis - event.atEpochMillis()))).orElse(earlierReplayMillis);
            long cpuMillis = replay.map(event -> lastPeriod.map(JournalEvent.Period::processCpuMillis)
                    .orElse(event.processCpuMillis()) - event.processCpuMillis()).orElse(0L);
            Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
            earlier.ifPresent(lives -> lives.errors().forEach((errorClass, count) -> errors.merge(errorClass, count, Long::sum)));
            lastPeriod.ifPresent(period -> period.errors().forEach((errorClass, count) -> errors.merge(errorClass, count,
                    Long::sum)));
            return new JournalEvent.Resumed(
                    earlier.map(JournalEvent.Resumed::startEpochMillis).orElse(start.atEpochMillis()),
                    earlier.map(JournalEvent.Resumed::gaps).orElse(List.of()),
                    earlier.map(JournalEvent.Resumed::createUsersMillis).orElse(
                            replay.map(JournalEvent.Replay::createUsersMillis).orElse(endMillis - start.atEpochMillis())),
                    earlier.map(JournalEvent.Resumed::replayStartEpochMillis).orElse(replayStartMillis),
                    earlier.map(JournalEvent.Resumed::soakMillis).orElse(0L) + (endMillis - replayStartMillis),
                    replayMillis, earlier.map(JournalEvent.Resumed::replayCpuMillis).orElse(0L) + Math.max(0, cpuMillis),
                    errors, Stream.concat(earlier.map(JournalEvent.Resumed::failures).orElse(List.of()).stream(),
                            failures.stream()).limit(RunResult.MAX_FAILURES_KEPT).toList());
        }
    }

    /**
     * @throws IllegalArgumentException naming the file (and line) when it is not a journal, a line before the last is
     *                                  malformed, or its version is newer than {@link JournalEvent#VERSION}
     */
    public static Journal read(Path file) {
        Accumulator journal = new Accumulator(file);
        try (CutOffAsEnd gzip = new CutOffAsEnd(new GZIPInputStream(Files.newInputStream(file)));
             BufferedReader lines = new BufferedReader(new InputStreamReader(gzip, StandardCharsets.UTF_8))) {
            String line = lines.readLine();
            long number = 1;
            while (line != null) {
                String next = lines.readLine();
                if (!line.isBlank()) {
                    Optional<JsonNode> node = parse(line);
                    if (node.isEmpty() && next == null) {
                        journal.torn = true;
                    } else if (node.isEmpty()) {
                        throw new IllegalArgumentException(file + " line " + number + ": not a JSON object; a run journal"
                                + " has one event per line");
                    } else {
                        try {
                            journal.add(node.get(), number);
                        } catch (JsonProcessingException e) {
                            throw new IllegalArgumentException(file + " line " + number + ": not a journal event: "
                                    + e.getOriginalMessage());
                        }
                    }
                }
                line = next;
                number++;
            }
            journal.torn |= gzip.cutOff;
        } catch (EOFException cutBeforeTheFirstLine) {
            // the gzip header itself is cut off: toJournal says there is nothing
        } catch (ZipException e) {
            throw new IllegalArgumentException(file + ": not a run journal (gzip: " + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read run journal " + file, e);
        }
        return journal.toJournal();
    }

    /**
     * A gzip stream cut off by a kill (no trailer, a block unfinished) read as ending where it was cut, so that the lines
     * decompressed before stay readable: a reader's buffer would otherwise lose them to the exception of the read that
     * hit the cut.
     */
    private static final class CutOffAsEnd extends FilterInputStream {
        private boolean cutOff;

        CutOffAsEnd(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (EOFException cut) {
                cutOff = true;
                return -1;
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                return super.read(buffer, offset, length);
            } catch (EOFException cut) {
                cutOff = true;
                return -1;
            }
        }
    }

    private static Optional<JsonNode> parse(String line) {
        try {
            JsonNode node = MAPPER.readTree(line);
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (JsonProcessingException malformed) {
            return Optional.empty();
        }
    }

    /** What the events so far add up to. */
    private static final class Accumulator {
        private final Path file;
        private JournalEvent.Start start;
        private JournalEvent.Replay replay;
        private JournalEvent.Period lastPeriod;
        private int passesFinished;
        private JournalEvent.Pass lastPass;
        private JournalEvent.End end;
        private final List<Failure> failures = new ArrayList<>();
        private boolean torn;

        Accumulator(Path file) {
            this.file = file;
        }

        void add(JsonNode node, long number) throws JsonProcessingException {
            if (start == null) {
                start = start(node, number);
                return;
            }
            switch (MAPPER.treeToValue(node, JournalEvent.class)) {
                case JournalEvent.Replay event -> replay = event;
                case JournalEvent.Period event -> lastPeriod = event;
                case JournalEvent.Pass event -> {
                    passesFinished = event.pass() + 1; // a resumed process journals again the pass it took over
                    lastPass = event;
                }
                case JournalEvent.End event -> end = event;
                case JournalEvent.Failed event -> {
                    if (failures.size() < RunResult.MAX_FAILURES_KEPT) {
                        failures.add(event.failure());
                    }
                }
                case JournalEvent.Start ignored -> throw new IllegalArgumentException(file + " line " + number
                        + ": a second start event; a run journal holds one combination");
                case null, default -> {
                    // a kind of a later minor version, or one this reader needs nothing from (deleted)
                }
            }
        }

        /** The first line, its version checked before it is mapped: a newer journal is named as such, not as malformed. */
        private JournalEvent.Start start(JsonNode node, long number) throws JsonProcessingException {
            JsonNode version = node.get("journalVersion");
            if (!"start".equals(node.path("event").asText()) || version == null || !version.canConvertToInt()) {
                throw new IllegalArgumentException(file + " line " + number + ": not a run journal (the first line must be"
                        + " a start event with a journalVersion)");
            }
            if (version.asInt() > JournalEvent.VERSION) {
                throw new IllegalArgumentException(file + ": run journal version " + version.asInt() + " was written by a"
                        + " newer Vaultload; this one reads up to version " + JournalEvent.VERSION
                        + ": recover it with the version that wrote it");
            }
            return (JournalEvent.Start) MAPPER.treeToValue(node, JournalEvent.class);
        }

        Journal toJournal() {
            if (start == null) {
                throw new IllegalArgumentException(file + ": an empty run journal (its process ended before the first line"
                        + " was written): nothing to recover");
            }
            return new Journal(file, start, Optional.ofNullable(replay), Optional.ofNullable(lastPeriod), passesFinished,
                    Optional.ofNullable(lastPass), Optional.ofNullable(end), torn, List.copyOf(failures));
        }
    }
}
