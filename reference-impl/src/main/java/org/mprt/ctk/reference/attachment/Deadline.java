package org.mprt.ctk.reference.attachment;

/**
 * A re-armable one-shot timer over a {@link TimerService}: at most one pending expiry, which
 * re-arming replaces. Every protocol timer of the endpoints (retransmission, ACK coalescing,
 * probing, pacing) is one of these, so none can fire twice or fire after it was withdrawn.
 */
public final class Deadline {

    /** {@link #atNs()} of a timer that is not armed. */
    public static final long NOT_ARMED = Long.MIN_VALUE;

    private final TimerService timers;
    private final Runnable action;
    private final Runnable fire = this::fire;
    private Cancellable pending;
    private long atNs = NOT_ARMED;

    public Deadline(final TimerService timers, final Runnable action) {
        this.timers = timers;
        this.action = action;
    }

    /** Arms the timer for {@code atNs}, replacing any earlier arming. */
    public void armAt(final long whenNs) {
        if (pending != null && atNs == whenNs) {
            return;
        }
        cancel();
        atNs = whenNs;
        pending = timers.schedule(whenNs, fire);
    }

    /** Arms the timer for {@code atNs} unless it is already armed for that time or earlier. */
    public void armNoLaterThan(final long whenNs) {
        if (pending == null || whenNs < atNs) {
            armAt(whenNs);
        }
    }

    public void cancel() {
        if (pending != null) {
            pending.cancel();
            pending = null;
        }
        atNs = NOT_ARMED;
    }

    public boolean isArmed() {
        return pending != null;
    }

    /** When the timer fires, or {@link #NOT_ARMED}. */
    public long atNs() {
        return atNs;
    }

    private void fire() {
        pending = null;
        atNs = NOT_ARMED;
        action.run();
    }
}
