package dev.vaultload.faults;

import java.math.BigDecimal;
import java.util.SplittableRandom;

/**
 * A fault of an {@link HttpFaultStage}: an S3 error answered for a share of the requests, before they reach the
 * store or after it applied them. Which ones is a seeded choice drawn once per request the fault sees while
 * injected, in order, so the same calls meet the same errors in every run.
 */
public final class HttpFault extends SwitchedFault {
    private final S3ErrorReply reply;
    private final boolean afterUpstream;
    private final double share;
    private final SplittableRandom choices;
    private boolean active; // switched under the same lock as takes()
    private long faultedRequests;

    HttpFault(S3ErrorReply reply, boolean afterUpstream, double share, long seed) {
        super(reply.status() + " " + reply.code() + (afterUpstream ? " after the store applied " : " for ")
                + BigDecimal.valueOf(requireShare(share) * 100).stripTrailingZeros().toPlainString() + "% of requests");
        this.reply = reply;
        this.afterUpstream = afterUpstream;
        this.share = share;
        this.choices = new SplittableRandom(seed);
    }

    private static double requireShare(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("share must be in [0, 1], got " + share);
        }
        return share;
    }

    /** Requests this fault answered with its error so far. */
    public synchronized long faultedRequests() {
        return faultedRequests;
    }

    @Override
    void switchOn() {
        active = true;
    }

    @Override
    void switchOff() {
        active = false;
    }

    S3ErrorReply reply() {
        return reply;
    }

    boolean afterUpstream() {
        return afterUpstream;
    }

    /** Draws for one request: true if this fault answers it (and counts it). */
    synchronized boolean takes() {
        if (!active || !(choices.nextDouble() < share)) {
            return false;
        }
        faultedRequests++;
        return true;
    }
}
