package dev.vaultload.s3ec;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vaultload.s3.provider.CephProviderFactory;
import dev.vaultload.s3.provider.EmbeddedProviderFactory;
import dev.vaultload.s3.provider.MinioProviderFactory;
import dev.vaultload.storage.StorageProvider;
import java.util.HashMap;
import java.util.Map;

/**
 * The S3 servers these engines' tests run on: the embedded one always; MinIO and Ceph RGW only when running
 * (scripts/start-minio.sh and scripts/start-ceph.sh print their settings; Ceph's are passed with a CEPH_ prefix).
 */
final class TestServers {
    private TestServers() {
    }

    /** S3Proxy in this JVM, objects on the heap. */
    static StorageProvider embedded() {
        return new EmbeddedProviderFactory().start(Map.of("EMBEDDED_S3_BACKEND", "transient")::get);
    }

    /** The MinIO at MINIO_URL (with AWS_ACCESS_KEY, AWS_SECRET_KEY, AWS_BUCKET, CA_PATH for https). */
    static StorageProvider minio() {
        return minio(Map.of());
    }

    /** As {@link #minio()}, with more of the provider's settings. */
    static StorageProvider minio(Map<String, String> more) {
        assumeTrue(System.getenv("MINIO_URL") != null, "MINIO_URL not set: eval \"$(scripts/start-minio.sh start)\" first");
        return new MinioProviderFactory().start(name -> more.getOrDefault(name, System.getenv(name)));
    }

    /** The Ceph RGW at CEPH_AWS_URL (with CEPH_AWS_ACCESS_KEY, CEPH_AWS_SECRET_KEY, CEPH_AWS_BUCKET). */
    static StorageProvider ceph() {
        return ceph(Map.of());
    }

    /** As {@link #ceph()}, with more of the provider's settings. */
    static StorageProvider ceph(Map<String, String> more) {
        assumeTrue(System.getenv("CEPH_AWS_URL") != null, "CEPH_AWS_URL not set: start Ceph with scripts/start-ceph.sh"
                + " and pass its AWS_* settings with a CEPH_ prefix");
        Map<String, String> ceph = new HashMap<>(more);
        for (String name : new String[] {"AWS_URL", "AWS_ACCESS_KEY", "AWS_SECRET_KEY", "AWS_BUCKET"}) {
            String value = System.getenv("CEPH_" + name);
            if (value != null) {
                ceph.put(name, value);
            }
        }
        return new CephProviderFactory().start(ceph::get);
    }
}
