package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HaltCleanupTest {
    @TempDir
    Path parent;

    @Test
    void aHaltDeletesTheScratchDirectoriesAndKillsTheServersStillThere() throws IOException, InterruptedException {
        Path scratch = HaltCleanup.scratch(Files.createDirectories(parent.resolve("vaultload-s3proxy-1")));
        Files.write(Files.createDirectories(scratch.resolve("bucket")).resolve("object"), new byte[1024]);
        Process server = HaltCleanup.child(new ProcessBuilder("sleep", "60").start());

        HaltCleanup.cleanUp();

        assertTrue(server.waitFor(5, TimeUnit.SECONDS), "the server was killed");
        assertFalse(Files.exists(scratch), "the scratch directory was deleted");
    }
}
