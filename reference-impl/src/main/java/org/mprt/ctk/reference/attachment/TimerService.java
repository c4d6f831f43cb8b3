package org.mprt.ctk.reference.attachment;

/**
 * The only clock and the only way to wait that an endpoint has. Endpoints run single-threaded in
 * virtual time: the attachment (the kit's fabric, or a test harness) owns time and calls back into
 * the endpoint, never concurrently and never re-entrantly.
 */
public interface TimerService {

    /** Current virtual time in nanoseconds. */
    long nowNs();

    /**
     * Runs {@code action} at {@code atNs} (at once, after the current event, if that time has
     * passed). Actions due at the same time run in the order they were scheduled.
     */
    Cancellable schedule(long atNs, Runnable action);
}
