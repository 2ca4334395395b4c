package dev.vaultload.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports for the servers the fault tools start, on 127.0.0.1 only. */
final class LoopbackPorts {
    private static final int PAIR_ATTEMPTS = 20;

    private LoopbackPorts() {
    }

    /** A port free on 127.0.0.1 right now (another process could take it before use: the start then fails). */
    static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    /** A free port whose successor is free too, as a Ceph mon needs (msgr2 on it, msgr1 on the next). */
    static int freePair() {
        for (int attempt = 0; attempt < PAIR_ATTEMPTS; attempt++) {
            int port = free();
            if (port < 65535 && isFree(port + 1)) {
                return port;
            }
        }
        throw new IllegalStateException("no two consecutive free ports on 127.0.0.1 in " + PAIR_ATTEMPTS + " attempts");
    }

    private static boolean isFree(int port) {
        try (ServerSocket ignored = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }
}
