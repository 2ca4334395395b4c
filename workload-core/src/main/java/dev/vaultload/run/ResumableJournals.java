package dev.vaultload.run;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.OperationType;
import dev.vaultload.report.JournalEvent;
import dev.vaultload.report.RunJournal;
import dev.vaultload.report.RunJournalReader;
import dev.vaultload.report.RunSetup;
import dev.vaultload.scaleout.ShardPlan;
import dev.vaultload.scaleout.ShardSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The unfinished run journals of this RUN_ID in REPORT_DIR: combinations whose process died, which a process started
 * again with the same RUN_ID (by hand, Slurm's requeue, a Kubernetes Job's restart) resumes instead of beginning. Read
 * and checked once, before any provider starts: a journal of another configuration, of a process still running, or
 * of what resuming does not cover is refused in one line, rather than resumed into a result that mixes two runs. The
 * process also skips the combinations its earlier lives finished ({@link #takeFinished}), a single process as a
 * restarted shard: a soak killed in its third combination resumes the third and runs the fourth.
 */
public final class ResumableJournals {
    /** Nothing to resume: a run without RUN_ID, or the tools that run one combination themselves. */
    public static final ResumableJournals NONE = new ResumableJournals(List.of(), List.of());

    /** Those not resumed yet: a combination repeated (REPEAT) resumes the journal once. */
    private final List<RunJournalReader.Journal> journals;
    /**
     * The combinations that an earlier life of this RUN_ID finished (its result is in REPORT_DIR), not handed out yet:
     * they are not run again (a restarted shard's other shards went past their barrier long ago).
     */
    private final List<RunJournalReader.Journal> finished;

    private ResumableJournals(List<RunJournalReader.Journal> journals, List<RunJournalReader.Journal> finished) {
        this.journals = new ArrayList<>(journals);
        this.finished = new ArrayList<>(finished);
    }

    /**
     * @param combinations this run's matrix: each journal must be of one of them
     * @throws IllegalArgumentException naming RUN_ID, the journal and what is at fault
     */
    static ResumableJournals read(RunConfig config, ShardPlan shard, Fixture fixture, String fixtureLabel,
                                  List<Combination> combinations) {
        Optional<String> runId = shard.runId();
        if (runId.isEmpty() || !Files.isDirectory(config.reportDirectory())) {
            return NONE;
        }
        List<RunJournalReader.Journal> unfinished = new ArrayList<>();
        List<RunJournalReader.Journal> finished = new ArrayList<>();
        for (Path file : RunJournal.filesIn(config.reportDirectory())) {
            RunJournalReader.Journal journal = RunJournalReader.read(file);
            JournalEvent.Start start = journal.start();
            if (!runId.get().equals(start.runId()) || start.userNamespace() == null
                    || !start.userNamespace().startsWith(shard.userNamespace() + "-")) {
                continue;
            }
            String refused = "Invalid " + ShardSettings.RUN_ID.name() + "='" + runId.get() + "': " + file + " ";
            if (journal.finished()) {
                // its result is taken as this run's: only if this run is the one it belongs to
                requireSameConfiguration(refused, start, config, fixtureLabel, combinations);
                finished.add(journal);
                continue;
            }
            if (journal.processRunning()) {
                throw new IllegalArgumentException(refused + "is written by process " + start.pid() + ", which still"
                        + " runs; a run is resumed once its process has ended");
            }
            if (fixture.operations().stream().anyMatch(operation -> operation.type() == OperationType.ROTATE_KEY)) {
                throw new IllegalArgumentException(refused + "cannot be resumed: its fixture rotates keys (ROTATE_KEY), and"
                        + " the journal does not keep each user's rotation: start a new RUN_ID");
            }
            requireSameConfiguration(refused, start, config, fixtureLabel, combinations);
            unfinished.add(journal);
        }
        return new ResumableJournals(unfinished, finished);
    }

    private static void requireSameConfiguration(String refused, JournalEvent.Start start, RunConfig config,
                                                 String fixtureLabel, List<Combination> combinations) {
        String mismatch = mismatch(start, config, fixtureLabel, combinations);
        if (!mismatch.isEmpty()) {
            throw new IllegalArgumentException(refused + "belongs to another configuration (" + mismatch + "): resume"
                    + " it with the settings it ran with, or start a new RUN_ID");
        }
    }

    /**
     * Whether an earlier life of this RUN_ID finished the combination (each finished journal handed out once, for
     * REPEAT): it is not run again.
     *
     * @return how it ended then; empty when it is to run
     */
    synchronized Optional<JournalEvent.End> takeFinished(Combination combination) {
        Optional<RunJournalReader.Journal> earlier = finished.stream()
                .filter(journal -> sameCombination(journal.start(), combination)).findFirst();
        earlier.ifPresent(finished::remove);
        return earlier.flatMap(RunJournalReader.Journal::end);
    }

    /** The journal this process resumes the combination from, handed out once; empty to begin it. */
    synchronized Optional<RunJournalReader.Journal> take(Combination combination) {
        List<RunJournalReader.Journal> matching = journals.stream().filter(journal -> sameCombination(journal.start(),
                combination)).toList();
        if (matching.size() > 1) {
            throw new IllegalArgumentException("Invalid " + ShardSettings.RUN_ID.name() + ": " + matching.size()
                    + " unfinished journals of " + combination.label() + " (" + matching.getFirst().file() + ", "
                    + matching.get(1).file() + "): recover them (vaultload recover) and start a new RUN_ID");
        }
        matching.forEach(journals::remove);
        return matching.stream().findFirst();
    }

    /** What of the journal's setup this run would run otherwise, e.g. {@code DURATION 60000 ms, not 30000 ms}; empty when none. */
    private static String mismatch(JournalEvent.Start start, RunConfig config, String fixtureLabel,
                                   List<Combination> combinations) {
        RunSetup setup = start.setup();
        List<String> differences = new ArrayList<>();
        if (combinations.stream().noneMatch(combination -> sameCombination(start, combination))) {
            differences.add("its combination " + setup.storage() + " " + start.engine().engine() + " "
                    + setup.threads() + " threads " + setup.fileSizeKib() + " KiB is not in this run's matrix");
        }
        differ(differences, "fixture", setup.fixture(), fixtureLabel);
        differ(differences, RunSettings.ERROR_MODE.name(), setup.errorMode(), config.errorMode());
        differ(differences, RunSettings.DURATION.name() + " (ms)", setup.requestedDurationMillis(),
                config.duration().map(Duration::toMillis).orElse(0L));
        differ(differences, RunSettings.WARMUP.name() + " (ms)", setup.warmupMillis(), config.warmup().toMillis());
        differ(differences, RunSettings.PERIOD.name() + " (ms)", start.periodMillis(), config.reportPeriod().toMillis());
        return String.join("; ", differences);
    }

    private static void differ(List<String> differences, String what, Object journaled, Object configured) {
        if (!Objects.equals(journaled, configured)) {
            differences.add(what + " " + journaled + ", not " + configured);
        }
    }

    private static boolean sameCombination(JournalEvent.Start start, Combination combination) {
        RunSetup setup = start.setup();
        return setup.storage().equals(combination.storage()) && start.engine().engine().equals(combination.engine())
                && setup.threads() == combination.threads() && setup.fileSizeKib() == combination.fileSizeKib();
    }
}
