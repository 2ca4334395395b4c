package dev.vaultload.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MultiBucketBlobStoreTest extends BlobStoreContract {

    private final List<InMemoryBlobStore> buckets =
            IntStream.range(0, 3).mapToObj(i -> new InMemoryBlobStore("b" + i)).toList();

    @Override
    protected BlobStore openStore() {
        return new MultiBucketBlobStore(buckets);
    }

    @Test
    void allKeysOfAUserLandInTheBucketOfItsId() {
        MultiBucketBlobStore multi = (MultiBucketBlobStore) store;
        Set<Integer> used = new HashSet<>();
        for (int user = 0; user < 30; user++) {
            String id = "user-" + user;
            put(id + "/keystore", utf8("k"));
            put(id + "/private/x/y", utf8("d"));
            int index = multi.bucketIndexOf(id);
            used.add(index);
            for (int b = 0; b < buckets.size(); b++) {
                assertEquals(b == index, buckets.get(b).exists(id + "/private/x/y"), id);
                assertEquals(b == index, buckets.get(b).exists(id + "/keystore"), id);
            }
        }
        assertEquals(Set.of(0, 1, 2), used, "30 users should spread over all 3 buckets");
    }

    @Test
    void copyReachesAUserInAnotherBucket() throws IOException {
        MultiBucketBlobStore multi = (MultiBucketBlobStore) store;
        String sender = "user-0";
        String recipient = IntStream.range(1, 30).mapToObj(i -> "user-" + i)
                .filter(id -> multi.bucketIndexOf(id) != multi.bucketIndexOf(sender)).findFirst().orElseThrow();
        put(sender + "/inbox/doc", utf8("shared"));
        store.copy(sender + "/inbox/doc", recipient + "/inbox/doc");
        assertArrayEquals(utf8("shared"), read(recipient + "/inbox/doc"));
        assertTrue(buckets.get(multi.bucketIndexOf(recipient)).exists(recipient + "/inbox/doc"));
    }

    @Test
    void bucketIndexIsPinned() {
        // CRC32C of the id modulo the bucket count: a changed hash would strand existing users' data
        MultiBucketBlobStore multi = (MultiBucketBlobStore) store;
        assertEquals(List.of(1, 0, 1), List.of(multi.bucketIndexOf("alice"), multi.bucketIndexOf("bob"),
                multi.bucketIndexOf("user-7")));
        assertTrue(multi.describe().startsWith("MULTI[3] MEMORY b0"));
        assertFalse(multi.exists("alice/none"));
    }
}
