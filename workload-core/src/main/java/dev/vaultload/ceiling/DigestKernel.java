package dev.vaultload.ceiling;

import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.util.Random;

/** SHA-256 of a whole buffer on the JDK's SUN provider (SunJCE has no digests), as a read is verified. */
final class DigestKernel implements CryptoKernel {
    private static final String PROVIDER = "SUN";

    private final MessageDigest digest;
    private final byte[] input;
    private final byte[] output = new byte[32];

    DigestKernel(int contentBytes) {
        this.input = new byte[contentBytes];
        new Random(contentBytes).nextBytes(input);
        try {
            this.digest = MessageDigest.getInstance("SHA-256", PROVIDER);
        } catch (NoSuchAlgorithmException | NoSuchProviderException e) {
            throw new IllegalStateException("this JDK's " + PROVIDER + " provider has no SHA-256", e);
        }
    }

    @Override
    public int contentBytes() {
        return input.length;
    }

    @Override
    public byte process() {
        digest.update(input);
        try {
            digest.digest(output, 0, output.length);
        } catch (DigestException e) {
            throw new IllegalStateException("SHA-256 into a 32-byte buffer", e);
        }
        return output[0];
    }
}
