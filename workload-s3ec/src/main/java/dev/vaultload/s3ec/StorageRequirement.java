package dev.vaultload.s3ec;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The engines of this module write with S3 clients of their own: the stores without an S3 endpoint are refused before the run. */
final class StorageRequirement {
    private static final List<String> WITHOUT_S3 = List.of("MEMORY", "FILESYSTEM");

    private StorageRequirement() {
    }

    /** The providers named in STORAGE_PROVIDERS (EMBEDDED when unset), upper case. */
    static List<String> providers(Function<String, String> settings) {
        String value = settings.apply("STORAGE_PROVIDERS");
        return Arrays.stream((value == null ? "EMBEDDED" : value).split(","))
                .map(name -> name.trim().toUpperCase(Locale.ROOT)).filter(name -> !name.isEmpty()).toList();
    }

    static void requireS3(String engine, Function<String, String> settings) {
        for (String provider : providers(settings)) {
            if (WITHOUT_S3.contains(provider)) {
                throw new IllegalArgumentException("Invalid STORAGE_PROVIDERS='" + provider + "' for ENGINES=" + engine
                        + ": expected an S3 provider (EMBEDDED, MINIO, CEPH, AMAZON): " + engine
                        + " writes through an S3 client of its own");
            }
        }
    }
}
