package dev.vaultload.ceiling;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.fixture.OperationType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The crypto an operation cannot avoid, whatever the engine: a WRITE encrypts its content with the run's cipher, a
 * READ decrypts it and hashes it with SHA-256, with which the harness verifies every read. Key handling, envelopes
 * and the store are left out: they are what an engine adds on top.
 */
public final class UnavoidableWork {
    private UnavoidableWork() {
    }

    /** The works, in order; empty for the other operation types and for a WRITE without encryption (NONE). */
    public static List<CryptoWork> of(OperationType type, CipherSuite cipher) {
        List<CryptoWork> works = new ArrayList<>();
        switch (type) {
            case WRITE -> CryptoWork.encryption(cipher).ifPresent(works::add);
            case READ -> {
                CryptoWork.decryption(cipher).ifPresent(works::add);
                works.add(CryptoWork.SHA256);
            }
            default -> {
            }
        }
        return works;
    }

    /** What a run with this cipher cannot avoid in its WRITEs and READs: the works its ceiling needs. */
    public static Set<CryptoWork> ofRun(CipherSuite cipher) {
        Set<CryptoWork> works = EnumSet.noneOf(CryptoWork.class);
        works.addAll(of(OperationType.WRITE, cipher));
        works.addAll(of(OperationType.READ, cipher));
        return works;
    }

    /** As people read it, e.g. {@code AES-256-GCM decrypt + SHA-256}. */
    public static String label(List<CryptoWork> works) {
        return works.stream().map(CryptoWork::label).collect(Collectors.joining(" + "));
    }
}
