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
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.kms.KmsClient;

/**
 * The tamper matrix's alteration of key material held in a KMS: a key made for the cell, deleted part way through a
 * replay whose engine keeps its documents' data keys under it: on the AWS KMS API (local-kms here) VAULTLOAD with
 * KMS_KEYS=DOCUMENT through AWS_KMS or S3EC's KMS keyring, on KES VAULTLOAD with KMS_KEYS=DOCUMENT. The documents
 * written before can no longer be opened: the run must report each of them with the key's id, as the KMS's refusal,
 * not as LOST and not silently. The key is the cell's own (the shared AWS_KMS_KEY_ID and KES_KEY_NAME stay usable).
 */
final class KmsKeyDeletion {
    /** The AWS KMS API's shortest pending window: the key is refused at once, gone after it. */
    private static final int PENDING_WINDOW_DAYS = 7;
    private static final Duration KES_CALL_TIMEOUT = Duration.ofSeconds(20);

    /** Where the cell's key is held, and how it is made and deleted. */
    enum HeldKey {
        /** local-kms: CreateKey, then ScheduleKeyDeletion (every later call refused with KMSInvalidStateException). */
        AWS_KMS,
        /** KES: scripts/start-kes.sh create-key, then delete-key with the admin's identity (calls on it answer 404). */
        KES
    }

    private KmsKeyDeletion() {
    }

    /**
     * The cell for {@code engine} with its key at {@code held} on {@code store}, with the environment's KMS (AWS_KMS_URL;
     * KES_URL and the KES_BASE_DIR and KES_PORT of scripts/start-kes.sh).
     */
    static Verdict run(CellEngine engine, HeldKey held, StoreUnderTest store, Path reports) {
        long startNanos = System.nanoTime();
        String cellName = "kms-key-deleted-" + (engine.name() + "-" + held.name()).toLowerCase(Locale.ROOT).replace('_', '-');
        Fixture fixture = new FixtureLoader().loadResource("fixtures/fixture-small.json");
        String keyId;
        Fault deleted;
        AutoCloseable resources;
        Map<String, String> kms;
        if (held == HeldKey.AWS_KMS) {
            KmsClient client = AwsKmsClients.open(SettingsRegistry.system(), List.of());
            keyId = client.createKey(request -> request.description("vaultload tamper matrix " + cellName)).keyMetadata().keyId();
            deleted = alteration("AWS KMS key scheduled for deletion",
                    () -> client.scheduleKeyDeletion(request -> request.keyId(keyId).pendingWindowInDays(PENDING_WINDOW_DAYS)));
            resources = client::close;
            kms = Map.of(KmsSettings.KMS.name(), "AWS_KMS", KmsSettings.AWS_KMS_KEY_ID.name(), keyId);
        } else {
            RepositoryScript kes = RepositoryScript.named("start-kes.sh");
            keyId = "vaultload-tamper-" + ProcessHandle.current().pid() + "-" + System.currentTimeMillis();
            kes.run(KES_CALL_TIMEOUT, Map.of(), "create-key", keyId);
            deleted = alteration("KES key deleted", () -> kes.run(KES_CALL_TIMEOUT, Map.of(), "delete-key", keyId));
            resources = () -> {
            };
            kms = Map.of(KmsSettings.KMS.name(), "KES", KmsSettings.KES_KEY_NAME.name(), keyId);
        }
        FaultKind.Placement placement = new FaultKind.Placement(store.endpoint(), deleted, resources, Optional.of(kms));
        FaultCellRun.Replayed replayed = FaultCellRun.replay(fixture, reports, cellName, placement, store, engine);
        // what the cell costs CI's short matrix
        LoggerFactory.getLogger(KmsKeyDeletion.class).info("tamper cell {} took {} ms", cellName,
                (System.nanoTime() - startNanos) / 1_000_000);
        return new Verdict(engine, held, store.name(), keyId, !replayed.faultOn().isZero(), replayed.result());
    }

    /** A fault whose heal restores nothing: the key stays deleted through the final validation. */
    private static Fault alteration(String name, Runnable delete) {
        return SwitchedFault.of(name, delete, () -> {
        });
    }

    /**
     * What the run reported once its KMS key was gone. It holds when the key was deleted, nothing was counted LOST or
     * altered, and its final validation reported documents it could not open, each failure naming its object and the
     * key's id. (Under CONTINUE a KMS refusal is no data error, so the run itself passes: the report is what counts.)
     */
    record Verdict(CellEngine engine, HeldKey held, String store, String keyId, boolean keyDeleted, RunResult result) {

        static String markdownHeader() {
            return "| engine | KMS | store | key | deleted | objects checked | documents the validation could not open (naming"
                    + " the key) | their class | other validation failures | LOST | altered | verdict |\n"
                    + "|---|---|---|---|---|---|---|---|---|---|---|---|\n";
        }

        String markdownRow() {
            return "| " + engine + " | " + held + " | " + store + " | " + keyId + " | " + (keyDeleted ? "yes" : "no") + " | "
                    + result.objects().checked() + " | " + namingKey().size() + " | " + classes() + " | " + (validationFailures().size() - namingKey().size())
                    + " | " + count(ErrorClass.LOST) + " | " + count(ErrorClass.INTEGRITY) + " | "
                    + problem().map(why -> "FAIL: " + why).orElse("pass") + " |\n";
        }

        /** Why the cell does not hold; empty when it does. */
        Optional<String> problem() {
            String cell = held + " key " + keyId + " deleted under " + engine + " on " + store + ": ";
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
