package org.mprt.ctk.fabric.time;

import java.util.function.LongSupplier;

/**
 * Ends a {@link Scheduler} run that goes on without end in wall-clock time: an endpoint that keeps
 * scheduling events at the same virtual time (a timer re-armed with no delay) never lets virtual time
 * reach the run's limit, so the run would never return. The guard reads the wall clock once every
 * {@link #EVENTS_PER_CHECK} events, so that a run that ends costs it next to nothing, and a run that
 * does not fails with {@link RunawayRunException} once it has taken longer than its budget.
 *
 * <p>The wall clock decides only whether a run is given up, never what it does: a run within its
 * budget dispatches the same events in the same order with or without the guard.
 */
public final class RunawayGuard {

    /** Events between two readings of the wall clock. */
    static final int EVENTS_PER_CHECK = 4096;

    private final long budgetNs;
    private final LongSupplier wallClockNs;
    private long startedNs;
    private long eventsAtStart;
    private int untilCheck;

    /**
     * @param budgetNs    the wall-clock time one run may take, in nanoseconds
     * @param wallClockNs the wall clock, such as {@code System::nanoTime}
     */
    public RunawayGuard(final long budgetNs, final LongSupplier wallClockNs) {
        if (budgetNs <= 0) {
            throw new IllegalArgumentException("the wall-clock budget of a run must be positive: " + budgetNs + " ns");
        }
        this.budgetNs = budgetNs;
        this.wallClockNs = wallClockNs;
    }

    /** A guard on the JVM's wall clock. */
    public static RunawayGuard ofWallClock(final long budgetNs) {
        return new RunawayGuard(budgetNs, System::nanoTime);
    }

    public long budgetNs() {
        return budgetNs;
    }

    /** Called when a run begins. */
    void started(final Scheduler scheduler) {
        startedNs = wallClockNs.getAsLong();
        eventsAtStart = scheduler.eventsDispatched();
        untilCheck = EVENTS_PER_CHECK;
    }

    /** Called after each event of a run that was asked to reach {@code limitNs}. */
    void dispatched(final Scheduler scheduler, final long limitNs) {
        if (--untilCheck > 0) {
            return;
        }
        untilCheck = EVENTS_PER_CHECK;
        final long spentNs = wallClockNs.getAsLong() - startedNs;
        if (spentNs > budgetNs) {
            throw new RunawayRunException(budgetNs, scheduler.eventsDispatched() - eventsAtStart, scheduler.now(), limitNs);
        }
    }
}
