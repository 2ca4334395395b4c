package dev.vaultload.s3.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.storage.HaltCleanup;

/** What every server the suite starts on this machine needs: fresh keys, a free loopback port, a scratch directory. */
final class LocalServers {

    private LocalServers() {
    }

    /** A new random key pair, so that no fixed secret is ever valid against a server the suite started. */
    static S3Credentials randomCredentials() {
        SecureRandom random = new SecureRandom();
        return new S3Credentials("vl" + hex(random, 9), hex(random, 20));
    }

    /** A port free on 127.0.0.1 right now (another process could take it before use: callers see a failed start). */
    static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    /** Where {@link #createScratchDirectory} makes its directories: the JVM's temporary directory. */
    static Path scratchParent() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    static Path createScratchDirectory(String prefix) {
        try {
            return HaltCleanup.scratch(Files.createTempDirectory(scratchParent(), prefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
    }

    private static String hex(SecureRandom random, int bytes) {
        byte[] value = new byte[bytes];
        random.nextBytes(value);
        return HexFormat.of().formatHex(value);
    }
}
