package dev.vaultload.faults;

import dev.vaultload.kms.KmsSettings;
import dev.vaultload.kms.aws.AwsKmsClients;
import dev.vaultload.settings.SettingsRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.kms.KmsClient;

/**
 * The faults of the matrix, each put between the client and a store the way it happens: network faults by a
 * Toxiproxy proxy, S3 error answers by an {@link HttpFaultStage}, a crash by killing the server's process; the key
 * manager's faults between the engine and its KMS (a Toxiproxy proxy, the server restarted by its script, its key
 * disabled), the store left healthy: VAULTLOAD with {@code KMS_KEYS=DOCUMENT} in front of KES, S3EC's KMS keyring in
 * front of the AWS KMS API (local-kms); either makes a KMS call per WRITE, READ and SHARE.
 */
enum FaultKind {
    LATENCY(Layer.NETWORK, 50),
    BANDWIDTH(Layer.NETWORK, 300),
    RESET_PEER(Layer.NETWORK),
    BLACK_HOLE(Layer.NETWORK),
    /** Connections are pooled, so a delayed close may show nowhere: it must only break nothing. */
    SLOW_CLOSE(Layer.NETWORK),
    SLOW_DOWN_STORM(Layer.HTTP),
    INTERNAL_ERRORS(Layer.HTTP),
    INTERNAL_ERRORS_AFTER_APPLY(Layer.HTTP),
    SERVER_KILLED(Layer.PROCESS),
    KMS_LATENCY(Layer.KMS, 50),
    KMS_BLACK_HOLE(Layer.KMS),
    KMS_STOPPED(Layer.KMS),
    /** The KMS process itself stopped and started again on its keys (start-kes.sh, start-local-kms.sh down, up). */
    KMS_RESTARTED(Layer.KMS),
    /** The AWS KMS API's key disabled (DisableKey) and enabled again (EnableKey): every call on it refused meanwhile. */
    KMS_KEY_DISABLED(Layer.KMS);

    enum Layer { NETWORK, HTTP, PROCESS, KMS }

    /**
     * The endpoint the client uses, the fault to switch, and what to close after the cell.
     *
     * @param kms the key manager the engine calls, as settings over the environment's (KMS, KES_URL): a key manager's
     *            fault; empty when the engine calls none
     */
    record Placement(URI endpoint, Fault fault, AutoCloseable resources, Optional<Map<String, String>> kms) {
        Placement(URI endpoint, Fault fault, AutoCloseable resources) {
            this(endpoint, fault, resources, Optional.empty());
        }
    }

    final Layer layer;
    private final long visibleDelayMillis;

    FaultKind(Layer layer) {
        this(layer, Long.MAX_VALUE);
    }

    /** @param visibleDelayMillis an operation at least this slow shows the fault (a slow network fails nothing) */
    FaultKind(Layer layer, long visibleDelayMillis) {
        this.layer = layer;
        this.visibleDelayMillis = visibleDelayMillis;
    }

    long visibleDelayMillis() {
        return visibleDelayMillis;
    }

    /** Whether a cell must see an effect: failed calls, retries or slow calls. */
    boolean mustShow() {
        return this != SLOW_CLOSE;
    }

    /** The engines this fault's cells run: a key manager's fault both, VAULTLOAD at KES, S3EC at the AWS KMS API. */
    List<CellEngine> engines() {
        return layer == Layer.KMS ? List.of(CellEngine.VAULTLOAD, CellEngine.S3EC) : List.of(CellEngine.VAULTLOAD);
    }

