package dev.vaultload.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.vaultload.stats.ErrorClass;
import dev.vaultload.stats.Interval;
import dev.vaultload.stats.IntervalListener;
import dev.vaultload.stats.ProcessCpu;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * A combination's journal, {@code NAME.journal.jsonl.gz} beside its .hlog: one {@link JournalEvent} per line, appended as
 * the run goes and flushed with every period (after the .hlog, whose listener comes first; a pass at once), so that a
 * process killed without a word leaves what {@code vaultload recover} needs to write the result it would have
 * written. Gzip, because a pass's ledger repeats users, contents and paths of the pass before: each flush is a sync
 * flush, so the file read up to it decompresses whole ({@code zcat}), and a kill leaves at most a cut-off last line. Events come from the main
 * thread (passes) and the reporter's (periods): appending is synchronized.
 */
public final class RunJournal implements IntervalListener, AutoCloseable {
    public static final String SUFFIX = ".journal.jsonl.gz";
    private static final int DEFLATE_BUFFER_BYTES = 64 * 1024;
    private static final ObjectWriter EVENTS = new ObjectMapper().writerFor(JournalEvent.class);

    private final Writer out;
    private final boolean keeps;

    private RunJournal(Writer out, boolean keeps) {
        this.out = out;
        this.keeps = keeps;
    }

    /** The journals in {@code directory} (not below it), sorted by name. */
    public static List<Path> filesIn(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
    }

    /** A journal written to {@code file}, replacing any there. */
    public static RunJournal writingTo(Path file) {
        try {
            return new RunJournal(new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file),
                    DEFLATE_BUFFER_BYTES, true), StandardCharsets.UTF_8)), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write run journal " + file, e);
        }
    }

    /** A journal that keeps nothing: for a run without an .hlog, which a journal alone cannot recover. */
    public static RunJournal discarding() {
        return new RunJournal(Writer.nullWriter(), false);
    }

    /** Whether events are kept: a caller skips building one (a pass's ledger) that would be thrown away. */
    public boolean keeps() {
        return keeps;
    }

    /** Appends an event, flushed with the next period; the start at once, so that a run killed before it is named. */
    public void append(JournalEvent event) {
        write(event, event instanceof JournalEvent.Start);
    }

    /**
     * Appends an event and flushes it at once: a pass, which a resumed run takes over and whose ledger a process killed
     * before the next period would otherwise take with it.
     */
    public void appendFlushed(JournalEvent event) {
        write(event, true);
    }

    private synchronized void write(JournalEvent event, boolean flush) {
        if (!keeps) {
            return;
        }
        try {
            out.write(EVENTS.writeValueAsString(event));
            out.write('\n');
            if (flush) {
                out.flush();
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a journal event " + event.getClass().getSimpleName(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run journal", e);
        }
    }

    /** Appends the period and flushes everything since the previous one. */
    @Override
    public void onInterval(Interval interval) {
        Map<ErrorClass, Long> seen = new EnumMap<>(ErrorClass.class);
        interval.errors().forEach((errorClass, count) -> {
            if (count > 0) {
                seen.put(errorClass, count);
            }
        });
        append(new JournalEvent.Period(interval.index(), interval.startEpochMillis(), interval.endEpochMillis(),
                interval.requestsStarted(), seen, TimeUnit.NANOSECONDS.toMillis(ProcessCpu.nanos())));
        flush();
    }

    private synchronized void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the run journal", e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the run journal", e);
        }
    }
}
