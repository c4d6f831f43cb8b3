package org.mprt.ctk.fabric.time;

/**
 * The one method an endpoint needs to read time. Endpoints take this interface, not the
 * {@link Scheduler}, wherever they only read the clock, so the same code can run on a wall clock
 * against a real device (STYLE.md section 1, rule 7).
 */
@FunctionalInterface
public interface NanoClock {

    /** The current time in nanoseconds; in the fabric, virtual time since the start of the run. */
    long nanoTime();
}
