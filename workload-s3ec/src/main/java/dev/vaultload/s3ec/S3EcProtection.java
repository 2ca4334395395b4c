package dev.vaultload.s3ec;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.EngineDescription;
import dev.vaultload.engine.EngineException;
import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import java.io.InputStream;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.encryption.s3.S3EncryptionClient;
import software.amazon.encryption.s3.materials.AesKeyring;
import software.amazon.encryption.s3.materials.CryptographicMaterialsManager;
import software.amazon.encryption.s3.materials.Keyring;
import software.amazon.encryption.s3.materials.PartialRsaKeyPair;
import software.amazon.encryption.s3.materials.RsaKeyring;

/**
 * S3EC: AWS's Amazon S3 Encryption Client (4.x: key-committing AES-256-GCM per object, the data key wrapped by a
 * keyring and kept in the object's metadata). Each user's keys ({@link UserKeys}) are made at CREATE_USER and
 * kept in {@code users/ID/keystore} sealed by the password ({@link PasswordSeal}); with a raw keyring the RSA public
 * key is published in {@code users/ID/pubkey}. A SHARE encrypts the plaintext once per recipient (S3EC wraps a data
 * key for one keyring only): with a raw keyring under that recipient's public key, which the recipient's private key
 * opens; with the KMS keyring ({@link S3EcKms}) under a data key of its own from the KMS, so one GenerateDataKey per
 * recipient. With the KMS keyring every object's key is its encryption context, so a document moved elsewhere does
 * not open. Documents from the multipart threshold on go through the client's multipart upload.
 */
final class S3EcProtection implements DocumentProtection {
    private static final String OBJECT_CONTEXT = "vaultload-object";

    private final BucketObjects objects;
    private final S3Client wrapped;
    private final S3AsyncClient wrappedAsync;
    private final S3EcKeyring keyring;
    private final int kdfIterations;
    /** With the KMS keyring, the one pair of clients every user writes, shares and reads through; else null. */
    private final Clients kms;
    private final Map<String, Unlocked> unlocked = new ConcurrentHashMap<>();
    private final Map<String, Clients> recipients = new ConcurrentHashMap<>();

    /** @param kmsMaterials S3EC's materials manager over the KMS keyring with S3EC_KEYRING=KMS, else null */
    S3EcProtection(BucketObjects objects, S3AsyncClient wrappedAsync, S3EcKeyring keyring, int kdfIterations,
                   CryptographicMaterialsManager kmsMaterials) {
        this.objects = objects;
        this.wrapped = objects.client();
        this.wrappedAsync = wrappedAsync;
        this.keyring = keyring;
        this.kdfIterations = kdfIterations;
        this.kms = kmsMaterials == null ? null : clients(builder -> builder.cryptoMaterialsManager(kmsMaterials));
    }

    /** One keyring's clients: S3EC's multipart put is all-or-nothing per client, so one client per way of putting. */
    private record Clients(S3EncryptionClient single, S3EncryptionClient multipart) {
    }

    /** A user's keys opened by one password, and the clients over them. */
    private record Unlocked(Password password, Clients privateDocuments, Clients inbox) {
    }

    @Override
    public void createUser(UserCredentials user) {
        UserKeys keys = UserKeys.generate(keyring);
        objects.put(keystore(user.userId()), PasswordSeal.seal(user.password(), kdfIterations, keys.encoded()));
        if (keys.rsa() != null) {
            objects.put(publicKey(user.userId()), keys.rsa().getPublic().getEncoded());
        }
        unlocked.put(user.userId(), unlockedWith(user.password(), keys));
    }

    @Override
    public void unlock(UserCredentials user) {
        Unlocked cached = unlocked.get(user.userId());
        if (cached == null || !cached.password().equals(user.password())) {
            unlocked.compute(user.userId(), (id, current) -> current != null && current.password().equals(user.password())
                    ? current : open(user));
        }
    }

    private Unlocked open(UserCredentials user) {
        String key = keystore(user.userId());
        return unlockedWith(user.password(), UserKeys.decode(PasswordSeal.open(user.password(), sealed(user.userId()), key), key));
    }

    private byte[] sealed(String userId) {
        return objects.get(keystore(userId)).orElseThrow(() -> new EngineException(EngineException.Reason.UNKNOWN_USER,
                "no keystore of user " + userId));
    }

    /**
     * Re-seals the keystore under the next password, in one PUT; the keys in it stay, so no document or share
     * changes (as VAULTLOAD's rotation: the wrapping keys are bound to nothing the password is). The old password
     * then opens no keystore, hence no document. S3EC's own {@code reEncryptInstructionFile} is not used: it
     * re-wraps one object's data key in an instruction file, and these objects keep their wrapped key in their
     * metadata; a move to new wrapping keys would re-write every document of the user instead.
     */
    @Override
    public void rotateKey(UserCredentials user, Password next) {
        String key = keystore(user.userId());
        byte[] material = PasswordSeal.open(user.password(), sealed(user.userId()), key);
        try {
            objects.put(key, PasswordSeal.seal(next, kdfIterations, material));
        } finally {
            Arrays.fill(material, (byte) 0);
        }
        unlocked.computeIfPresent(user.userId(), (id, keys) -> new Unlocked(next, keys.privateDocuments(), keys.inbox()));
    }

    /** A read and re-write through the client: a new data key and nonce, wrapped as any write's. */
    @Override
    public void reencrypt(UserCredentials owner, String key, Runnable rewrite) {
        rewrite.run();
    }

    @Override
    public boolean storesCiphertext() {
        return true;
    }

