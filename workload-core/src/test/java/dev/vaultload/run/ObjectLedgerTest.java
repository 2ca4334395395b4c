package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.fixture.StorageType;
import dev.vaultload.run.ObjectLedger.Expectation;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ObjectLedgerTest {
    private final ObjectLedger ledger = new ObjectLedger();

    @Test
    void anAcknowledgedWriteIsCertainAndAFailedOneAddsItsContentAsPossible() {
        ledger.written("u", StorageType.PRIVATE, "e0/a", "c1");
        assertEquals(Expectation.of("c1"), ledger.expectation("u", StorageType.PRIVATE, "e0/a"));

        ledger.writeFailed("u", StorageType.PRIVATE, "e0/a", "c2");
        Expectation overwrite = ledger.expectation("u", StorageType.PRIVATE, "e0/a");
        assertEquals(Set.of("c1", "c2"), overwrite.contentIds());
        assertTrue(overwrite.mustExist(), "either content, but an object was acknowledged and nothing removed it");

        ledger.writeFailed("u", StorageType.PRIVATE, "e0/b", "c3");
        Expectation fresh = ledger.expectation("u", StorageType.PRIVATE, "e0/b");
        assertTrue(fresh.inDoubt() && !fresh.mustExist() && fresh.mayExist(), fresh.toString());
    }

    @Test
    void deletesClearTheirPrefixOnlyAndAFailedDeleteMakesAbsencePossible() {
        ledger.written("u", StorageType.INBOX, "p1e0/a", "c1");
        ledger.written("u", StorageType.INBOX, "p10e0/a", "c1");
        ledger.written("u", StorageType.INBOX, "p1e0/b", "c2");

        ledger.deleteFailed("u", StorageType.INBOX, "p1e0/b");
        assertFalse(ledger.expectation("u", StorageType.INBOX, "p1e0/b").mustExist());
        assertTrue(ledger.expectation("u", StorageType.INBOX, "p1e0/a").mustExist());

        ledger.deleted("u", StorageType.INBOX, "p1e0/");
        assertEquals(List.of("p10e0/a"), List.copyOf(ledger.objectsUnder("u", StorageType.INBOX, "").keySet()));
        assertFalse(ledger.expectation("u", StorageType.INBOX, "p1e0/a").mayExist());
    }

    @Test
    void spacesAreApartAndForgetReachesEveryOne() {
        ledger.written("u", StorageType.PRIVATE, "p0e0/a", "c1");
        ledger.written("v", StorageType.INBOX, "p0e0/a", "c1");
        assertTrue(ledger.objectsUnder("u", StorageType.INBOX, "p0e0/").isEmpty());

        ledger.forget("p0e0/");
        assertTrue(ledger.objectsUnder("u", StorageType.PRIVATE, "").isEmpty());
        assertTrue(ledger.objectsUnder("v", StorageType.INBOX, "").isEmpty());
    }
}
