package dev.vaultload.outage;

import dev.vaultload.faults.RestartableMinio;
import dev.vaultload.storage.BlobOutputStream;
import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.ForwardingBlobStore;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Counts the store calls of a run and, at given counts, kills the server by pid and later starts it again:
 * an outage in the middle of a run, at the same point every time.
 */
final class ServerOutage extends ForwardingBlobStore {
    private final RestartableMinio server;
    private final int killAtCall;
    private final int restartAtCall;
    private final AtomicInteger calls = new AtomicInteger();

    ServerOutage(BlobStore delegate, RestartableMinio server, int killAtCall, int restartAtCall) {
        super(delegate);
        this.server = server;
        this.killAtCall = killAtCall;
        this.restartAtCall = restartAtCall;
    }

    private void beforeCall() {
        int call = calls.incrementAndGet();
        if (call == killAtCall) {
            server.kill();
        } else if (call == restartAtCall) {
            server.start();
        }
    }

    @Override
    public void put(String key, InputStream content, long lengthBytes) {
        beforeCall();
        super.put(key, content, lengthBytes);
    }

    @Override
    public BlobOutputStream openOutput(String key) {
        beforeCall();
        return super.openOutput(key);
    }

    @Override
    public InputStream get(String key) {
        beforeCall();
        return super.get(key);
    }

    @Override
    public Stream<String> list(String prefix) {
        beforeCall();
        return super.list(prefix);
    }

    @Override
    public boolean exists(String key) {
        beforeCall();
        return super.exists(key);
    }

    @Override
    public void delete(String key) {
        beforeCall();
        super.delete(key);
    }

    @Override
    public long deletePrefix(String prefix) {
        beforeCall();
        return super.deletePrefix(prefix);
    }
}
