package org.mprt.ctk.fabric.time;

/**
 * A handle on one scheduled action, and the reusable event of a component.
 *
 * <p>A component creates its timer once with {@link Scheduler#timer(Runnable)} and re-arms it for
 * every frame, so the event loop allocates nothing per event. Arming a timer that is already
 * pending moves it: it then runs once, at the new time, ordered as a new insertion.
 */
public final class Timer {

    static final int NOT_PENDING = -1;

    private final Scheduler scheduler;
    private final Runnable action;
    long timeNs;
    int heapIndex = NOT_PENDING;

    Timer(final Scheduler scheduler, final Runnable action) {
        this.scheduler = scheduler;
        this.action = action;
    }

    /** Runs the action at the absolute virtual time {@code timeNs}, not before the current time. */
    public Timer at(final long timeNs) {
        scheduler.arm(this, timeNs);
        return this;
    }

    /** Runs the action {@code delayNs} (at least 0) after the current time. */
    public Timer after(final long delayNs) {
        if (delayNs < 0) {
            throw new IllegalArgumentException("delayNs " + delayNs + " is negative");
        }
        scheduler.arm(this, scheduler.now() + delayNs);
        return this;
    }

    /** Removes the pending action; returns false when it was not pending (already run or cancelled). */
    public boolean cancel() {
        return scheduler.disarm(this);
    }

    public boolean isPending() {
        return heapIndex != NOT_PENDING;
    }

    /** The time the action runs (or last ran, or would have run when cancelled). */
    public long timeNs() {
        return timeNs;
    }

    void fire() {
        action.run();
    }
}
