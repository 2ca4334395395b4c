package dev.vaultload.faults;

import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.provider.EmbeddedS3Server;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;

/** A real S3 server on 127.0.0.1 that faults are put in front of, and the one fault that stops its process. */
interface StoreUnderTest extends AutoCloseable {
    String name();

    URI endpoint();

    S3Credentials credentials();

    /** Kills the server's process and starts it again; empty when it runs inside this JVM. */
    Optional<Fault> serverKilled();

    @Override
    void close();

    static StoreUnderTest minio(Path binary, Path work) {
        try {
            RestartableMinio minio = new RestartableMinio(binary, Files.createDirectories(work.resolve("minio-data")));
            minio.start();
            return new Process("MINIO", minio.endpoint(), minio.credentials(), minio.minioKilled(), minio);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static StoreUnderTest ceph() {
        RestartableRgw rgw = RestartableRgw.startOrJoin();
        return new Process("CEPH", rgw.endpoint(), rgw.credentials(), rgw.rgwKilled(), rgw);
    }

    static StoreUnderTest embedded() {
        // in memory: the matrix's objects never touch the disk
        EmbeddedS3Server server = EmbeddedS3Server.start("transient",
                new S3Credentials("faults", UUID.randomUUID().toString()), 0);
        return new StoreUnderTest() {
            @Override
            public String name() {
                return "EMBEDDED";
            }

            @Override
            public URI endpoint() {
                return server.endpoint();
            }

            @Override
            public S3Credentials credentials() {
                return server.credentials();
            }

            @Override
            public Optional<Fault> serverKilled() {
                return Optional.empty();
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }

    /** A server in a process of its own, which can be killed. */
    record Process(String name, URI endpoint, S3Credentials credentials, Fault killed, AutoCloseable server)
            implements StoreUnderTest {
        @Override
        public Optional<Fault> serverKilled() {
            return Optional.of(killed);
        }

        @Override
        public void close() {
            killed.heal();
            try {
                server.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot stop " + name, e);
            }
        }
    }
}
