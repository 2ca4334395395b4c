package dev.vaultload.faults;

import dev.vaultload.s3.S3Credentials;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The RADOS Gateway of a single-node Ceph run by {@code scripts/start-ceph.sh}, whose radosgw a fault can kill and
 * start again while the cluster (mon, osd) and its data stay up, as an operator restarting a crashed gateway would.
 */
public final class RestartableRgw implements AutoCloseable {
    private static final Duration CLUSTER_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration RGW_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration STATUS_TIMEOUT = Duration.ofSeconds(30);

    private final RepositoryScript script;
    private final Map<String, String> environment;
    private final Map<String, String> exports;
    private final boolean startedHere;

    private RestartableRgw(RepositoryScript script, Map<String, String> environment, Map<String, String> exports,
                           boolean startedHere) {
        this.script = script;
        this.environment = environment;
        this.exports = exports;
        this.startedHere = startedHere;
    }

    /** True if the Ceph daemons the script runs are installed (it would otherwise install them with apt-get). */
    public static boolean installed() {
        return Stream.of("ceph-mon", "ceph-osd", "radosgw", "ceph").allMatch(RestartableRgw::onPath);
    }

    /**
     * Joins the cluster that CEPH_BASE_DIR (with CEPH_RGW_PORT and CEPH_MON_PORT) names if one runs there, else
     * starts one there (60-90 s) and stops it at {@link #close()}. Without CEPH_BASE_DIR it starts a private one in
     * a new temporary directory on free ports: never the script's default cluster, which may be someone else's.
     */
    public static RestartableRgw startOrJoin() {
        RepositoryScript script = RepositoryScript.named("start-ceph.sh");
        Map<String, String> environment = System.getenv("CEPH_BASE_DIR") != null ? givenCluster() : privateCluster();
        Optional<String> running = script.output(STATUS_TIMEOUT, environment, "status");
        if (running.isPresent()) {
            return new RestartableRgw(script, environment, RepositoryScript.exports(running.get()), false);
        }
        return new RestartableRgw(script, environment,
                RepositoryScript.exports(script.run(CLUSTER_TIMEOUT, environment, "start")), true);
    }

    public URI endpoint() {
        return URI.create(exports.get("AWS_URL"));
    }

    public S3Credentials credentials() {
        return new S3Credentials(exports.get("AWS_ACCESS_KEY"), exports.get("AWS_SECRET_KEY"));
    }

    /** The bucket the script created. */
    public String bucket() {
        return exports.get("AWS_BUCKET");
    }

    /** SIGKILL of radosgw on inject; heal starts it again and waits until it answers. */
    public Fault rgwKilled() {
        return SwitchedFault.of("RGW killed (SIGKILL)",
                () -> script.run(RGW_TIMEOUT, environment, "kill-rgw"),
                () -> script.run(RGW_TIMEOUT, environment, "start-rgw"));
    }

    /** Stops the cluster if this object started it; a joined one keeps running. */
    @Override
    public void close() {
        if (startedHere) {
            script.run(CLUSTER_TIMEOUT, environment, "stop");
        }
    }

    private static Map<String, String> givenCluster() {
        return Stream.of("CEPH_BASE_DIR", "CEPH_RGW_PORT", "CEPH_MON_PORT")
                .filter(name -> System.getenv(name) != null)
                .collect(Collectors.toMap(Function.identity(), System::getenv));
    }

    private static Map<String, String> privateCluster() {
        try {
            Path baseDirectory = Files.createTempDirectory("vaultload-faults-ceph-");
            return Map.of("CEPH_BASE_DIR", baseDirectory.toString(),
                    "CEPH_RGW_PORT", Integer.toString(LoopbackPorts.free()),
                    "CEPH_MON_PORT", Integer.toString(LoopbackPorts.freePair()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for Ceph", e);
        }
    }

    private static boolean onPath(String command) {
        return Optional.ofNullable(System.getenv("PATH")).stream()
                .flatMap(path -> Stream.of(path.split(File.pathSeparator)))
                .anyMatch(directory -> Files.isExecutable(Path.of(directory, command)));
    }
}
