package dev.vaultload.report;

import dev.vaultload.engine.CipherSuite;
import java.time.Instant;

/** The base name of a load mode's report files ({@link ReportFiles#baseName}): {@code headroom-EMBEDDED-WRITE-100k-AES256_GCM-20250101-120000}. */
public record ReportName(String base) {

    public static ReportName of(String mode, String storage, String what, int fileSizeKib, CipherSuite cipher) {
        return new ReportName(ReportFiles.baseName(mode, storage, what, fileSizeKib, cipher.name(), Instant.now()));
    }

    public String file(String extension) {
        return base + "." + extension;
    }
}
