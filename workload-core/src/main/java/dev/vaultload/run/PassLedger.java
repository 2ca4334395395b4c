package dev.vaultload.run;

import dev.vaultload.engine.Engine;
import dev.vaultload.engine.Space;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.fixture.StorageType;
import dev.vaultload.report.JournalEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A pass's part of the {@link ObjectLedger} as the run journal keeps it: each object with its user and key in the store. */
final class PassLedger {
    private PassLedger() {
    }

    static List<JournalEvent.LedgerEntry> of(ObjectLedger ledger, List<String> prefixes, UserDirectory users, Engine engine) {
        List<JournalEvent.LedgerEntry> entries = new ArrayList<>();
        for (String prefix : prefixes) {
            for (ObjectLedger.Entry entry : ledger.entriesUnder(prefix)) {
                entries.add(new JournalEvent.LedgerEntry(users.storeUserId(entry.userId()), entry.storageType(),
                        entry.path(), entry.expectation().contentIds(), entry.expectation().mayBeAbsent(),
                        storeKey(engine, users.credentials(entry.userId()), entry.storageType(), entry.path()).orElse(null)));
            }
        }
        return entries;
    }

    /** Empty when the engine does not say, or cannot (a user whose creation failed has no keys to name it with). */
    private static Optional<String> storeKey(Engine engine, UserCredentials user, StorageType storageType, String path) {
        try {
            Space space = storageType == StorageType.INBOX ? engine.inbox(user) : engine.privateSpace(user);
            return space.storeKey(path);
        } catch (RuntimeException unnamed) {
            return Optional.empty();
        }
    }
}
