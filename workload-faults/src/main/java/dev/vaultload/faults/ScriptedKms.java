package dev.vaultload.faults;

import dev.vaultload.kms.KmsSettings;
import dev.vaultload.settings.Setting;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * A key manager's server as the repository's start script runs it, restarted by that script on its keys: {@code down}
 * ends the process and keeps its data, {@code up} starts it again on the same port and data. The script finds its
 * server by its variables (base directory and port, as the server was started with), so a restart is offered only
 * for the server the cell's engine calls: the one whose endpoint the script's {@code status} exports.
 *
 * @param name        the server in the fault's name, e.g. "AWS KMS"
 * @param script      the script's file name in scripts/
 * @param endpoint    the setting naming the server in the script's export lines and the engine's settings
 * @param variables   the script's variables that say which server it runs, for the message when it runs another
 * @param environment values of those variables for the script over this process's (the matrix: none, it runs with
 *                    those the servers were started with)
 */
record ScriptedKms(String name, String script, Setting<URI> endpoint, String variables,
                   Map<String, String> environment) {
    static final ScriptedKms KES = new ScriptedKms("KES", "start-kes.sh", KmsSettings.KES_URL, "KES_BASE_DIR, KES_PORT",
            Map.of());
    static final ScriptedKms LOCAL_KMS = new ScriptedKms("AWS KMS", "start-local-kms.sh", KmsSettings.AWS_KMS_URL,
            "LOCAL_KMS_BASE_DIR, LOCAL_KMS_PORT", Map.of());

    /** How long bringing the server down or up may take: its SIGTERM grace and its start. */
    private static final Duration SWITCH_TIMEOUT = Duration.ofSeconds(40);

    /** This server with the script's variables set to {@code environment}. */
    ScriptedKms in(Map<String, String> environment) {
        return new ScriptedKms(name, script, endpoint, variables, Map.copyOf(environment));
    }

    /** Whether the script runs the server at {@code server}; if not, a warning says why the restart is left out. */
    boolean runs(URI server) {
        Optional<URI> running = repositoryScript().output(SWITCH_TIMEOUT, environment, "status")
                .flatMap(stdout -> endpoint.find(RepositoryScript.exports(stdout)::get));
        if (running.filter(server::equals).isPresent()) {
            return true;
        }
        LoggerFactory.getLogger(ScriptedKms.class).warn("the matrix runs without its {} restarted cell: scripts/{} ({})"
                        + " runs {}, not the {} of {}; start the server with the same variables as the matrix", name,
                script, variables, running.map(URI::toString).orElse("no server"), server, endpoint.name());
        return false;
    }

    /** The server stopped on inject and started again on its keys on heal, each time waited for. */
    Fault restarted() {
        RepositoryScript script = repositoryScript();
        return SwitchedFault.of("restarted (keys kept)", () -> script.run(SWITCH_TIMEOUT, environment, "down"),
                () -> script.run(SWITCH_TIMEOUT, environment, "up"));
    }

    private RepositoryScript repositoryScript() {
        return RepositoryScript.named(script);
    }
}
