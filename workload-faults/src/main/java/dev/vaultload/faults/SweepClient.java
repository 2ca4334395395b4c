package dev.vaultload.faults;

import dev.vaultload.content.ChecksumVerifier;
import dev.vaultload.content.ContentGenerator;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.PrivateSpace;
import dev.vaultload.engine.UserCredentials;
import dev.vaultload.s3.S3ClientSettings;
import dev.vaultload.s3.S3Connection;
import dev.vaultload.s3.S3Credentials;
import dev.vaultload.s3.S3TransferSettings;
import dev.vaultload.storage.BlobNotFoundException;
import dev.vaultload.storage.BlobStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

/**
 * The client of an interrupted rotation ({@link InterruptedRotation}): {@link #prepare} creates the {@link SweepPlan}'s
 * users and documents and writes the digests of the stored documents the re-encryption sweep will rewrite; then, each in
 * a process of its own, {@code sweep} runs the rotation sweep and the re-encryption sweep side by side on two threads,
 * printing a line per key rotated and per document re-encrypted, until its process is killed, and {@code check}, in a
 * fresh process, opens every user's keystore with the password before the rotation or the one after it, reads every
 * document back against its content, and prints what it found. The store is the bucket at the
 * endpoint given, the credentials come from AWS_ACCESS_KEY and AWS_SECRET_KEY in the environment. Nothing it prints
 * holds a password or a key.
 *
 * <pre>{@code java -cp ... dev.vaultload.faults.SweepClient sweep|check ENDPOINT BUCKET DIGESTS PLAN...}</pre>
 */
public final class SweepClient {
    static final String ROTATED = "rotated";
    static final String REENCRYPTED = "reencrypted";
    /** {@code check}'s lines: {@code RESULT <what> <count> <of>} and {@code PROBLEM <class> <object>: <what>}. */
    static final String RESULT = "RESULT";
    static final String PROBLEM = "PROBLEM";
    static final String OPENED_WITH_NEXT = "openedWithNext";
    static final String OPENED_WITH_BEFORE = "openedWithBefore";
    static final String DOCUMENTS_INTACT = "documentsIntact";
    static final String DOCUMENTS_REENCRYPTED = "documentsReencrypted";
    private static final int PREPARING_THREADS = 4;

    private final SweepPlan plan;
    private final BlobStore store;
    private final Engine vault;
    private final Path digests;
    private final ContentGenerator content = new ContentGenerator();

