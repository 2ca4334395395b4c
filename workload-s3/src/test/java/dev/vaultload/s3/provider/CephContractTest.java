package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.HashMap;
import java.util.Map;

/**
 * The contract on a running Ceph RGW, only when CEPH_AWS_URL is set (with CEPH_AWS_ACCESS_KEY, CEPH_AWS_SECRET_KEY and
 * optionally CEPH_AWS_BUCKET), as {@code scripts/start-ceph.sh} prints them with the CEPH_ prefix dropped.
 */
class CephContractTest extends S3BlobStoreContract {

    @Override
    S3StorageProvider startProvider() {
        String url = System.getenv("CEPH_AWS_URL");
        assumeTrue(url != null && !url.isBlank(), "CEPH_AWS_URL not set: start Ceph with scripts/start-ceph.sh and pass"
                + " its AWS_URL, AWS_ACCESS_KEY, AWS_SECRET_KEY as CEPH_AWS_URL, CEPH_AWS_ACCESS_KEY, CEPH_AWS_SECRET_KEY");
        Map<String, String> ceph = new HashMap<>();
        for (String name : new String[] {"AWS_URL", "AWS_ACCESS_KEY", "AWS_SECRET_KEY", "AWS_BUCKET"}) {
            String value = System.getenv("CEPH_" + name);
            if (value != null) {
                ceph.put(name, value);
            }
        }
        return new CephProviderFactory().start(TestConfig.of(TestConfig.SMALL_REQUESTS, ceph));
    }
}
