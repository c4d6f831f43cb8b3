package org.mprt.ctk.fabric.time;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * The event loop of one fabric run: virtual time in integer nanoseconds and one queue of events
 * ordered by (time, insertion sequence), so that events at the same time run in the order they
 * were scheduled and a seed reproduces a capture byte for byte (STYLE.md section 6, rule 7).
 *
 * <p>Injected into every component; there is no global event list. Single-threaded: events run
 * on the caller of a {@code run} method, one at a time, and may schedule further events.
 *
 * <p>The queue is a 4-ary heap of {@link Timer}s. Each timer knows its heap slot, so cancelling
 * and re-arming cost O(log n) and allocate nothing.
 */
public final class Scheduler implements NanoClock {

    private static final int INITIAL_CAPACITY = 1024;

    private Timer[] timers = new Timer[INITIAL_CAPACITY];
    private long[] times = new long[INITIAL_CAPACITY];
    private long[] sequences = new long[INITIAL_CAPACITY];
    private int size;
    private long nowNs;
    private long nextSequence;
    private long eventsDispatched;
    private BooleanSupplier stopPredicate;
    private boolean stopRequested;
    private RunawayGuard guard;

    /** Virtual time now, in nanoseconds since the start of the run. */
    public long now() {
        return nowNs;
    }

    @Override
    public long nanoTime() {
        return nowNs;
    }

    /** A timer that is not armed yet; components keep one and re-arm it per event. */
    public Timer timer(final Runnable action) {
        if (action == null) {
            throw new IllegalArgumentException("action is null");
        }
        return new Timer(this, action);
    }

    /** Runs {@code action} at the absolute virtual time {@code timeNs}; the handle cancels it. */
    public Timer at(final long timeNs, final Runnable action) {
        return timer(action).at(timeNs);
    }

    /** Runs {@code action} {@code delayNs} after now; the handle cancels it. */
    public Timer after(final long delayNs, final Runnable action) {
        return timer(action).after(delayNs);
    }

    /**
     * Checked after every event: when it holds, the current run returns {@link StopReason#STOPPED}.
     * Null removes it.
     */
    public void stopWhen(final BooleanSupplier predicate) {
        stopPredicate = predicate;
    }

    /**
     * Gives every later run a wall-clock budget: a run that takes longer fails with
     * {@link RunawayRunException} instead of running on without end. Null removes it.
     */
    public void guard(final RunawayGuard runawayGuard) {
        guard = runawayGuard;
    }

    /** Asks the current run to return after the event that is running. */
    public void requestStop() {
        stopRequested = true;
    }

    /**
     * Runs every event up to and including {@code endNs}, then sets the clock to {@code endNs}.
     */
    public StopReason runUntil(final long endNs) {
        checkNotPast(endNs, "runUntil");
        started();
        while (size > 0 && times[0] <= endNs) {
            if (dispatchAndCheckStop(endNs)) {
                return StopReason.STOPPED;
            }
        }
        nowNs = endNs;
        return StopReason.TIME_LIMIT;
    }

    /**
     * As {@link #runUntil(long)}, returning {@link StopReason#STOPPED} after the first event after
     * which {@code stop} holds. The predicate holds for this run alone: the one set before is back
     * when it returns, and when an event throws.
     */
    public StopReason runUntil(final long endNs, final BooleanSupplier stop) {
        final BooleanSupplier before = stopPredicate;
        stopPredicate = stop;
        try {
            return runUntil(endNs);
        } finally {
            stopPredicate = before;
        }
    }

    /**
     * Runs events until none is left, or until the next one would be after {@code limitNs} (the
     * clock is then set to {@code limitNs}): a guard against a run that never goes quiet.
     */
    public StopReason runUntilIdle(final long limitNs) {
        checkNotPast(limitNs, "runUntilIdle");
        started();
        while (size > 0) {
            if (times[0] > limitNs) {
                nowNs = limitNs;
                return StopReason.TIME_LIMIT;
            }
            if (dispatchAndCheckStop(limitNs)) {
                return StopReason.STOPPED;
            }
        }
        return StopReason.IDLE;
    }

    /** Runs the next event, if any; returns false when the queue was empty. */
    public boolean step() {
        if (size == 0) {
            return false;
        }
        dispatch();
        return true;
    }

