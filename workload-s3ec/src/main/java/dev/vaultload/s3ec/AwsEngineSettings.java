package dev.vaultload.s3ec;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.util.List;

/** The settings of the engines on AWS's own encryption: S3EC and the server-side SSE_* engines. */
public final class AwsEngineSettings implements SettingDeclarations {
    public static final Setting<S3EcKeyring> S3EC_KEYRING = Setting.of("S3EC_KEYRING",
            SettingType.choice(S3EcKeyring.class), S3EcKeyring.AES.name(),
            "the S3EC engine's keyring: `AES` (a raw AES-256 wrapping key per user; shares to the recipient's RSA"
                    + " public key), `RSA` (a raw RSA-2048 key pair per user, shares too) or `KMS` (S3EC's KmsKeyring on"
                    + " the AWS KMS API of AWS_KMS_URL, key AWS_KMS_KEY_ID: a GenerateDataKey per object written, a"
                    + " Decrypt per object read)")
            .forEngines(S3EcEngineFactory.NAME);
    public static final Setting<Integer> ENGINE_MULTIPART_MIB = Setting.of("ENGINE_MULTIPART_MIB",
            SettingType.positiveInt(), "16",
            "S3EC and SSE_* write a document of this many MiB or more with a multipart upload (parts of 5 MiB)")
            .forEngines(S3EcEngineFactory.NAME, SseMode.SSE_S3.name(), SseMode.SSE_KMS.name(),
                    SseMode.SSE_C.name());

    public static final Setting<String> SSE_KMS_KEY_ID = Setting.of("SSE_KMS_KEY_ID",
            SettingType.text("a key id the server's KMS knows"), "vaultload-key",
            "the key id SSE_KMS asks the server to encrypt under: the name in MinIO's MINIO_KMS_SECRET_KEY or a key of"
                    + " Ceph RGW's `rgw crypt s3 kms encryption keys` (scripts/start-minio.sh and start-ceph.sh configure `vaultload-key`)")
            .forEngines(SseMode.SSE_KMS.name());

    @Override
    public String topic() {
        return "Engines S3EC and SSE_*";
    }

    @Override
    public List<Setting<?>> settings() {
        return List.of(S3EC_KEYRING, ENGINE_MULTIPART_MIB, SSE_KMS_KEY_ID);
    }
}
