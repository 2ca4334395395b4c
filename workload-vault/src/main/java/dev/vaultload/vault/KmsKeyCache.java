package dev.vaultload.vault;

import dev.vaultload.settings.SettingType;
import java.time.Duration;
import java.util.Locale;

/**
 * How long a vault keeps a KMS data key in memory for documents (setting KMS_KEY_CACHE), the idea of S3 Bucket Keys
 * and of Datasafe's keystore cache: fewer KMS calls for plaintext keys held longer in the client.
 *
 * @param perUser one data key per writing user for the engine's life; a key opened for reading is kept as long
 * @param window  when not zero, a data key is used and kept this long, then replaced; ignored with {@code perUser}
 */
public record KmsKeyCache(boolean perUser, Duration window) {
    public static final KmsKeyCache OFF = new KmsKeyCache(false, Duration.ZERO);
    public static final KmsKeyCache USER = new KmsKeyCache(true, Duration.ZERO);

    /** `OFF`, `USER` or a duration such as `5m`. */
    public static final SettingType<KmsKeyCache> TYPE = new SettingType<>(
            "`OFF`, `USER` or a duration such as `30s`, `5m`", KmsKeyCache::parse);

    private static KmsKeyCache parse(String text) {
        return switch (text.toUpperCase(Locale.ROOT)) {
            case "OFF" -> OFF;
            case "USER" -> USER;
            default -> new KmsKeyCache(false, SettingType.duration().parse().apply(text));
        };
    }

    /** Whether every WRITE generates and every READ decrypts its own data key. */
    public boolean off() {
        return !perUser && window.isZero();
    }

    /** Whether a key obtained at {@code obtainedNanos} may still be used at {@code nowNanos}. */
    boolean fresh(long obtainedNanos, long nowNanos) {
        return perUser || nowNanos - obtainedNanos < window.toNanos();
    }

    @Override
    public String toString() {
        return perUser ? "USER" : off() ? "OFF" : window.toString().substring(2).toLowerCase(Locale.ROOT);
    }
}
