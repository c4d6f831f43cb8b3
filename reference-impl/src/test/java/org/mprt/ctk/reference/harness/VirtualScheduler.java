package org.mprt.ctk.reference.harness;

import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import org.mprt.ctk.reference.attachment.Cancellable;
import org.mprt.ctk.reference.attachment.TimerService;

/** A minimal discrete-event loop in virtual nanoseconds; events at one time run in scheduling order. */
public final class VirtualScheduler implements TimerService {

    private static final class Event implements Cancellable, Comparable<Event> {
        final long atNs;
        final long sequence;
        final Runnable action;
        boolean cancelled;

        Event(final long atNs, final long sequence, final Runnable action) {
            this.atNs = atNs;
            this.sequence = sequence;
            this.action = action;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public int compareTo(final Event other) {
            final int byTime = Long.compare(atNs, other.atNs);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long nowNs;
    private long sequence;
    private long eventsRun;

    @Override
    public long nowNs() {
        return nowNs;
    }

    @Override
    public Cancellable schedule(final long atNs, final Runnable action) {
        final Event event = new Event(Math.max(atNs, nowNs), sequence++, action);
        queue.add(event);
        return event;
    }

    /** Runs every event up to and including {@code untilNs}; time ends at {@code untilNs}. */
    public void runUntil(final long untilNs) {
        while (!queue.isEmpty() && queue.peek().atNs <= untilNs) {
            runNext();
        }
        nowNs = Math.max(nowNs, untilNs);
    }

    public void runFor(final long durationNs) {
        runUntil(nowNs + durationNs);
    }

    /** Runs events until {@code done} holds (checked after each event) or {@code limitNs} is reached; returns done. */
    public boolean runUntil(final BooleanSupplier done, final long limitNs) {
        while (!done.getAsBoolean()) {
            if (queue.isEmpty() || queue.peek().atNs > limitNs) {
                nowNs = Math.max(nowNs, limitNs);
                return done.getAsBoolean();
            }
            runNext();
        }
        return true;
    }

    public long eventsRun() {
        return eventsRun;
    }

    private void runNext() {
        final Event event = queue.poll();
        if (event.cancelled) {
            return;
        }
        nowNs = event.atNs;
        eventsRun++;
        event.action.run();
    }
}
