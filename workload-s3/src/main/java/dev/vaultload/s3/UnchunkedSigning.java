package dev.vaultload.s3;

import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.core.SdkServiceClientConfiguration;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.services.s3.S3ServiceClientConfiguration;
import software.amazon.awssdk.services.s3.auth.scheme.S3AuthSchemeProvider;

/**
 * A request plugin that signs the body in one piece instead of as aws-chunked. Over plain http the SDK signs
 * PutObject bodies chunk by chunk; Ceph RGW 16.2 rejects such a body when it is empty (400
 * XAmzContentSHA256Mismatch, measured), so empty objects are sent with this. Only for bodies that can be read twice:
 * the signer hashes the body before sending it.
 */
final class UnchunkedSigning implements SdkPlugin {

    @Override
    public void configureClient(SdkServiceClientConfiguration.Builder config) {
        S3ServiceClientConfiguration.Builder s3 = (S3ServiceClientConfiguration.Builder) config;
        S3AuthSchemeProvider chunked = s3.authSchemeProvider();
        s3.authSchemeProvider(params -> chunked.resolveAuthScheme(params).stream()
                .map(option -> option.toBuilder().putSignerProperty(AwsV4FamilyHttpSigner.CHUNK_ENCODING_ENABLED, false).build())
                .toList());
    }
}
