package dev.vaultload.faults;

import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3TransferSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A rotation interrupted halfway (docs/faults.md): users and documents prepared on a real S3 server, a
 * {@link SweepClient} process that sweeps (rotates many users' keys and, beside it, re-encrypts many documents) killed
 * with SIGKILL once both sweeps have begun and one is halfway, and a fresh one that checks that every keystore opens
 * with the password before the rotation or the one after it and every document with the content it was written
 * with: none is lost. Nothing the killed client held survives it into the check.
 */
final class InterruptedRotation {
    /**
     * 24 users' keys rotated (a document each), 4 users' 10 documents re-encrypted, 64 KiB each, PBKDF2 at 10,000
     * iterations: each sweep lasts about a second on 2 shared cores, long enough to be killed in its middle.
     */
    static final SweepPlan PLAN = new SweepPlan(24, 1, 4, 10, 64 * 1024, 10_000);
    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
    /** Exit status of a process killed by SIGKILL (128 + 9). */
    private static final int KILLED = 137;
    private static final int LINES_KEPT = 20;

    private final StoreUnderTest server;
    private final Path work;
    private final SweepPlan plan;

    InterruptedRotation(StoreUnderTest server, Path work, SweepPlan plan) {
        this.server = server;
        this.work = work;
        this.plan = plan;
    }

    /** Runs the three steps on a bucket of their own. */
    Outcome run(String bucket) {
        long startNanos = System.nanoTime();
        Path digests = digestsOf(bucket);
        try (S3Connection connection = S3Connection.open(S3ClientSettings.of(server.endpoint(), server.credentials()))) {
            connection.createBucket(bucket);
            new SweepClient(plan, connection.bucket(bucket, S3TransferSettings.DEFAULT), digests).prepare();
        } catch (IOException e) {
            throw new UncheckedIOException("preparing the interrupted rotation failed", e);
        }
        List<String> problems = new ArrayList<>();
        Step sweep = Step.start(this, "sweep", bucket, digests);
        Map<String, Integer> progress = sweepUntilKilled(sweep);
        boolean killed = sweep.exitValue() == KILLED;
        if (!killed) {
            problems.add("the sweep ended on its own, exit status " + sweep.exitValue() + ": " + sweep.lastLines());
        }
        Step check = Step.start(this, "check", bucket, digests);
        Map<String, Integer> results = check(check, problems);
        return new Outcome(server.name(), plan, killed,
                progress.getOrDefault(SweepClient.ROTATED, 0), progress.getOrDefault(SweepClient.REENCRYPTED, 0),
                results.getOrDefault(SweepClient.OPENED_WITH_NEXT, 0),
                results.getOrDefault(SweepClient.OPENED_WITH_BEFORE, 0),
                results.getOrDefault(SweepClient.DOCUMENTS_INTACT, 0),
                results.getOrDefault(SweepClient.DOCUMENTS_REENCRYPTED, 0),
                problems, Duration.ofNanos(System.nanoTime() - startNanos));
    }

    /**
     * The check alone again, in a fresh process, on a bucket {@link #run} prepared: what it finds, each naming its
     * keystore or document. For a test that alters the store after the run, to show the check has teeth.
     */
    List<String> checkAgain(String bucket) {
        List<String> problems = new ArrayList<>();
        check(Step.start(this, "check", bucket, digestsOf(bucket)), problems);
        return problems;
    }

    private Path digestsOf(String bucket) {
        return work.resolve(bucket + "-digests.txt");
    }

    /** The sweep's reported progress, by sweep, when it was killed (or ended). */
    private Map<String, Integer> sweepUntilKilled(Step sweep) {
        Map<String, Integer> progress = new HashMap<>();
        sweep.finish(line -> {
            String[] fields = line.split(" ");
            if (fields.length == 2 && (fields[0].equals(SweepClient.ROTATED) || fields[0].equals(SweepClient.REENCRYPTED))) {
                progress.put(fields[0], Integer.parseInt(fields[1]));
                if (midSweep(progress.getOrDefault(SweepClient.ROTATED, 0),
                        progress.getOrDefault(SweepClient.REENCRYPTED, 0))) {
                    sweep.process.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
                    return false; // its output is closed with it
                }
            }
            return true;
        });
        return progress;
    }

    /** The check's counts by name; its problems, or its failure, added to {@code problems}. */
    private static Map<String, Integer> check(Step check, List<String> problems) {
        Map<String, Integer> results = new HashMap<>();
        List<String> found = new ArrayList<>();
        check.finish(line -> {
            String[] fields = line.split(" ");
            if (fields[0].equals(SweepClient.RESULT) && fields.length == 3) {
                results.put(fields[1], Integer.parseInt(fields[2]));
            } else if (fields[0].equals(SweepClient.PROBLEM)) {
                found.add(line.substring(SweepClient.PROBLEM.length() + 1));
            }
            return true;
        });
        if (check.exitValue() != 0 && found.isEmpty()) {
            found.add("the check failed, exit status " + check.exitValue() + ": " + check.lastLines());
        }
        problems.addAll(found);
        return results;
    }

    /**
     * Both sweeps have begun and one is halfway: the faster one is then far from its end, whichever it is on a loaded
     * machine, and the slower one no further than its own half.
     */
    private boolean midSweep(int rotated, int reencrypted) {
        return rotated > 0 && reencrypted > 0
                && (rotated * 2 >= plan.rotatedUsers() || reencrypted * 2 >= plan.reencryptedDocuments());
    }

    /** One {@link SweepClient} process: its output read line by line, the last lines kept for an error message. */
    private static final class Step {
        private final String name;
        private final Process process;
        private final Deque<String> lastLines = new ArrayDeque<>();

        private Step(String name, Process process) {
            this.name = name;
            this.process = process;
        }

        /** The step in a JVM of its own on this one's class path; the store's credentials in its environment only. */
        static Step start(InterruptedRotation rotation, String name, String bucket, Path digests) {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx256m", "-cp",
                    System.getProperty("java.class.path"), SweepClient.class.getName(), name,
                    rotation.server.endpoint().toString(), bucket, digests.toString()));
            command.addAll(rotation.plan.arguments());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().put("AWS_ACCESS_KEY", rotation.server.credentials().accessKeyId());
            builder.environment().put("AWS_SECRET_KEY", rotation.server.credentials().secretKey());
            try {
                Process process = builder.start();
                // a step that hangs is killed, which ends its output and fails its exit status
                process.onExit().completeOnTimeout(null, STEP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)
                        .thenRun(process::destroyForcibly);
                return new Step(name, process);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the " + name + " step of the interrupted rotation", e);
            }
        }

        /**
         * Hands each line of the step's output to {@code keepReading} until it ends or the predicate says stop (it
         * killed the step), then waits for its exit.
         */
        void finish(Predicate<String> keepReading) {
            try (BufferedReader output = process.inputReader()) {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                    if (!keepReading.test(line)) {
                        break;
                    }
                    lastLines.addLast(line);
                    if (lastLines.size() > LINES_KEPT) {
                        lastLines.removeFirst();
                    }
                }
                process.waitFor();
            } catch (IOException e) {
                throw new UncheckedIOException("reading the " + name + " step's output failed", e);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during the " + name + " step", e);
            }
        }

        int exitValue() {
            return process.exitValue();
        }

        String lastLines() {
            return String.join(" | ", lastLines);
        }
    }

    /**
     * What the check found after the sweep was killed.
     *
     * @param killed           the sweep ended by SIGKILL, not on its own
     * @param rotatedSeen      keys the sweep reported rotated before it died
     * @param reencryptedSeen  documents it reported re-encrypted
     * @param openedWithNext   keystores that opened with the password after the rotation
     * @param openedWithBefore keystores that opened with the one before it
     * @param intact           documents that read back whole with their content
     * @param reencrypted      documents of the re-encryption sweep whose stored bytes changed
     * @param problems         each keystore or document that did not open, or not with its content, naming it; a
     *                         sweep that was not killed, a check that failed
     * @param took             the three steps, processes started and stopped
     */
    record Outcome(String store, SweepPlan plan, boolean killed, int rotatedSeen, int reencryptedSeen,
                   int openedWithNext, int openedWithBefore, int intact, int reencrypted, List<String> problems,
                   Duration took) {

        /**
         * Killed mid-sweep (some keys rotated and some not, some documents re-encrypted and some not), every keystore
         * open with one of its two passwords and every document with its content.
         */
        boolean holds() {
            return why().isEmpty();
        }

        Optional<String> problem() {
            List<String> why = why();
            return why.isEmpty() ? Optional.empty() : Optional.of("interrupted rotation on " + store + ": "
                    + String.join("; ", why));
        }

        private List<String> why() {
            List<String> why = new ArrayList<>(problems);
            int users = plan.rotatedUsers() + plan.reencryptedUsers();
            Stream.of(
                    openedWithNext + openedWithBefore == users ? null : (users - openedWithNext - openedWithBefore)
                            + " of " + users + " keystores open with neither password",
                    intact == plan.allDocuments() ? null : (plan.allDocuments() - intact) + " of "
                            + plan.allDocuments() + " documents do not read back with their content",
                    openedWithNext > 0 && openedWithNext < plan.rotatedUsers() ? null : "not killed mid-rotation: "
                            + openedWithNext + " of " + plan.rotatedUsers() + " keys rotated",
                    reencrypted > 0 && reencrypted < plan.reencryptedDocuments() ? null : "not killed mid-re-encryption: "
                            + reencrypted + " of " + plan.reencryptedDocuments() + " documents re-encrypted")
                    .filter(Objects::nonNull).forEach(why::add);
            return why;
        }

        static String markdownHeader() {
            return "| store | killed (SIGKILL) | keys rotated (reported / found) | documents re-encrypted (reported"
                    + " / found) | keystores opening with the password after / before | documents intact | problems"
                    + " | took (s) | verdict |\n|---|---|---|---|---|---|---|---|---|\n";
        }

        String markdownRow() {
            return "| " + store + " | " + (killed ? "yes" : "no") + " | " + rotatedSeen + " / " + openedWithNext
                    + " of " + plan.rotatedUsers() + " | " + reencryptedSeen + " / " + reencrypted + " of "
                    + plan.reencryptedDocuments() + " | " + openedWithNext + " / " + openedWithBefore + " | " + intact
                    + " of " + plan.allDocuments() + " | " + problems.size() + " | "
                    + String.format(Locale.ROOT, "%.1f", took.toMillis() / 1000.0) + " | "
                    + (holds() ? "holds" : "**fails**") + " |\n";
        }
    }
}
