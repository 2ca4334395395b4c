package dev.vaultload.run;

import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How every mode makes the threads that run operations: platform threads, at the nice value WORKER_NICE asks for.
 * <p>
 * Where the client shares its cores with the server under test, a worker woken by its answer preempts a server
 * thread, and the other workers' answers wait for that thread's next turn: most requests are answered at once, a few
 * wait several milliseconds. A higher nice lets the server go first, as it would on a machine of its own; in a closed
 * loop at the same rate the mean latency stays (Little's law), the tail comes in and the median rises.
 * <p>
 * Linux only: there each thread has a nice value of its own; elsewhere setpriority would change the whole process.
 *
 * @param nice the workers' nice value, from 0 (the JVM's own priority) to 19 (the lowest)
 */
public record WorkerThreads(int nice) {
    public static final WorkerThreads DEFAULT = new WorkerThreads(0);
    public static final int MAX_NICE = 19;
    private static final Logger LOG = LoggerFactory.getLogger(WorkerThreads.class);

    public WorkerThreads {
        if (nice < 0 || nice > MAX_NICE) {
            throw new IllegalArgumentException("WORKER_NICE must be within [0, " + MAX_NICE + "], was " + nice);
        }
    }

    /**
     * WORKER_NICE as this machine can apply it, tried on a thread of its own, so that a value it cannot apply fails
     * before the run, naming the setting.
     */
    public static WorkerThreads checked(int nice) {
        WorkerThreads workers = new WorkerThreads(nice);
        if (nice == 0) {
            return workers;
        }
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            throw new IllegalArgumentException("WORKER_NICE=" + nice + " needs Linux, where a thread has a nice value of"
                    + " its own; this is " + System.getProperty("os.name"));
        }
        AtomicReference<String> problem = new AtomicReference<>();
        Thread probe = Thread.ofPlatform().name("worker-nice-check").start(() -> {
            try {
                int inherited = ThreadNice.current();
                try {
                    ThreadNice.set(nice);
                } catch (RuntimeException e) {
                    problem.set(e.getMessage() + (inherited > nice ? "; the JVM runs at nice " + inherited
                            + ", and lowering it needs CAP_SYS_NICE" : ""));
                    return;
                }
                int applied = ThreadNice.current();
                if (applied != nice) {
                    problem.set("the thread runs at nice " + applied);
                }
            } catch (RuntimeException | Error | IOException e) {
                problem.set(e.toString());
            }
        });
        try {
            probe.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while WORKER_NICE was checked", e);
        }
        if (problem.get() != null) {
            throw new IllegalArgumentException("WORKER_NICE=" + nice + " cannot be applied to a thread here: " + problem.get());
        }
        return workers;
    }

    /** Platform threads named {@code namePrefix} and a number, each at this nice value from its start. */
    public ThreadFactory factory(String namePrefix) {
        ThreadFactory platform = Thread.ofPlatform().name(namePrefix, 0).factory();
        if (nice == 0) {
            return platform;
        }
        return task -> platform.newThread(() -> {
            applyToCurrentThread();
            task.run();
        });
    }

    /**
     * A failure here is reported, not thrown: a pool's thread that ends before its first task would leave that task
     * waiting for ever, and {@link #checked} has already shown that this machine applies the value.
     */
    private void applyToCurrentThread() {
        try {
            ThreadNice.set(nice);
        } catch (RuntimeException e) {
            LOG.error("WORKER_NICE={} not applied to {}: {}", nice, Thread.currentThread().getName(), e.toString());
        }
    }
}