    /** @param digests where {@link #prepare} writes the digests of the documents to re-encrypt, and the check reads them */
    SweepClient(SweepPlan plan, BlobStore store, Path digests) {
        this.plan = plan;
        this.store = store;
        this.vault = plan.vault(store);
        this.digests = digests;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: SweepClient sweep|check ENDPOINT BUCKET DIGESTS PLAN...");
            System.exit(2);
        }
        S3Credentials credentials = new S3Credentials(System.getenv("AWS_ACCESS_KEY"), System.getenv("AWS_SECRET_KEY"));
        SweepPlan plan = SweepPlan.parse(List.of(args).subList(4, args.length));
        try (S3Connection connection = S3Connection.open(S3ClientSettings.of(URI.create(args[1]), credentials))) {
            SweepClient client = new SweepClient(plan, connection.bucket(args[2], S3TransferSettings.DEFAULT),
                    Path.of(args[3]));
            int status = switch (args[0]) {
                case "sweep" -> client.sweep();
                case "check" -> client.check();
                default -> throw new IllegalArgumentException("unknown step " + args[0] + ": sweep or check");
            };
            System.out.flush();
            System.exit(status);
        }
    }

    /**
     * Creates the plan's users and documents, four users at a time (each a store round trip after another), and writes
     * the digests of the ones the re-encryption sweep rewrites.
     */
    void prepare() throws IOException {
        List<Future<List<String>>> digestLines = new ArrayList<>();
        try (ExecutorService users = Executors.newFixedThreadPool(PREPARING_THREADS)) {
            for (String userId : plan.allUsers()) {
                digestLines.add(users.submit(() -> prepare(userId)));
            }
        }
        List<String> lines = new ArrayList<>();
        for (Future<List<String>> ofUser : digestLines) {
            try {
                lines.addAll(ofUser.get());
            } catch (ExecutionException e) {
                throw new IllegalStateException("preparing the interrupted rotation's users failed", e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while preparing the interrupted rotation", e);
            }
        }
        Files.write(digests, lines);
    }

    /** One user and its documents; the digest lines of those the re-encryption sweep rewrites. */
    private List<String> prepare(String userId) throws IOException {
        UserCredentials user = SweepPlan.user(userId, false);
        vault.createUser(user);
        PrivateSpace space = vault.privateSpace(user);
        List<String> lines = new ArrayList<>();
        for (String document : plan.documentsOf(userId)) {
            try (OutputStream out = space.write(document)) {
                content.writeTo(SweepPlan.content(userId, document), plan.documentBytes(), out);
            }
            if (plan.reencryptionUsers().contains(userId)) {
                String storeKey = space.storeKey(document).orElseThrow();
                lines.add(storeKey + " " + sha256(storeKey));
            }
        }
        return lines;
    }

    /** Both sweeps at once, each printing its progress; the process is meant to be killed before they end. */
    private int sweep() throws InterruptedException {
        Thread rotation = Thread.ofPlatform().name("rotation-sweep").start(() -> {
            int rotated = 0;
            for (String userId : plan.rotationUsers()) {
                vault.rotateKey(SweepPlan.user(userId, false), SweepPlan.user(userId, true).password());
                progress(ROTATED, ++rotated);
            }
        });
        Thread reencryption = Thread.ofPlatform().name("reencryption-sweep").start(() -> {
            int reencrypted = 0;
            for (String userId : plan.reencryptionUsers()) {
                for (String document : plan.documentsOf(userId)) {
                    vault.reencrypt(SweepPlan.user(userId, false), document);
                    progress(REENCRYPTED, ++reencrypted);
                }
            }
        });
        rotation.join();
        reencryption.join();
        return 0;
    }

    private static synchronized void progress(String what, int count) {
        System.out.println(what + " " + count);
        System.out.flush();
    }

    /**
     * Every user's keystore must open with one of its two passwords, every document with the content it was written
     * with; a re-encryption sweep's document counts as re-encrypted when its stored bytes changed.
     */
    private int check() throws IOException {
        Map<String, String> before = Files.readAllLines(digests).stream().map(line -> line.split(" "))
                .collect(Collectors.toMap(fields -> fields[0], fields -> fields[1]));
        List<String> problems = new ArrayList<>();
        int openedWithNext = 0;
        int openedWithBefore = 0;
        int intact = 0;
        int reencrypted = 0;
        for (String userId : plan.allUsers()) {
            Optional<PrivateSpace> withNext;
            Optional<PrivateSpace> space;
            try {
                withNext = open(SweepPlan.user(userId, true));
                space = withNext.or(() -> open(SweepPlan.user(userId, false)));
            } catch (EngineException failed) {
                problems.add((failed.reason() == EngineException.Reason.UNKNOWN_USER ? "LOST" : "INTEGRITY")
                        + " keystore of user " + userId + ": " + failed.getMessage());
                continue;
            }
            if (space.isEmpty()) {
                problems.add("INTEGRITY keystore of user " + userId + ": opens with neither the password before the"
                        + " rotation nor the one after it");
                continue;
            }
            openedWithNext += withNext.isPresent() ? 1 : 0;
            openedWithBefore += withNext.isPresent() ? 0 : 1;
            for (String document : plan.documentsOf(userId)) {
                String storeKey = space.get().storeKey(document).orElseThrow();
                Optional<String> problem = readBack(space.get(), userId, document, storeKey);
                problem.ifPresent(problems::add);
                intact += problem.isEmpty() ? 1 : 0;
                if (problem.isEmpty() && before.containsKey(storeKey) && !before.get(storeKey).equals(sha256(storeKey))) {
                    reencrypted++;
                }
            }
        }
        System.out.println(String.join(" ", RESULT, OPENED_WITH_NEXT, Integer.toString(openedWithNext)));
        System.out.println(String.join(" ", RESULT, OPENED_WITH_BEFORE, Integer.toString(openedWithBefore)));
        System.out.println(String.join(" ", RESULT, DOCUMENTS_INTACT, Integer.toString(intact)));
        System.out.println(String.join(" ", RESULT, DOCUMENTS_REENCRYPTED, Integer.toString(reencrypted)));
        problems.forEach(problem -> System.out.println(PROBLEM + " " + problem));
        return problems.isEmpty() ? 0 : 1;
    }

    /** The private space when the password opens the keystore; empty when the keystore refuses it. */
    private Optional<PrivateSpace> open(UserCredentials user) {
        try {
            return Optional.of(vault.privateSpace(user));
        } catch (EngineException refused) {
            if (refused.reason() != EngineException.Reason.WRONG_PASSWORD) {
                throw refused;
            }
            return Optional.empty();
        }
    }

    /** Why the document does not read back whole with its content, naming its object; empty when it does. */
    private Optional<String> readBack(PrivateSpace space, String userId, String document, String storeKey) {
        try (InputStream in = space.read(document)) {
            ChecksumVerifier.Verification read = new ChecksumVerifier(content)
                    .verify(in, SweepPlan.content(userId, document), plan.documentBytes());
            return read.matches() ? Optional.empty() : Optional.of("INTEGRITY " + storeKey + ": other content ("
                    + read.actualSizeBytes() + " bytes, sha256 " + read.actualSha256Hex() + ")");
        } catch (BlobNotFoundException gone) {
            return Optional.of("LOST " + storeKey + ": gone");
        } catch (IOException | RuntimeException failed) {
            return Optional.of("INTEGRITY " + storeKey + ": does not open (" + failed + ")");
        }
    }

    private String sha256(String storeKey) {
        try (InputStream in = store.get(storeKey)) {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + storeKey + " failed", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