    /** Events run since the scheduler was created. */
    public long eventsDispatched() {
        return eventsDispatched;
    }

    /** Events waiting in the queue. */
    public int pendingEvents() {
        return size;
    }

    /** Time of the next event, or {@link Long#MAX_VALUE} when none is pending. */
    public long nextEventTimeNs() {
        return size == 0 ? Long.MAX_VALUE : times[0];
    }

    void arm(final Timer timer, final long timeNs) {
        if (timeNs < nowNs) {
            throw new IllegalArgumentException("cannot schedule at " + timeNs + " ns, before now (" + nowNs + " ns)");
        }
        if (timer.heapIndex != Timer.NOT_PENDING) {
            removeAt(timer.heapIndex);
        }
        timer.timeNs = timeNs;
        if (size == timers.length) {
            grow();
        }
        size++;
        siftUp(size - 1, timeNs, nextSequence++, timer);
    }

    boolean disarm(final Timer timer) {
        if (timer.heapIndex == Timer.NOT_PENDING) {
            return false;
        }
        removeAt(timer.heapIndex);
        return true;
    }

    private void started() {
        if (guard != null) {
            guard.started(this);
        }
    }

    private boolean dispatchAndCheckStop(final long limitNs) {
        dispatch();
        if (guard != null) {
            guard.dispatched(this, limitNs);
        }
        if (stopRequested) {
            stopRequested = false;
            return true;
        }
        return stopPredicate != null && stopPredicate.getAsBoolean();
    }

    private void dispatch() {
        final Timer next = timers[0];
        nowNs = times[0];
        removeAt(0);
        eventsDispatched++;
        next.fire();
    }

    private void checkNotPast(final long timeNs, final String method) {
        if (timeNs < nowNs) {
            throw new IllegalArgumentException(method + "(" + timeNs + " ns) is before now (" + nowNs + " ns)");
        }
    }

    private void removeAt(final int index) {
        timers[index].heapIndex = Timer.NOT_PENDING;
        size--;
        final Timer last = timers[size];
        final long lastTime = times[size];
        final long lastSequence = sequences[size];
        timers[size] = null;
        if (index == size) {
            return;
        }
        if (index > 0 && before(lastTime, lastSequence, (index - 1) >>> 2)) {
            siftUp(index, lastTime, lastSequence, last);
        } else {
            siftDown(index, lastTime, lastSequence, last);
        }
    }

    // A 4-ary heap over primitive key arrays: half the depth of a binary heap, and the keys compared
    // sit next to each other in memory instead of behind a pointer to each timer.
    private void siftUp(final int start, final long timeNs, final long sequence, final Timer timer) {
        int index = start;
        while (index > 0) {
            final int parent = (index - 1) >>> 2;
            if (!before(timeNs, sequence, parent)) {
                break;
            }
            move(parent, index);
            index = parent;
        }
        place(index, timeNs, sequence, timer);
    }

    private void siftDown(final int start, final long timeNs, final long sequence, final Timer timer) {
        int index = start;
        while (true) {
            final int first = 4 * index + 1;
            if (first >= size) {
                break;
            }
            int smallest = first;
            final int end = Math.min(first + 4, size);
            for (int child = first + 1; child < end; child++) {
                if (before(times[child], sequences[child], smallest)) {
                    smallest = child;
                }
            }
            if (!before(times[smallest], sequences[smallest], timeNs, sequence)) {
                break;
            }
            move(smallest, index);
            index = smallest;
        }
        place(index, timeNs, sequence, timer);
    }

    private void move(final int from, final int to) {
        place(to, times[from], sequences[from], timers[from]);
    }

    private void place(final int index, final long timeNs, final long sequence, final Timer timer) {
        times[index] = timeNs;
        sequences[index] = sequence;
        timers[index] = timer;
        timer.heapIndex = index;
    }

    private boolean before(final long timeNs, final long sequence, final int slot) {
        return before(timeNs, sequence, times[slot], sequences[slot]);
    }

    private static boolean before(final long aNs, final long aSequence, final long bNs, final long bSequence) {
        return aNs < bNs || aNs == bNs && aSequence < bSequence;
    }

    private void grow() {
        final int capacity = timers.length * 2;
        timers = Arrays.copyOf(timers, capacity);
        times = Arrays.copyOf(times, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
    }
}
