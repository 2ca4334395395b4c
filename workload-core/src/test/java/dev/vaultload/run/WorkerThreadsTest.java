package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

@EnabledOnOs(OS.LINUX)
class WorkerThreadsTest {

    @Test
    void aWorkerRunsAtTheNiceAskedAndItsCreatorKeepsItsOwn() throws Exception {
        int creatorsNice = ThreadNice.current();
        int nice = Math.max(creatorsNice + 1, 5); // raising a thread's nice needs no privilege

        assertEquals(nice, niceOfAWorker(WorkerThreads.checked(nice), "niced-"));
        assertEquals(creatorsNice, ThreadNice.current());
    }

    @Test
    void theDefaultLeavesWorkersAtTheirCreatorsPriority() throws Exception {
        assertEquals(ThreadNice.current(), niceOfAWorker(WorkerThreads.DEFAULT, "plain-"));
    }

    @Test
    void workersAreNamedPlatformThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1, WorkerThreads.checked(3).factory("named-"));
        try {
            Thread worker = pool.submit(Thread::currentThread).get();
            assertTrue(worker.getName().startsWith("named-"), worker.getName());
            assertTrue(!worker.isVirtual(), "a platform thread");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aValueOutsideTheNiceRangeNamesTheSetting() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new RunConfigParser(Map.of("WORKER_NICE", "20")::get).parse());
        assertTrue(error.getMessage().contains("WORKER_NICE"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new WorkerThreads(-1));
    }

    @Test
    void theParsedConfigCarriesTheWorkersNice() {
        assertEquals(new WorkerThreads(10), new RunConfigParser(Map.of("WORKER_NICE", "10")::get).parse().workers());
        assertEquals(WorkerThreads.DEFAULT, new RunConfigParser(Map.<String, String>of()::get).parse().workers());
    }

    private static int niceOfAWorker(WorkerThreads workers, String prefix) throws InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newFixedThreadPool(2, workers.factory(prefix));
        try {
            return CompletableFuture.supplyAsync(() -> {
                try {
                    return ThreadNice.current();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }, pool).get();
        } finally {
            pool.shutdownNow();
        }
    }
}
