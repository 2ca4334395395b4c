package dev.vaultload.faults;

import dev.vaultload.fixture.Fixture;
import dev.vaultload.fixture.FixtureLoader;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsClients;
import dev.vaultload.report.Failure;
import dev.vaultload.report.RunResult;
import dev.vaultload.settings.SettingsRegistry;
import dev.vaultload.stats.ErrorClass;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.kms.KmsClient;

/**
 * The tamper matrix's alteration of key material held in a KMS: a key of the AWS KMS API (local-kms here), made for the
 * cell, scheduled for deletion part way through a replay whose engine keeps its documents' data keys under it
 * (VAULTLOAD with KMS_KEYS=DOCUMENT through AWS_KMS, or S3EC's KMS keyring). The documents written before can no longer
 * be opened: the run must report each of them with the key's id, as the KMS's refusal, not as LOST and not silently.
 * The key is the cell's own (the shared AWS_KMS_KEY_ID stays usable); the KMS's pending window is its minimum, 7 days.
 */
final class KmsKeyDeletion {
    private static final int PENDING_WINDOW_DAYS = 7;

    private KmsKeyDeletion() {
    }

    /** The cell for {@code engine} on {@code store}, with the environment's AWS KMS API (AWS_KMS_URL). */
    static Verdict run(CellEngine engine, StoreUnderTest store, Path reports) {
        long startNanos = System.nanoTime();
        Function<String, String> settings = SettingsRegistry.system();
        String cellName = "kms-key-deleted-" + engine.name().toLowerCase(Locale.ROOT);
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");
        KmsClient client = AwsKmsClients.open(settings, List.of());
        String keyId = client.createKey(request -> request.description("vaultload tamper matrix " + cellName))
                .keyMetadata().keyId();
        Fault deleted = SwitchedFault.of("AWS KMS key scheduled for deletion",
                () -> client.scheduleKeyDeletion(request -> request.keyId(keyId).pendingWindowInDays(PENDING_WINDOW_DAYS)),
                () -> {
                    // an alteration: nothing restores the key before the final validation
                });
        FaultKind.Placement placement = new FaultKind.Placement(store.endpoint(), deleted, client::close,
                Optional.of(Map.of(KmsSettings.KMS.name(), "AWS_KMS", KmsSettings.AWS_KMS_KEY_ID.name(), keyId)));
        FaultCellRun.Replayed replayed = FaultCellRun.replay(fixture, reports, cellName, placement, store, engine);
        // what the cell costs CI's short matrix
        LoggerFactory.getLogger(KmsKeyDeletion.class).info("tamper cell {} took {} ms", cellName,
                (System.nanoTime() - startNanos) / 1_000_000);
        return new Verdict(engine, store.name(), keyId, !replayed.faultOn().isZero(), replayed.result());
    }

    /**
     * What the run reported once its KMS key was gone. It holds when the key was deleted, nothing was counted LOST or
     * altered, and its final validation reported documents it could not open, each failure naming its object and the
     * key's id. (Under CONTINUE a KMS refusal is no data error, so the run itself passes: the report is what counts.)
     */
    record Verdict(CellEngine engine, String store, String keyId, boolean keyDeleted, RunResult result) {

        static String markdownHeader() {
            return "| engine | store | KMS key | deleted | objects checked | documents the validation could not open (naming"
                    + " the key) | their class | other validation failures | LOST | altered | verdict |\n"
                    + "|---|---|---|---|---|---|---|---|---|---|---|\n";
        }

        String markdownRow() {
            return "| " + engine + " | " + store + " | " + keyId + " | " + (keyDeleted ? "yes" : "no") + " | "
                    + result.objects().checked() + " | " + namingKey().size() + " | " + classes() + " | " + (validationFailures().size() - namingKey().size())
                    + " | " + count(ErrorClass.LOST) + " | " + count(ErrorClass.INTEGRITY) + " | "
                    + problem().map(why -> "FAIL: " + why).orElse("pass") + " |\n";
        }

        /** Why the cell does not hold; empty when it does. */
        Optional<String> problem() {
            String cell = "KMS key " + keyId + " deleted under " + engine + " on " + store + ": ";
            if (!keyDeleted) {
                return Optional.of(cell + "the run ended before the key was deleted");
            }
            if (count(ErrorClass.LOST) + count(ErrorClass.INTEGRITY) > 0) {
                return Optional.of(cell + count(ErrorClass.LOST) + " LOST, " + count(ErrorClass.INTEGRITY)
                        + " altered: a document the KMS cannot open is neither " + result.failures().stream().limit(3).toList());
            }
            if (namingKey().isEmpty()) {
                return Optional.of(cell + "no document was reported for the deleted key (silence)");
            }
            if (namingKey().size() < validationFailures().size()) {
                return Optional.of(cell + "a validation failure does not name the key: "
                        + validationFailures().stream().filter(failure -> !failure.message().contains(keyId)).findFirst()
                        .map(Failure::message).orElse(""));
            }
            return Optional.empty();
        }

        /** The final validation's failures: a run keeps a bounded number, every one of them is looked at. */
        private List<Failure> validationFailures() {
            return result.failures().stream().filter(failure -> failure.message().startsWith("final ")).toList();
        }

        private List<Failure> namingKey() {
            return validationFailures().stream().filter(failure -> failure.message().contains(keyId)
                    && failure.storeObject() != null).toList();
        }

        private String classes() {
            return namingKey().stream().map(failure -> failure.errorClass().name()).distinct().sorted().toList().toString();
        }

        private long count(ErrorClass errorClass) {
            return result.errors().getOrDefault(errorClass, 0L);
        }
    }
}
