package org.mprt.ctk.dut.live;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How long this host kept the kit's process from running while a transfer was judged in real time: a
 * thread of its own asks to wake every {@link #INTERVAL_NS} and keeps the longest it overslept. A busy or
 * throttled host, or a collection that stops the JVM, holds the kit's nodes back as long, and may hold a
 * device under test back too: its capture then shows the host's stall as the device's lateness, which
 * the JUDGING_TOLERANCE is there to forgive.
 */
final class StallWatch implements AutoCloseable {

    /** How often the thread asks to wake: Linux wakes a parked thread within its 50 µs timer slack. */
    static final long INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Thread thread;
    private volatile boolean stopping;
    private volatile long longestNs;
    private long lastWakeNs;

    private StallWatch(final long startNs) {
        lastWakeNs = startNs;
        thread = new Thread(this::watch, "stall watch");
        thread.setDaemon(true);
    }

    /** Starts watching. */
    static StallWatch start() {
        final StallWatch watch = new StallWatch(System.nanoTime());
        watch.thread.start();
        return watch;
    }

    /** A watch fed its wake-ups by hand, from {@code startNs}: what {@link #woke} makes of them, without a thread. */
    static StallWatch fedFrom(final long startNs) {
        return new StallWatch(startNs);
    }

    /** Takes in a wake-up at {@code nowNs}: the time past {@link #INTERVAL_NS} since the last one was a stall. */
    void woke(final long nowNs) {
        final long stalledNs = nowNs - lastWakeNs - INTERVAL_NS;
        if (stalledNs > longestNs) {
            longestNs = stalledNs;
        }
        lastWakeNs = nowNs;
    }

    /** The longest stall so far, in nanoseconds. */
    long longestNs() {
        return longestNs;
    }

    /** Stops watching; {@link #longestNs} then stays as it was. */
    @Override
    public void close() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(1));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void watch() {
        while (!stopping) {
            LockSupport.parkNanos(this, INTERVAL_NS);
            if (!stopping) {
                woke(System.nanoTime());
            }
        }
    }
}
