package dev.vaultload.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the successful READs of a byte range cost, per byte they returned: the bytes fetched from the store (through
 * the harness's store, or an engine's own clients where it counts them) and the bytes the engine decrypted in the
 * client. A whole-document read of a large document for a small range shows as a large ratio.
 *
 * @param count                         successful ranged READs
 * @param returnedBytesPerRead          bytes of the range returned, per read
 * @param fetchedBytesPerReturnedByte   bytes fetched per byte returned; null when the fetches were not seen (an engine
 *                                      with clients of its own that does not count them) or nothing was returned
 * @param decryptedBytesPerReturnedByte bytes decrypted in the client per byte returned (0 with server-side
 *                                      encryption, where the server decrypts); null when nothing was returned
 */
public record RangedReadStatistics(
        long count,
        double returnedBytesPerRead,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double fetchedBytesPerReturnedByte,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double decryptedBytesPerReturnedByte) {
}
