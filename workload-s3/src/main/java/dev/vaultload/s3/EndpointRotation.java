package dev.vaultload.s3;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which endpoint serves the next store call, for a store reached through several endpoints of one cluster (RADOS
 * Gateways, MinIO nodes) with no load balancer in front: a weighted round robin whose cycle is laid out once, smoothly
 * (weights 2 and 1 give A B A, not A A B, as nginx's smooth weighted round robin does), and walked with one atomic
 * counter. Thread-safe.
 */
final class EndpointRotation {

    private final List<S3Connection> connections;
    private final S3Connection[] cycle;
    private final AtomicLong calls = new AtomicLong();

    private EndpointRotation(List<S3Connection> connections, S3Connection[] cycle) {
        this.connections = List.copyOf(connections);
        this.cycle = cycle;
    }

    static EndpointRotation single(S3Connection connection) {
        return new EndpointRotation(List.of(connection), new S3Connection[] {connection});
    }

    /** {@code weights.get(i)} shares of the calls to {@code connections.get(i)}; every weight >= 1. */
    static EndpointRotation weighted(List<S3Connection> connections, List<Integer> weights) {
        if (connections.isEmpty() || connections.size() != weights.size() || weights.stream().anyMatch(weight -> weight < 1)) {
            throw new IllegalArgumentException("one weight >= 1 per endpoint, got " + weights + " for " + connections.size());
        }
        int total = weights.stream().mapToInt(Integer::intValue).sum();
        int[] credit = new int[weights.size()];
        List<S3Connection> cycle = new ArrayList<>(total);
        for (int slot = 0; slot < total; slot++) {
            int chosen = 0;
            for (int i = 0; i < credit.length; i++) {
                credit[i] += weights.get(i);
                if (credit[i] > credit[chosen]) {
                    chosen = i;
                }
            }
            credit[chosen] -= total;
            cycle.add(connections.get(chosen));
        }
        return new EndpointRotation(connections, cycle.toArray(S3Connection[]::new));
    }

    S3Connection next() {
        // one endpoint, the usual case: no shared counter for every thread's every call to contend on
        return cycle.length == 1 ? cycle[0] : cycle[(int) Math.floorMod(calls.getAndIncrement(), (long) cycle.length)];
    }

    /** Every endpoint, once, in the configured order. */
    List<S3Connection> connections() {
        return connections;
    }
}
