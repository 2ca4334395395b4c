package dev.vaultload.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

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

    /** GIT_COMMIT if the caller set it, else what git says of the working directory, else "unknown". */
    private static String currentGitCommit() {
        String fromEnvironment = System.getenv("GIT_COMMIT");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment;
        }
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            if (git.waitFor(5, TimeUnit.SECONDS) && git.exitValue() == 0) {
                return new String(git.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            }
            git.destroyForcibly();
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "unknown";
    }
}
