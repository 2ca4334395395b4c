package dev.vaultload.vault;

import dev.vaultload.engine.CipherSuite;
import dev.vaultload.engine.Engine;
import dev.vaultload.engine.EngineContract;
import dev.vaultload.engine.EngineGuarantees;
import dev.vaultload.storage.BlobStore;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * VAULTLOAD passes the {@link EngineContract} with every cipher on EC_P256, and with every encrypting cipher on
 * RSA_2048 shares. What it guarantees depends on the cipher only: private paths are always AES-SIV encrypted and
 * inbox paths always plain (as Datasafe's); NONE stores content as it is, bound to no owner; CBC encrypts but
 * cannot detect tampering (the suite's checksum catches it); GCM and ChaCha20-Poly1305 detect it.
 */
@ParameterizedClass
@MethodSource("settings")
class VaultEngineContractTest extends EngineContract {

    private final VaultSettings settings;

    VaultEngineContractTest(CipherSuite cipher, KeyPairAlgorithm keyPair) {
        VaultSettings base = VaultTestSupport.settings(cipher);
        this.settings = new VaultSettings(cipher, keyPair, base.kdfIterations(), base.unlockedKeystoreCacheSize());
    }

    static Stream<Arguments> settings() {
        Stream<KeyPairAlgorithm> others = Stream.of(KeyPairAlgorithm.values()).filter(keyPair -> keyPair != KeyPairAlgorithm.EC_P256);
        return Stream.concat(
                Stream.of(CipherSuite.values()).map(cipher -> Arguments.of(cipher, KeyPairAlgorithm.EC_P256)),
                others.flatMap(keyPair -> Stream.of(CipherSuite.values()).filter(cipher -> cipher != CipherSuite.NONE)
                        .map(cipher -> Arguments.of(cipher, keyPair))));
    }

    @Override
    protected Engine openEngine(BlobStore store) {
        return new DatasafeStyleVault(store, settings);
    }

    @Override
    protected EngineGuarantees guarantees() {
        boolean encrypted = settings.cipher() != CipherSuite.NONE;
        boolean authenticated = settings.cipher() == CipherSuite.AES256_GCM
                || settings.cipher() == CipherSuite.CHACHA20_POLY1305;
        return new EngineGuarantees(encrypted, true, false, authenticated, encrypted);
    }
}
