package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * The radosgw of a single-node Ceph killed and started again as a {@link Fault}. Uses the cluster CEPH_BASE_DIR names
 * if one runs there, else starts one (a few seconds to 90 s) and stops it at the end; skipped without Ceph's binaries.
 */
class RestartableRgwTest {
    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(10);

    @Test
    void killedRgwFailsCallsAndHealRestartsItWithTheClusterData() {
        assumeTrue(RestartableRgw.installed(), "no Ceph binaries (ceph-mon, ceph-osd, radosgw, ceph): scripts/start-ceph.sh installs them");
        byte[] content = TestBucket.content(100 * 1024);
        try (RestartableRgw rgw = RestartableRgw.startOrJoin();
             TestBucket bucket = TestBucket.open(rgw.endpoint(), rgw.credentials(), rgw.bucket(), ATTEMPT_TIMEOUT);
             Fault killed = rgw.rgwKilled()) {
            bucket.put("fault-before-kill", content);
            killed.inject();
            assertThrows(SdkClientException.class, () -> bucket.sizeBytes("fault-before-kill"));
            killed.heal();
            assertArrayEquals(content, bucket.get("fault-before-kill"));
            bucket.put("fault-after-restart", content);
            assertArrayEquals(content, bucket.get("fault-after-restart"));
        }
    }
}
