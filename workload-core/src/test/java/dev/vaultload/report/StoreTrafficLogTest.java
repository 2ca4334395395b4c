package dev.vaultload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vaultload.stats.RangedReadStatistics;
import org.junit.jupiter.api.Test;

class StoreTrafficLogTest {

    @Test
    void theRangedReadsLineSaysWhatWasFetchedAndDecryptedPerByteReturned() {
        assertEquals("READ of a range (40, 65536 bytes returned per read): per byte returned, fetched 2.0630,"
                + " decrypted 2.0000", StoreTrafficLog.rangedLine(new RangedReadStatistics(40, 65536, 2.063, 2.0)));
    }

    @Test
    void fetchesNobodyCountedAreSaidToBeUnseen() {
        assertEquals("READ of a range (3, 100 bytes returned per read): per byte returned, fetched not seen,"
                + " decrypted 0.0000", StoreTrafficLog.rangedLine(new RangedReadStatistics(3, 100, null, 0.0)));
    }
}
