package dev.vaultload.s3;

import java.util.Iterator;
import java.util.function.Supplier;

import software.amazon.awssdk.core.exception.SdkException;

/** The keys of a paginated listing, with the SDK's failures (which surface while iterating) translated. */
final class ListedKeys implements Iterator<String> {

    private final Supplier<Iterator<String>> listing;
    private final String bucket;
    private final String prefix;
    private final S3ErrorTranslator errors;
    private Iterator<String> keys;

    /** @param listing opened on the first {@link #hasNext()}, so building a stream sends nothing */
    ListedKeys(Supplier<Iterator<String>> listing, String bucket, String prefix, S3ErrorTranslator errors) {
        this.listing = listing;
        this.bucket = bucket;
        this.prefix = prefix;
        this.errors = errors;
    }

    @Override
    public boolean hasNext() {
        try {
            if (keys == null) {
                keys = listing.get();
            }
            return keys.hasNext();
        } catch (SdkException e) {
            throw errors.translate(e, "ListObjectsV2", bucket, prefix);
        }
    }

    @Override
    public String next() {
        hasNext();
        return keys.next();
    }
}
