package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.PlaintextEngine;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.storage.InMemoryBlobStore;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An engine whose own clients bypass the harness's store still switches the window: at its operations, counted as
 * they open a space or a share, not at store calls it never makes.
 */
class CountedEngineTest {
    private final List<String> switches = new ArrayList<>();
    private final Fault fault = SwitchedFault.of("recorded", () -> switches.add("on"), () -> switches.add("off"));
    private final UserCredentials alice = new UserCredentials("alice", Password.of("pw-of-alice-Zq8!"));

    @Test
    void theWindowSwitchesAtTheEngineOperationsNotTheStoreCalls() throws IOException {
        InMemoryBlobStore store = new InMemoryBlobStore();
        FaultWindow window = new FaultWindow(store, fault, 2, 4, Duration.ofMinutes(1));
        Engine engine = new CountedEngine(new PlaintextEngine(store), window);
        engine.createUser(alice);

        engine.privateSpace(alice);
        assertTrue(switches.isEmpty(), "operation 1: the fault not yet on");
        engine.inbox(alice);
        assertEquals(List.of("on"), switches, "operation 2: on, though the engine called no store through the window");
        try (OutputStream share = engine.share(alice, List.of("alice"), "doc")) {
            share.write(1);
        }
        assertEquals(List.of("on"), switches);
        engine.privateSpace(alice);
        assertEquals(List.of("on", "off"), switches, "operation 4: healed");
        assertFalse(window.faultDuration().isZero());
        window.close();
    }
}
