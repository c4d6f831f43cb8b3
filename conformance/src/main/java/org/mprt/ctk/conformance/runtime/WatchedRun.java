package org.mprt.ctk.conformance.runtime;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs the fabric on a thread of its own while the scenario waits for it, at most a wall-clock
 * budget. The {@link org.mprt.ctk.fabric.time.RunawayGuard} ends a run whose events go on without
 * end, but it looks between events: a device stuck inside one call (a loop that never exits, a lock
 * never released) keeps the run from returning at all. The scenario then stops waiting, interrupts
 * the run, and ends in ERROR with a {@link StuckRunException} that says where the device is stuck;
 * a run that does not heed the interrupt is left behind on its daemon thread, and the suite goes on
 * (with a processor fewer while that thread spins: a device that hangs in every scenario makes a
 * slow run, never an endless one).
 *
 * <p>One run at a time per scenario, handed over and back through the future, so the fabric stays
 * single-threaded and a seed still reproduces the run event for event.
 */
public final class WatchedRun {

    /**
     * Longer than the runaway guard's budget, so that a run of events without end is ended by the
     * guard (its thread then free again) and only a call that never returns is left behind.
     */
    static final long WAIT_NS = Testbed.RUN_BUDGET_NS + 10_000_000_000L;
    /** Stack frames of the stuck run that its error shows. */
    private static final int FRAMES_SHOWN = 8;

    private static final AtomicLong THREADS = new AtomicLong();
    private static final ExecutorService RUNS = Executors.newCachedThreadPool(task -> {
        final Thread t = new Thread(task, "ctk-fabric-run-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    private WatchedRun() {
    }

    /** Runs {@code run} and returns what it returns, or throws what it throws, within {@link #WAIT_NS}. */
    public static <T> T of(final Supplier<T> run) {
        return of(run, WAIT_NS);
    }

    static <T> T of(final Supplier<T> run, final long waitNs) {
        final AtomicReference<Thread> runner = new AtomicReference<>();
        final Future<T> future = RUNS.submit(() -> {
            runner.set(Thread.currentThread());
            return run.get();
        });
        try {
            return future.get(waitNs, TimeUnit.NANOSECONDS);
        } catch (final TimeoutException e) {
            final Thread stuck = runner.get();
            final StackTraceElement[] where = stuck == null ? new StackTraceElement[0] : stuck.getStackTrace();
            future.cancel(true);
            throw new StuckRunException(waitNs, where, FRAMES_SHOWN);
        } catch (final ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (final InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancellationException("the scenario was interrupted while the fabric ran");
        }
    }

    /** What the run threw, as it was: an Error or an unchecked exception (a run throws no checked one). */
    private static RuntimeException rethrown(final Throwable cause) {
        if (cause instanceof Error error) {
            throw error;
        }
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new IllegalStateException("the fabric's run threw " + cause, cause);
    }
}
