package org.mprt.ctk.fabric.time;

/** Why a {@link Scheduler} run returned. */
public enum StopReason {
    /** Every event up to the time limit ran; the clock stands at the limit. */
    TIME_LIMIT,
    /** No event is left; the clock stands at the time of the last event. */
    IDLE,
    /** The stop predicate held, or an event asked to stop; the clock stands at that event's time. */
    STOPPED
}
