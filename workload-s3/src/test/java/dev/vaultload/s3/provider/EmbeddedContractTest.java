package dev.vaultload.s3.provider;

/** The contract on the zero-setup default: S3Proxy in this JVM with its filesystem store. */
class EmbeddedContractTest extends S3BlobStoreContract {

    @Override
    S3StorageProvider startProvider() {
        return new EmbeddedProviderFactory().start(TestConfig.of(TestConfig.SMALL_REQUESTS));
    }
}