    private Unlocked unlockedWith(Password password, UserKeys keys) {
        if (kms != null) {
            return new Unlocked(password, kms, kms);
        }
        Clients inbox = clients(rsaKeyring(new PartialRsaKeyPair(keys.rsa())));
        Clients privateDocuments = keys.keyring() == S3EcKeyring.AES
                ? clients(AesKeyring.builder().wrappingKey(keys.aesKey()).build()) : inbox;
        return new Unlocked(password, privateDocuments, inbox);
    }

    @Override
    public void forget(String userId) {
        unlocked.remove(userId);
        recipients.remove(userId);
    }

    @Override
    public void write(UserCredentials owner, String key, Spool document) {
        put(unlocked.get(owner.userId()).privateDocuments(), key, document);
    }

    @Override
    public void share(UserCredentials sender, List<String> recipientIds, List<String> inboxKeys, Spool document) {
        for (int i = 0; i < recipientIds.size(); i++) {
            put(recipientClients(recipientIds.get(i)), inboxKeys.get(i), document);
        }
    }

    @Override
    public InputStream read(UserCredentials reader, String key, boolean inbox) {
        Unlocked keys = unlocked.get(reader.userId());
        S3EncryptionClient client = (inbox ? keys.inbox() : keys.privateDocuments()).single();
        CallerKmsCalls kmsCalls = new CallerKmsCalls();
        try {
            ResponseInputStream<GetObjectResponse> response = client.getObject(request -> request.bucket(objects.bucket())
                    .key(key).overrideConfiguration(configuration -> {
                        encryptionContext(key).accept(configuration);
                        configuration.putExecutionAttribute(CallerKmsCalls.ATTRIBUTE, kmsCalls);
                    }));
            FetchedBytes.record(response.response()); // the ciphertext, which S3EC buffers whole
            return new TranslatingInputStream(response,
                    failure -> S3EcFailures.onRead(objects, key, failure, kmsCalls.lastCallFailure()));
        } catch (RuntimeException e) {
            throw S3EcFailures.onRead(objects, key, e, kmsCalls.lastCallFailure());
        } finally {
            kmsCalls.creditCaller(); // the data key is unwrapped (or refused) before getObject returns
        }
    }

    @Override
    public EngineDescription description() {
        return switch (keyring) {
            case AES -> new EngineDescription(S3EcEngineFactory.NAME, CipherSuite.AES256_GCM,
                    "AES_256 keyring, RSA_2048 shares", kdfIterations);
            case RSA -> new EngineDescription(S3EcEngineFactory.NAME, CipherSuite.AES256_GCM, "RSA_2048 keyring",
                    kdfIterations);
            case KMS -> new EngineDescription(S3EcEngineFactory.NAME, CipherSuite.AES256_GCM, "KMS keyring",
                    kdfIterations, S3EcKms.KEY_MANAGER);
        };
    }

    /** One PUT below the multipart threshold; from it on a multipart upload whose parts go on this put's own threads. */
    private void put(Clients clients, String key, Spool document) {
        if (!document.large()) {
            put(clients.single(), key, document, encryptionContext(key));
            return;
        }
        try (PartUploads parts = new PartUploads()) {
            put(clients.multipart(), key, document, parts.configuring(encryptionContext(key)));
        }
    }

    private void put(S3EncryptionClient client, String key, Spool document,
                     Consumer<AwsRequestOverrideConfiguration.Builder> configuration) {
        try {
            // the multipart put refuses a content length on its request; the body knows it
            client.putObject(PutObjectRequest.builder().bucket(objects.bucket()).key(key)
                    .overrideConfiguration(configuration).build(), document.body());
        } catch (RuntimeException e) {
            throw S3EcFailures.onWrite(objects, key, e);
        }
    }

    /** The recipient's public key, published at CREATE_USER: enough to encrypt for them, not to read. */
    private Clients recipientClients(String recipientId) {
        if (kms != null) {
            return kms;
        }
        return recipients.computeIfAbsent(recipientId, id -> {
            String key = publicKey(id);
            byte[] x509 = objects.get(key).orElseThrow(() -> new EngineException(EngineException.Reason.UNKNOWN_USER,
                    "no public key of user " + id));
            PublicKey publicKey = UserKeys.publicKey(x509, key);
            return clients(rsaKeyring(new PartialRsaKeyPair(null, publicKey)));
        });
    }

    private static Keyring rsaKeyring(PartialRsaKeyPair keyPair) {
        return RsaKeyring.builder().wrappingKeyPair(keyPair).build();
    }

    private Clients clients(Keyring keyring) {
        return clients(builder -> builder.keyring(keyring));
    }

    /** @param keys sets the keyring or materials manager on a client's builder */
    private Clients clients(UnaryOperator<S3EncryptionClient.Builder> keys) {
        return new Clients(client(keys, false), client(keys, true));
    }

    private S3EncryptionClient client(UnaryOperator<S3EncryptionClient.Builder> keys, boolean multipart) {
        return keys.apply(S3EncryptionClient.builderV4()).wrappedClient(wrapped).wrappedAsyncClient(wrappedAsync)
                .enableMultipartPutObject(multipart).build();
    }

    /**
     * With the KMS keyring, the object's key as encryption context, which the KMS binds to the data key and S3EC
     * compares on reading; the raw keyrings take none.
     */
    private Consumer<AwsRequestOverrideConfiguration.Builder> encryptionContext(String key) {
        return kms == null ? configuration -> { } : S3EncryptionClient.withAdditionalConfiguration(Map.of(OBJECT_CONTEXT, key));
    }

    private static String keystore(String userId) {
        return ObjectLayout.root(userId) + "keystore";
    }

    private static String publicKey(String userId) {
        return ObjectLayout.root(userId) + "pubkey";
    }
}
