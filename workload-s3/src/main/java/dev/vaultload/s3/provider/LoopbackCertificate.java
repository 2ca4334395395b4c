package dev.vaultload.s3.provider;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import dev.vaultload.storage.BlobStoreException;
import dev.vaultload.storage.BlobStoreException.Kind;

/**
 * A self-signed EC certificate for 127.0.0.1, its own CA, written as a TLS server such as MinIO reads it: {@code
 * public.crt} and {@code private.key} (PEM). Made by the JDK's keytool, since the JDK has no API that makes a
 * certificate; scripts/start-minio.sh makes the same with openssl.
 */
final class LoopbackCertificate {

    private static final String ALIAS = "server";
    private static final char[] STORE_PASSWORD = "changeit".toCharArray();

    private LoopbackCertificate() {
    }

    static void writeTo(Path directory) {
        Path keyStore = directory.resolve("server.p12");
        try {
            Files.createDirectories(directory);
            KeyStore store = keyStore(keyStore, STORE_PASSWORD);
            Files.writeString(directory.resolve("public.crt"), certificatePem(store));
            Files.writeString(directory.resolve("private.key"), pem("PRIVATE KEY", store.getKey(ALIAS, STORE_PASSWORD).getEncoded()));
            Files.delete(keyStore);
        } catch (IOException | GeneralSecurityException e) {
            throw new BlobStoreException(Kind.OTHER, "cannot make a certificate for 127.0.0.1 in " + directory + ": " + e.getMessage(), e);
        }
    }

    /**
     * A new PKCS12 key store at {@code file} (a server that reads key stores, such as S3Proxy, takes it as it is) with
     * the key and its certificate under {@link #ALIAS}, loaded.
     */
    static KeyStore keyStore(Path file, char[] password) throws IOException, GeneralSecurityException {
        keytool("-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=IP:127.0.0.1", "-validity", "7", "-storetype", "PKCS12", "-keystore", file.toString(),
                "-storepass", new String(password));
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        }
        return store;
    }

    /** The certificate of a {@link #keyStore}, PEM: the CA its clients trust. */
    static String certificatePem(KeyStore store) throws GeneralSecurityException {
        return pem("CERTIFICATE", store.getCertificate(ALIAS).getEncoded());
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static void keytool(String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0) {
                throw new IOException("keytool failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool ran", e);
        }
    }
}
