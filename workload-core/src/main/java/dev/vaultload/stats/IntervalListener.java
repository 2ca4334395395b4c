package dev.vaultload.stats;

/** Receives each period's measurements, on the reporter's thread, never on a worker thread. */
public interface IntervalListener {
    void onInterval(Interval interval);
}
