package dev.vaultload.cli;

import dev.vaultload.engine.CipherSuite;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The base name of a mode's report files, in the suites' style: {@code headroom-EMBEDDED-WRITE-100k-AES256_GCM-20250101-120000}. */
record ReportName(String base) {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    static ReportName of(String mode, String storage, String what, int fileSizeKib, CipherSuite cipher) {
        return new ReportName(mode + "-" + storage + "-" + what + "-" + fileSizeKib + "k-" + cipher + "-"
                + TIME.format(Instant.now()));
    }

    String file(String extension) {
        return base + "." + extension;
    }
}
