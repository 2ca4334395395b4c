package dev.vaultload.cli;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.EmbeddedS3Server;
import dev.vaultload.s3.provider.S3Settings;
import dev.vaultload.settings.SettingsRegistry;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code vaultload s3-server}: the EMBEDDED provider's S3 server on its own, so that several processes (the shards
 * of {@code scripts/shards-local.sh}) load one store: they reach it with EMBEDDED_S3_URL and the same key pair.
 */
@Command(name = "s3-server", mixinStandardHelpOptions = true,
        description = {"Serve the embedded S3 server (S3Proxy) on 127.0.0.1 until stopped (SIGINT/SIGTERM), with the key"
                + " pair of AWS_ACCESS_KEY and AWS_SECRET_KEY (environment or system properties; never printed).",
                "Prints its endpoint, the value for EMBEDDED_S3_URL, on one line."})
final class S3ServerCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "0", description = "port on 127.0.0.1, 0 for a free one (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--buckets", split = ",", defaultValue = "vaultload",
            description = "buckets to create, comma-separated (default ${DEFAULT-VALUE})")
    List<String> buckets;

    @Option(names = "--backend", defaultValue = "filesystem",
            description = "filesystem (a temporary directory, removed on stop) or transient (heap) (default ${DEFAULT-VALUE})")
    String backend;

    @Override
    public Integer call() throws InterruptedException {
        Function<String, String> settings = SettingsRegistry.system();
        String accessKey = S3Settings.AWS_ACCESS_KEY.find(settings).orElseThrow(() -> missing(S3Settings.AWS_ACCESS_KEY.name()));
        String secretKey = S3Settings.AWS_SECRET_KEY.find(settings).orElseThrow(() -> missing(S3Settings.AWS_SECRET_KEY.name()));
        String chosenBackend = S3Settings.EMBEDDED_S3_BACKEND.parse(backend);
        EmbeddedS3Server server = EmbeddedS3Server.start(chosenBackend, new S3Credentials(accessKey, secretKey), port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "s3-server-stop"));
        buckets.forEach(server::createBucket);
        System.out.println(server.endpoint());
        System.out.flush();
        stopped.await();
        return ExitCodes.OK;
    }

    private static IllegalArgumentException missing(String name) {
        return new IllegalArgumentException("Invalid " + name + ": unset; expected the key pair the server accepts");
    }
}
