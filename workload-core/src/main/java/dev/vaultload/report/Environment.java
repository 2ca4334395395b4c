package dev.vaultload.report;

import java.io.IOException;

/** The machine and build a run was measured on, so that reports from different places can be compared. */
public record Environment(String jdk, String jvm, int cores, long maxHeapBytes, String os, String host,
                          String gitCommit) {

    public static Environment current() {
        return new Environment(
                System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
                System.getProperty("java.vm.name"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                localHostName(),
                currentGitCommit());
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
