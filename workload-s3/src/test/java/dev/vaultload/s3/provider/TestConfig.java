package dev.vaultload.s3.provider;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Configuration sources for tests: a map, and the servers the environment offers. */
final class TestConfig {

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

    /** The minio binary the MINIO provider would find, if any. */
    static Optional<String> minioBinary() {
        return MinioBinary.locate(new ProviderConfig(System::getenv)).map(Object::toString);
    }
}
