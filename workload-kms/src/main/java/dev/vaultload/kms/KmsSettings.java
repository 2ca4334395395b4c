package dev.vaultload.kms;

import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingDeclarations;
import dev.vaultload.settings.SettingType;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/** The settings of the key managers: which one (KMS), and where each binding finds its server (or token) and key. */
public final class KmsSettings implements SettingDeclarations {
    public static final Setting<String> KMS = Setting.optional("KMS",
            SettingType.text("a key manager's name: `KES`, `AWS_KMS`, `PKCS11` or `VAULT_TRANSIT`"), "no key manager",
            "the key manager `vaultload kms` measures and an engine that uses one calls (VAULTLOAD's `KMS_KEYS`)");
    public static final Setting<Duration> KMS_TIMEOUT = Setting.of("KMS_TIMEOUT", SettingType.duration(), "10s",
            "longest wait for one KMS call, connecting included; a call that takes longer counts as TIMEOUT");
    public static final Setting<HttpClient.Version> KMS_HTTP_VERSION = Setting.of("KMS_HTTP_VERSION",
            SettingType.choice(HttpClient.Version.class), HttpClient.Version.HTTP_1_1.name(),
            "protocol of the HTTP bindings (KES, VAULT_TRANSIT): `HTTP_1_1`, a connection per concurrent call, or"
                    + " `HTTP_2`, every call multiplexed on one TLS connection as a Go client (MinIO's) does; over"
                    + " HTTP/2 the JDK's client spends more CPU per call and makes fewer calls per second"
                    + " (docs/measurements/2026-11-28-kms-overhead.md)");
    public static final Setting<HttpExecutor> KMS_HTTP_EXECUTOR = Setting.of("KMS_HTTP_EXECUTOR",
            SettingType.choice(HttpExecutor.class), HttpExecutor.DIRECT.name(),
            "threads of the HTTP bindings' client that finish each call: `DIRECT`, its selector thread, the fewest"
                    + " thread switches and the least CPU per call, every connection's TLS on that thread; or `POOL`,"
                    + " the JDK's default pool, TLS of many connections in parallel (for many cores and threads)");

    public static final Setting<URI> KES_URL = Setting.optional("KES_URL", url(Set.of("https"),
            "an https URL such as `https://127.0.0.1:7373`"), "no KES",
            "endpoint of a MinIO KES server (`scripts/start-kes.sh` starts one)");
    public static final Setting<Path> KES_CA_PATH = Setting.optional("KES_CA_PATH",
            SettingType.readableFile("a readable PEM file"), "the JDK's trust store",
            "PEM file of the CA certificates KES's server certificate is checked against");
    public static final Setting<Path> KES_CLIENT_CERT = Setting.optional("KES_CLIENT_CERT",
            SettingType.readableFile("a readable PEM file"), "no KES",
            "PEM certificate (and chain) KES identifies the client by; its identity needs a policy of the KES server");
    public static final Setting<Path> KES_CLIENT_KEY = Setting.optional("KES_CLIENT_KEY",
            SettingType.readableFile("a readable PEM file, unencrypted"), "no KES",
            "PEM private key of `KES_CLIENT_CERT` (PKCS#8, SEC1 or PKCS#1)");
    public static final Setting<String> KES_KEY_NAME = Setting.optional("KES_KEY_NAME",
            SettingType.text("the name of a key KES holds"), "no KES", "the KES key data keys are wrapped under");

