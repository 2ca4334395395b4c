package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vaultload.ceiling.CryptoCeiling;
import java.io.IOException;

/**
 * The machine and build a run was measured on, so that reports from different places can be compared.
 *
 * @param cryptoCeiling what this machine's crypto does on one core, measured in the run's process; null when
 *                      CRYPTO_CEILING was false, in a load mode's result and in results written before it existed
 */
public record Environment(String jdk, String jvm, int cores, long maxHeapBytes, String os, String host,
                          String gitCommit, @JsonInclude(JsonInclude.Include.NON_NULL) CryptoCeiling cryptoCeiling) {

    /** This machine and build, without a crypto ceiling. */
    public static Environment current() {
        return new Environment(
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("java.vm.name"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                localHostName(),
                currentGitCommit(),
                null);
    }

    /** This environment with a crypto ceiling measured on it; null for none. */
    public Environment withCryptoCeiling(CryptoCeiling ceiling) {
        return new Environment(jdk, jvm, cores, maxHeapBytes, os, host, gitCommit, ceiling);
    }

    private static String localHostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * The commit the build recorded; for a build outside git, GIT_COMMIT if the caller set it; else "unknown". What git
     * says of the working directory is not asked: a jar runs anywhere, in other repositories too.
     */
    private static String currentGitCommit() {
        VaultloadBuild build = VaultloadBuild.current();
        if (build.commitKnown()) {
            return build.gitCommit();
        }
        String fromEnvironment = System.getenv("GIT_COMMIT");
        return fromEnvironment != null && !fromEnvironment.isBlank() ? fromEnvironment : "unknown";
    }
}
