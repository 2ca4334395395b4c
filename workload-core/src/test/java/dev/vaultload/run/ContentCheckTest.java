package dev.vaultload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.fixture.ContentId;
import dev.vaultload.fixture.ContentSizes;
import dev.vaultload.run.ObjectLedger.Expectation;
import dev.vaultload.stats.IntegrityViolation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContentCheckTest {
    private static final long SIZE_BYTES = 4096;
    private final ContentGenerator content = new ContentGenerator();
    private final ChecksumVerifier verifier = new ChecksumVerifier(content);
    /** After an overwrite that failed with an unknown outcome: the old content or the new one. */
    private final Expectation eitherContent = new Expectation(Set.of("c1", "c2"), false);

    @Test
    void anInDoubtObjectMayHoldAnyOfItsContents() throws IOException {
        assertEquals(SIZE_BYTES, ContentCheck.requireOneOf(verifier, bytesOf("c2"), ContentSizes.uniform(SIZE_BYTES), "a.txt", eitherContent));
        assertEquals(SIZE_BYTES, ContentCheck.requireOneOf(verifier, bytesOf("c1"), ContentSizes.uniform(SIZE_BYTES), "a.txt", eitherContent));
    }

    @Test
    void contentNoWriteLeftIsAnIntegrityErrorNamingEveryCandidate() {
        IntegrityViolation violation = assertThrows(IntegrityViolation.class,
                () -> ContentCheck.requireOneOf(verifier, bytesOf("c3"), ContentSizes.uniform(SIZE_BYTES), "a.txt", eitherContent));
        assertTrue(violation.getMessage().startsWith("a.txt: expected content c1 or c2, found 4096 bytes with sha256 "),
                violation.getMessage());
    }

    @Test
    void aDocumentWhereNoneMayBeIsAnIntegrityError() {
        Expectation deleted = new Expectation(Set.of(), true);
        IntegrityViolation violation = assertThrows(IntegrityViolation.class,
                () -> ContentCheck.requireOneOf(verifier, bytesOf("c1"), ContentSizes.uniform(SIZE_BYTES), "a.txt", deleted));
        assertEquals("a.txt: expected no document, found one of 4096 bytes", violation.getMessage());
    }

    private InputStream bytesOf(String contentId) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        content.writeTo(new ContentId(contentId), SIZE_BYTES, out);
        return new ByteArrayInputStream(out.toByteArray());
    }
}
