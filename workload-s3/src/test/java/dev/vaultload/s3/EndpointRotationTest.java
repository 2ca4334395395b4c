package dev.vaultload.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Calls go to the endpoints in proportion to their weights, spread out rather than in runs. */
class EndpointRotationTest {
    private final List<S3Connection> connections = new ArrayList<>();

    @AfterEach
    void close() {
        connections.forEach(S3Connection::close);
    }

    @Test
    void weightsTwoAndOneAlternateRatherThanRepeat() {
        S3Connection a = connection(1);
        S3Connection b = connection(2);
        EndpointRotation rotation = EndpointRotation.weighted(List.of(a, b), List.of(2, 1));

        List<S3Connection> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            calls.add(rotation.next());
        }

        assertEquals(List.of(a, b, a, a, b, a), calls);
    }

    @Test
    void everyEndpointGetsItsShareOverWholeCycles() {
        List<S3Connection> endpoints = List.of(connection(1), connection(2), connection(3));
        EndpointRotation rotation = EndpointRotation.weighted(endpoints, List.of(5, 3, 1));

        Map<S3Connection, Long> calls = java.util.stream.Stream.generate(rotation::next).limit(9 * 100)
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));

        assertEquals(500, calls.get(endpoints.get(0)));
        assertEquals(300, calls.get(endpoints.get(1)));
        assertEquals(100, calls.get(endpoints.get(2)));
    }

    @Test
    void refusesAWeightBelowOneOrAMissingOne() {
        S3Connection a = connection(1);
        assertThrows(IllegalArgumentException.class, () -> EndpointRotation.weighted(List.of(a), List.of(0)));
        assertThrows(IllegalArgumentException.class, () -> EndpointRotation.weighted(List.of(a), List.of(1, 1)));
    }

    /** A client is built without contacting anything, so an endpoint nobody listens on is fine here. */
    private S3Connection connection(int port) {
        S3Connection connection = S3Connection.open(S3ClientSettings.of(URI.create("http://127.0.0.1:" + port),
                new S3Credentials("id", "not-a-secret")));
        connections.add(connection);
        return connection;
    }
}
