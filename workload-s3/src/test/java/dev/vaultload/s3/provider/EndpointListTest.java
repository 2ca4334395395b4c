package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vaultload.storage.BlobStore;
import dev.vaultload.storage.EndpointRequests;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One store through two endpoints of one server (the embedded server as 127.0.0.1 and as localhost, as two gateways
 * of one cluster would be): calls spread by weight, every endpoint's requests counted, the objects the same.
 */
class EndpointListTest {

    @Test
    void callsSpreadOverTheEndpointsByWeightAndEachIsCounted() throws IOException {
        try (S3StorageProvider server = new EmbeddedProviderFactory().start(Map.<String, String>of()::get)) {
            Map<String, String> access = server.directAccess();
            URI endpoint = URI.create(access.get(S3Settings.AWS_URL.name()));
            String second = "http://localhost:" + endpoint.getPort();
            Map<String, String> config = new HashMap<>(access);
            config.put(S3Settings.AWS_URL.name(), endpoint + "*3," + second);
            try (S3StorageProvider provider = new CephProviderFactory().start(config::get)) {
                BlobStore store = provider.openBucket(provider.defaultBucket()); // a HeadBucket on every endpoint
                List<EndpointRequests> before = provider.requestsByEndpoint();
                byte[] content = "one object, every endpoint".getBytes(StandardCharsets.UTF_8);
                store.put("endpoints/doc", new ByteArrayInputStream(content), content.length);
                for (int i = 0; i < 399; i++) {
                    try (InputStream read = store.get("endpoints/doc")) {
                        assertArrayEquals(content, read.readAllBytes());
                    }
                }

                List<EndpointRequests> during = provider.requestsByEndpoint();
                assertEquals(List.of(endpoint.toString(), second), during.stream().map(EndpointRequests::endpoint).toList());
                assertEquals(List.of(3, 1), during.stream().map(EndpointRequests::weight).toList());
                EndpointRequests first = during.get(0).since(before.get(0));
                EndpointRequests other = during.get(1).since(before.get(1));
                assertEquals(300, first.requests(), "three of every four calls");
                assertEquals(100, other.requests());
                assertEquals(0, first.failedRequests() + other.failedRequests());
                assertEquals(100, other.latencyMicros().getTotalCount());
                assertTrue(store.describe().contains(endpoint + "," + second), store.describe());
            }
        }
    }
}
