package dev.vaultload.kms;

import static org.junit.jupiter.api.Assertions.fail;

import dev.vaultload.kms.aws.AwsKmsKeyManagerFactory;
import dev.vaultload.kms.kes.KesKeyManagerFactory;
import dev.vaultload.kms.pkcs11.Pkcs11KeyManagerFactory;
import dev.vaultload.kms.vault.VaultTransitKeyManagerFactory;
import dev.vaultload.settings.SettingsRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;

/**
 * The key managers that scripts/start-kes.sh, start-local-kms.sh, start-softhsm.sh and start-vault.sh started, from the environment
 * they print. Without one a test is skipped, unless {@code VAULTLOAD_REQUIRE_KMS=true} in the environment makes that a
 * failure, for the servers CI starts: Vault's build is too heavy for every run, so its tests are skipped without it.
 */
public final class KmsServers {
    /**
     * A binding's server: a setting its script prints (the endpoint, or the token's key), the script, and whether
     * VAULTLOAD_REQUIRE_KMS requires it.
     */
    private record Server(String setting, String script, boolean requirable) {
    }

    private static final Map<String, Server> SERVERS = Map.of(
            KesKeyManagerFactory.NAME, new Server(KmsSettings.KES_URL.name(), "scripts/start-kes.sh", true),
            AwsKmsKeyManagerFactory.NAME, new Server(KmsSettings.AWS_KMS_URL.name(), "scripts/start-local-kms.sh", true),
            Pkcs11KeyManagerFactory.NAME, new Server(KmsSettings.PKCS11_KEY_LABEL.name(), "scripts/start-softhsm.sh", true),
            VaultTransitKeyManagerFactory.NAME, new Server(KmsSettings.VAULT_URL.name(), "scripts/start-vault.sh", false));

    private KmsServers() {
    }

    /** The settings of the running server of binding {@code kms}, KMS set to it; skips or fails without one. */
    public static Function<String, String> settings(String kms) {
        Server server = SERVERS.get(kms);
        Function<String, String> system = SettingsRegistry.system();
        if (system.apply(server.setting()) == null) {
            String reason = server.setting() + " unset: no " + kms + " server; eval \"$(" + server.script() + " start)\"";
            if (server.requirable() && Boolean.parseBoolean(System.getenv("VAULTLOAD_REQUIRE_KMS"))) {
                fail(reason);
            }
            Assumptions.abort(reason + " to run this test");
        }
        return with(system, Map.of(KmsSettings.KMS.name(), kms));
    }

    /** {@code settings} with some replaced. */
    public static Function<String, String> with(Function<String, String> settings, Map<String, String> replaced) {
        return name -> replaced.containsKey(name) ? replaced.get(name) : settings.apply(name);
    }

    /** A port on 127.0.0.1 where nothing listens now: a server there has stopped. */
    static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
