package dev.vaultload.s3.provider;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Configuration sources for tests: a map, and the servers the environment offers. */
public final class TestConfig {

    /** Small parts, pages and batches, so the contract exercises multipart, paging and batching quickly. */
    static final Map<String, String> SMALL_REQUESTS = Map.of(
            "S3_PART_SIZE_MIB", "5",
            "S3_LIST_PAGE_SIZE", "7",
            "S3_DELETE_BATCH_SIZE", "100");

    private TestConfig() {
    }

    @SafeVarargs
    static Function<String, String> of(Map<String, String>... layers) {
        Map<String, String> merged = new HashMap<>();
        for (Map<String, String> layer : layers) {
            merged.putAll(layer);
        }
        return merged::get;
    }

    /**
     * The running Ceph RGW's settings, under the names CEPH takes, from the environment's CEPH_AWS_URL,
     * CEPH_AWS_ACCESS_KEY, CEPH_AWS_SECRET_KEY and CEPH_AWS_BUCKET (scripts/start-ceph.sh's names with CEPH_ before
     * them); empty when CEPH_AWS_URL is not set.
     */
    public static Optional<Map<String, String>> cephFromEnvironment() {
        String url = System.getenv("CEPH_AWS_URL");
        if (url == null || url.isBlank()) {
            return Optional.empty();
        }
        Map<String, String> ceph = new HashMap<>();
        for (String name : new String[] {"AWS_URL", "AWS_ACCESS_KEY", "AWS_SECRET_KEY", "AWS_BUCKET"}) {
            String value = System.getenv("CEPH_" + name);
            if (value != null) {
                ceph.put(name, value);
            }
        }
        return Optional.of(ceph);
    }

    /** The minio binary the MINIO provider would find, if any. */
    static Optional<String> minioBinary() {
        return MinioBinary.locate(new ProviderConfig(System::getenv)).map(Object::toString);
    }
}