    public static final Setting<URI> AWS_KMS_URL = Setting.optional("AWS_KMS_URL", url(Set.of("http", "https"),
            "an http(s) URL such as `http://127.0.0.1:4599`"), "AWS's own endpoint of `AWS_KMS_REGION`",
            "endpoint of a service speaking the AWS KMS API (`scripts/start-local-kms.sh` starts local-kms); calls"
                    + " to it are signed with placeholder credentials, emulators check none");
    public static final Setting<String> AWS_KMS_KEY_ID = Setting.optional("AWS_KMS_KEY_ID",
            SettingType.text("a key id, key ARN, alias name or alias ARN"), "no AWS KMS",
            "the AWS KMS key data keys are wrapped under");
    public static final Setting<String> AWS_KMS_REGION = Setting.of("AWS_KMS_REGION",
            SettingType.text("a region name such as `eu-central-1`"), "us-east-1", "region of the AWS KMS calls");

    public static final Setting<Path> PKCS11_LIBRARY = Setting.of("PKCS11_LIBRARY",
            SettingType.path("the path of a PKCS#11 library"), "/usr/lib/softhsm/libsofthsm2.so",
            "the PKCS#11 library of the token (`scripts/start-softhsm.sh` makes a SoftHSM2 token), loaded by the JDK's"
                    + " SunPKCS11");
    public static final Setting<Integer> PKCS11_SLOT_INDEX = Setting.of("PKCS11_SLOT_INDEX",
            SettingType.integerWithin(0, 1023), "0", "the token's place in the library's list of slots");
    public static final Setting<String> PKCS11_PIN = Setting.secret("PKCS11_PIN",
            "the token's user PIN, which logs the process in once");
    public static final Setting<String> PKCS11_KEY_LABEL = Setting.optional("PKCS11_KEY_LABEL",
            SettingType.text("the label of an AES key in the token"), "no PKCS11",
            "the token's AES key data keys are wrapped under (AES/GCM inside the token)");

    public static final Setting<URI> VAULT_URL = Setting.optional("VAULT_URL", url(Set.of("http", "https"),
            "an http(s) URL such as `https://127.0.0.1:8200`"), "no Vault",
            "endpoint of a HashiCorp Vault server with the transit engine at `transit/` (`scripts/start-vault.sh`"
                    + " starts one)");
    public static final Setting<String> VAULT_TOKEN = Setting.secret("VAULT_TOKEN",
            "the Vault token sent with every transit call (`X-Vault-Token`)");
    public static final Setting<String> VAULT_TRANSIT_KEY = Setting.optional("VAULT_TRANSIT_KEY",
            SettingType.text("the name of a transit key, aes256-gcm96 with `derived=true`"), "no Vault",
            "the transit key data keys are wrapped under; Vault derives a key per context from it");
    public static final Setting<Path> VAULT_CA_PATH = Setting.optional("VAULT_CA_PATH",
            SettingType.readableFile("a readable PEM file"), "the JDK's trust store",
            "PEM file of the CA certificates Vault's server certificate is checked against");

    @Override
    public List<Setting<?>> settings() {
        return List.of(KMS, KMS_TIMEOUT, KMS_HTTP_VERSION, KMS_HTTP_EXECUTOR, KES_URL, KES_CA_PATH, KES_CLIENT_CERT, KES_CLIENT_KEY,
                KES_KEY_NAME, AWS_KMS_URL, AWS_KMS_KEY_ID, AWS_KMS_REGION, PKCS11_LIBRARY, PKCS11_SLOT_INDEX, PKCS11_PIN,
                PKCS11_KEY_LABEL, VAULT_URL, VAULT_TOKEN, VAULT_TRANSIT_KEY, VAULT_CA_PATH);
    }

    @Override
    public String topic() {
        return "Key managers: KES, AWS_KMS, PKCS11, VAULT_TRANSIT (vaultload kms)";
    }

    /** An absolute URL of one of {@code schemes} with a host, e.g. {@code https://127.0.0.1:7373}. */
    private static SettingType<URI> url(Set<String> schemes, String accepted) {
        return new SettingType<>(accepted, text -> {
            URI url = URI.create(text);
            if (url.getScheme() == null || !schemes.contains(url.getScheme()) || url.getHost() == null) {
                throw new IllegalArgumentException(text);
            }
            return url;
        });
    }
}
