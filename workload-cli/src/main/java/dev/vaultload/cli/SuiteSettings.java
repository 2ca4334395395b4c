package dev.vaultload.cli;

import dev.vaultload.run.RunConfigParser;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The suites' settings as options of {@code run}: every system property of RandomActionsOnDatasafeTest
 * becomes {@code --NAME} and {@code --name-in-kebab-case}, and is looked up by {@link RunConfigParser} and the
 * storage providers through {@link #lookup}: the option if given, else the system property, else the
 * environment variable.
 */
final class SuiteSettings {
    private record Setting(String name, String description) {
    }

    private static final List<Setting> SETTINGS = List.of(
            new Setting("STORAGE_PROVIDERS", "EMBEDDED (default), MINIO, CEPH, AMAZON, FILESYSTEM, MEMORY; comma-separated"),
            new Setting("THREADS", "thread counts, e.g. 2,4,8 (default); FIXTURE and RATE run each"),
            new Setting("FILE_SIZES", "document sizes in KiB, e.g. 100,1024,10240 (default)"),
            new Setting("FIXTURE_SIZE", "SMALL (default, 200 operations), MEDIUM (1000), LARGE (10000) or a fixture file"),
            new Setting("CIPHER", "AES256_GCM (default), AES256_CBC, CHACHA20_POLY1305, NONE"),
            new Setting("KDF_ITERATIONS", "PBKDF2 iterations protecting each keystore (default 210000)"),
            new Setting("ERROR_MODE", "FAIL_FAST (default) or CONTINUE (FIXTURE mode)"),
            new Setting("DURATION", "e.g. 30m, 72h: FIXTURE passes repeat until then; RATE runs this long (default 30s)"),
            new Setting("PERIOD", "progress interval (default 10s; 1s on a terminal)"),
            new Setting("REPORT_DIR", "where report files go (default target/workload-reports)"),
            new Setting("AWS_ACCESS_KEY", "S3 access key"),
            new Setting("AWS_SECRET_KEY", "S3 secret key"),
            new Setting("AWS_BUCKET", "S3 bucket"),
            new Setting("AWS_REGION", "S3 region"),
            new Setting("AWS_URL", "S3 endpoint (CEPH, AMAZON-compatible stores)"),
            new Setting("CA_PATH", "PEM file of a CA to trust for the S3 endpoint"),
            new Setting("MINIO_URL", "an already running MinIO"),
            new Setting("MINIO_BINARY", "the minio binary to start"),
            new Setting("FILESYSTEM_ROOT", "directory of the FILESYSTEM provider"),
            new Setting("EMBEDDED_S3_BACKEND", "backend of the embedded S3 server"),
            new Setting("S3_MAX_CONNECTIONS", "S3 client connection pool size"),
            new Setting("S3_MAX_ATTEMPTS", "S3 attempts per call, retries included"),
            new Setting("S3_PART_SIZE_MIB", "multipart upload part size"),
            new Setting("S3_CONNECT_TIMEOUT_MILLIS", "S3 connect timeout"),
            new Setting("S3_SOCKET_TIMEOUT_MILLIS", "S3 socket timeout"),
            new Setting("S3_API_CALL_TIMEOUT_MILLIS", "S3 timeout of a call, retries included"),
            new Setting("S3_API_CALL_ATTEMPT_TIMEOUT_MILLIS", "S3 timeout of one attempt"),
            new Setting("S3_LIST_PAGE_SIZE", "keys per S3 list page"),
            new Setting("S3_DELETE_BATCH_SIZE", "keys per S3 batch delete"));

    private SuiteSettings() {
    }

    /** Adds {@code --NAME} / {@code --name} for every setting to the command. */
    static void addTo(CommandSpec command) {
        for (Setting setting : SETTINGS) {
            command.addOption(OptionSpec.builder(longName(setting.name()), kebabName(setting.name()))
                    .paramLabel("VALUE").type(String.class).description(setting.description()).build());
        }
    }

    /**
     * The option if given, else the system property or environment variable of the same name.
     *
     * @param interactive on a terminal PERIOD defaults to 1s, so a progress bar moves every second
     */
    static Function<String, String> lookup(CommandSpec command, boolean interactive) {
        Function<String, String> system = RunConfigParser.systemSettings();
        return name -> {
            OptionSpec option = command.findOption(longName(name));
            String given = option == null ? null : option.getValue();
            String value = given != null ? given : system.apply(name);
            return value == null && interactive && name.equals("PERIOD") ? "1s" : value;
        };
    }

    private static String longName(String name) {
        return "--" + name;
    }

    private static String kebabName(String name) {
        return "--" + name.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
