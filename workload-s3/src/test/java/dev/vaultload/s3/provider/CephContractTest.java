package dev.vaultload.s3.provider;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import java.util.Optional;

/**
 * The contract on a running Ceph RGW, only when CEPH_AWS_URL is set (with CEPH_AWS_ACCESS_KEY, CEPH_AWS_SECRET_KEY and
 * optionally CEPH_AWS_BUCKET), as {@code scripts/start-ceph.sh} prints them with the CEPH_ prefix dropped.
 */
class CephContractTest extends S3BlobStoreContract {

    @Override
    S3StorageProvider startProvider() {
        Optional<Map<String, String>> ceph = TestConfig.cephFromEnvironment();
        assumeTrue(ceph.isPresent(), "CEPH_AWS_URL not set: start Ceph with scripts/start-ceph.sh and pass"
                + " its AWS_URL, AWS_ACCESS_KEY, AWS_SECRET_KEY as CEPH_AWS_URL, CEPH_AWS_ACCESS_KEY, CEPH_AWS_SECRET_KEY");
        return new CephProviderFactory().start(TestConfig.of(TestConfig.SMALL_REQUESTS, ceph.get()));
    }
}
