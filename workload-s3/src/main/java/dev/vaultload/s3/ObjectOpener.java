package dev.vaultload.s3;

import java.io.InputStream;

/**
 * How a store opens an object for reading: {@link DirectGetObject} on an explicit endpoint, the SDK's GetObject on
 * AWS (where the SDK resolves the endpoint: regions, FIPS, dual-stack, access points). Failures are the SDK's
 * exceptions, for {@link S3ErrorTranslator}.
 */
@FunctionalInterface
interface ObjectOpener {
    /** @param range an HTTP Range header's value ({@code bytes=first-last}); null for the whole object */
    InputStream open(String bucket, String key, String range);
}
