package dev.vaultload.kms;

import dev.vaultload.stats.IntegrityViolation;
import java.util.Arrays;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** What a pressure run repeats, as the KMS pressure tool names it. */
public enum KmsCase {
    ENCRYPT,
    /** Decrypt of data encrypted once before the clock starts; every answer is compared with the data. */
    DECRYPT,
    /** A new AES-256 data key each time. */
    GENERATE_DATA_KEY;

    /** A call of the case, ready to repeat from many threads. */
    @FunctionalInterface
    interface Call {
        void run();
    }

    /** As users type it: {@code encrypt}, {@code decrypt}, {@code generate-data-key}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The payload bytes one call moves: the data for encrypt and decrypt, none for a data key. */
    long payloadBytes(int dataSizeBytes) {
        return this == GENERATE_DATA_KEY ? 0 : dataSizeBytes;
    }

    /**
     * The call, prepared: decrypt's ciphertext is made here, so a failure to make it is the KMS's
     * {@link KeyManagerException} before anything is measured.
     */
    Call prepare(KeyManager kms, byte[] data, byte[] context) {
        String keyId = kms.keyId();
        return switch (this) {
            case ENCRYPT -> () -> kms.encrypt(keyId, data, context);
            case DECRYPT -> {
                byte[] ciphertext = kms.encrypt(keyId, data, context);
                yield () -> {
                    if (!Arrays.equals(kms.decrypt(keyId, ciphertext, context), data)) {
                        throw new IntegrityViolation(kms.description() + ": decrypt with key '" + keyId
                                + "' returned other bytes than were encrypted");
                    }
                };
            }
            case GENERATE_DATA_KEY -> () -> kms.generateDataKey(keyId, context);
        };
    }

    /** {@code --case}'s values, by label. */
    static final class Converter implements ITypeConverter<KmsCase> {
        @Override
        public KmsCase convert(String text) {
            return Arrays.stream(values()).filter(kmsCase -> kmsCase.label().equalsIgnoreCase(text.trim())).findFirst()
                    .orElseThrow(() -> new TypeConversionException("'" + text + "': expected "
                            + String.join(", ", Arrays.stream(values()).map(KmsCase::label).toList())));
        }
    }
}
