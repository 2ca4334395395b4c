package dev.vaultload.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The version and the commit this copy of Vaultload was built from, as the build recorded them in
 * {@code build.properties} beside this class: a jar reports its own commit wherever it runs, not that of the directory
 * it runs in.
 *
 * @param version   the Maven project version
 * @param gitCommit the full commit id, with {@code -dirty} when the work tree had uncommitted changes; empty when the
 *                  build did not run in a git work tree (a source archive)
 */
public record VaultloadBuild(String version, String gitCommit) {
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

    /** This build's; the resource is part of every build, so its absence is a broken jar. */
    public static VaultloadBuild current() {
        try (InputStream in = VaultloadBuild.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                throw new IllegalStateException("build.properties is missing beside " + VaultloadBuild.class.getName());
            }
            Properties recorded = new Properties();
            recorded.load(in);
            // without git the build leaves the placeholder ${build.gitCommit}: anything but a commit id is none
            String commit = recorded.getProperty("gitCommit", "");
            boolean dirty = Boolean.parseBoolean(recorded.getProperty("gitDirty"));
            return new VaultloadBuild(recorded.getProperty("version"),
                    COMMIT.matcher(commit).matches() ? commit + (dirty ? "-dirty" : "") : "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean commitKnown() {
        return !gitCommit.isEmpty();
    }
}
