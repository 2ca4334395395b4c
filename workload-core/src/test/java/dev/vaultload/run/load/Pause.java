package dev.vaultload.run.load;

/** What slow test stores do to be slow. */
public final class Pause {
    private Pause() {
    }

    /** Sleeps without letting an interrupt pass unnoticed. */
    public static void millis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