    /**
     * This fault in front of {@code store} for {@code engine}; empty when it cannot happen there (no process to kill,
     * no KMS server for the engine).
     *
     * @param kms the key managers a key manager's fault can stand in front of: KES for VAULTLOAD, the AWS KMS API for
     *            S3EC (KMS_RESTARTED also needs the server to be the one its start script runs: {@link ScriptedKms})
     */
    Optional<Placement> place(StoreUnderTest store, ToxiproxyServer toxiproxy, String cellName, KmsServers kms,
                              CellEngine engine) {
        return switch (layer) {
            case NETWORK -> {
                ToxicProxy proxy = toxiproxy.proxy(cellName, store.endpoint());
                yield Optional.of(new Placement(proxy.endpoint(), toxic(proxy), () -> {
                }));
            }
            case HTTP -> {
                HttpFaultStage stage = HttpFaultStage.start(store.endpoint());
                yield Optional.of(new Placement(stage.endpoint(), httpFault(stage), stage));
            }
            case PROCESS -> store.serverKilled().map(killed -> new Placement(store.endpoint(), killed, () -> {
            }));
            case KMS -> this == KMS_KEY_DISABLED ? keyDisabled(store, kms)
                    : engine == CellEngine.S3EC
                    ? kms.awsKms().filter(server -> canHappenAt(ScriptedKms.LOCAL_KMS, server)).map(server -> {
                        ToxicProxy proxy = toxiproxy.proxy(cellName, server);
                        return new Placement(store.endpoint(), kmsFault(proxy, ScriptedKms.LOCAL_KMS), () -> {
                        }, Optional.of(Map.of(KmsSettings.KMS.name(), "AWS_KMS", KmsSettings.AWS_KMS_URL.name(),
                                proxy.endpoint().toString())));
                    })
                    : kms.kes().filter(server -> canHappenAt(ScriptedKms.KES, server)).map(server -> {
                        ToxicProxy proxy = toxiproxy.proxy(cellName, server);
                        return new Placement(store.endpoint(), kmsFault(proxy, ScriptedKms.KES), () -> {
                        }, Optional.of(Map.of(KmsSettings.KMS.name(), "KES", KmsSettings.KES_URL.name(),
                                proxy.tlsEndpoint().toString())));
                    });
        };
    }

    /** Whether this fault can happen at {@code server}: a restart only where its script runs it. */
    private boolean canHappenAt(ScriptedKms scripted, URI server) {
        return this != KMS_RESTARTED || scripted.runs(server);
    }

    /** @param server the KMS behind {@code proxy}: the fault's name, and what restarts it */
    private Fault kmsFault(ToxicProxy proxy, ScriptedKms server) {
        Fault fault = switch (this) {
            case KMS_LATENCY -> proxy.latency(Duration.ofMillis(100), Duration.ofMillis(50));
            case KMS_BLACK_HOLE -> proxy.blackHole();
            case KMS_STOPPED -> proxy.refused();
            case KMS_RESTARTED -> server.restarted();
            default -> throw new IllegalStateException(this + " is not a key manager's fault");
        };
        return SwitchedFault.of(server.name() + " " + fault.name(), fault::inject, fault::heal);
    }

    /** The AWS KMS API's key (AWS_KMS_KEY_ID) disabled and enabled by a client of its own; empty without that API. */
    private static Optional<Placement> keyDisabled(StoreUnderTest store, KmsServers kms) {
        if (kms.awsKms().isEmpty()) {
            return Optional.empty();
        }
        Function<String, String> settings = SettingsRegistry.system();
        KmsClient client = AwsKmsClients.open(settings, List.of());
        String keyId = KmsSettings.AWS_KMS_KEY_ID.find(settings).orElseThrow();
        Fault disabled = SwitchedFault.of("AWS KMS key disabled", () -> client.disableKey(request -> request.keyId(keyId)),
                () -> client.enableKey(request -> request.keyId(keyId)));
        return Optional.of(new Placement(store.endpoint(), disabled, client::close,
                Optional.of(Map.of(KmsSettings.KMS.name(), "AWS_KMS"))));
    }

    private Fault toxic(ToxicProxy proxy) {
        return switch (this) {
            case LATENCY -> proxy.latency(Duration.ofMillis(100), Duration.ofMillis(50));
            case BANDWIDTH -> proxy.bandwidth(256);
            case RESET_PEER -> proxy.resetPeer(Duration.ofMillis(5));
            case BLACK_HOLE -> proxy.blackHole();
            case SLOW_CLOSE -> proxy.slowClose(Duration.ofMillis(500));
            default -> throw new IllegalStateException(this + " is not a network fault");
        };
    }

    private Fault httpFault(HttpFaultStage stage) {
        return switch (this) {
            case SLOW_DOWN_STORM -> stage.slowDown(1.0);
            case INTERNAL_ERRORS -> stage.internalErrors(0.3);
            case INTERNAL_ERRORS_AFTER_APPLY -> stage.internalErrorsAfterApply(0.3);
            default -> throw new IllegalStateException(this + " is not an HTTP fault");
        };
    }
}
