package org.mprt.ctk.dut.live;

import java.time.Duration;
import java.util.PriorityQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.mprt.ctk.reference.attachment.Cancellable;
import org.mprt.ctk.reference.attachment.TimerService;

/**
 * Real time for endpoints on a real network: one thread runs every timer of the endpoints it holds
 * and every event other threads hand it (a frame read from an interface), one at a time, so that
 * endpoints written for the fabric's single-threaded virtual time run unchanged. Other threads reach
 * the endpoints only through {@link #call} and {@link #await}, which give up after their timeout: an
 * endpoint that hangs or throws ends the wait with an exception, never with a hung caller.
 *
 * <p>Between events the thread parks until its next timer, as precisely as the kernel wakes it
 * (Linux's timer slack is 50 µs), and whoever hands it work unparks it. It does not spin, which
 * would hold a core that the threads reading frames need, nor sleep in a selector's milliseconds,
 * when the protocol's timers are microseconds (ACK_REQ_DELAY at most 10 µs).
 */
public final class RealTimeLoop implements TimerService, AutoCloseable {

    /** How long starting or stopping an endpoint on the loop may take. */
    public static final Duration STARTING = Duration.ofSeconds(10);

    private static final class Timer implements Cancellable {
        final long atNs;
        final long order;
        final Runnable action;
        boolean cancelled;

        Timer(final long atNs, final long order, final Runnable action) {
            this.atNs = atNs;
            this.order = order;
            this.action = action;
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }

    /** Work another thread handed the loop, and what its caller waits on. */
    private record Pending(Callable<?> work, CompletableFuture<?> result) {

        /** Runs the work; true when its result is settled. */
        boolean run() {
            try {
                work.call();
            } catch (final Exception | AssertionError | StackOverflowError e) {
                result.completeExceptionally(e);
            }
            return result.isDone();
        }
    }

    private final long originNs = System.nanoTime();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) ->
        a.atNs != b.atNs ? Long.compare(a.atNs, b.atNs) : Long.compare(a.order, b.order));
    private final ConcurrentLinkedQueue<Pending> tasks = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Pending> waiters = new ConcurrentLinkedQueue<>();
    /** Events other threads hand the loop (a frame read from an interface): what they throw ends the loop. */
    private final ConcurrentLinkedQueue<Runnable> events = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private long scheduled;
    private volatile boolean closing;
    /** What ended the loop, when something an endpoint did threw. */
    private volatile Throwable failure;
    private volatile boolean ended;

    /** Starts the loop's thread, named {@code name}. */
    public RealTimeLoop(final String name) {
        thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public long nowNs() {
        return System.nanoTime() - originNs;
    }

    /** Only from the loop's thread: endpoints set timers while they handle a frame or a timer. */
    @Override
    public Cancellable schedule(final long atNs, final Runnable action) {
        checkOnLoop();
        final Timer timer = new Timer(atNs, scheduled++, action);
        timers.add(timer);
        return timer;
    }

    /**
     * From any thread: runs {@code event} on the loop's thread, in the order handed. What it throws ends
     * the loop, as what a timer throws does.
     */
    public void execute(final Runnable event) {
        events.add(event);
        LockSupport.unpark(thread);
    }

    /** True on the loop's own thread. */
    public boolean onLoop() {
        return Thread.currentThread() == thread;
    }

    /**
     * Runs {@code work} on the loop's thread and returns its result.
     *
     * @throws LoopFailure when the work threw, when the loop had ended (with what ended it), or when
     *                     the work did not finish within {@code timeout}
     */
    public <T> T call(final Callable<T> work, final Duration timeout) {
        final CompletableFuture<T> result = new CompletableFuture<>();
        hand(new Pending(() -> result.complete(work.call()), result));
        try {
            return outcome(result, timeout, "the work handed to it");
        } catch (final TimeoutException e) {
            throw new LoopFailure(thread.getName() + " did not finish the work handed to it within " + timeout
                + stateOfLoop(), failure);
        }
    }

    /**
     * Waits until {@code condition}, asked on the loop's thread after each round of events, holds.
     *
     * @return false when {@code timeout} passed first
     * @throws LoopFailure when the condition threw or the loop had ended
     */
    public boolean await(final BooleanSupplier condition, final Duration timeout) {
        final CompletableFuture<Boolean> held = new CompletableFuture<>();
        final Pending waiter = new Pending(() -> condition.getAsBoolean() && held.complete(true), held);
        waiters.add(waiter);
        LockSupport.unpark(thread);
        failPendingIfEnded();
        try {
            return outcome(held, timeout, "the condition");
        } catch (final TimeoutException e) {
            return false;
        } finally {
            waiters.remove(waiter);
        }
    }

    /** What ended the loop, or null while it runs. */
    public Throwable failure() {
        return failure;
    }

    @Override
    public void close() {
        closing = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try {
            while (!closing) {
                runDueTimers();
                runEvents();
                runTasks();
                // Before the loop may sleep: what it just ran may be what a waiter waits for.
                waiters.removeIf(Pending::run);
                final long nextNs = nextTimerNs();
                if (events.isEmpty() && tasks.isEmpty() && !closing) {
                    // An unpark since the queues were looked at makes this return at once.
                    if (nextNs == Long.MAX_VALUE) {
                        LockSupport.park(this);
                    } else {
                        LockSupport.parkNanos(this, nextNs - nowNs());
                    }
                }
            }
        } catch (final Throwable t) {
            failure = t;
        }
        ended = true;
        failPendingIfEnded();
    }

    private void runDueTimers() {
        while (!timers.isEmpty() && timers.peek().atNs <= nowNs()) {
            final Timer t = timers.poll();
            if (!t.cancelled) {
                t.action.run();
            }
        }
    }

    private void runEvents() {
        for (Runnable event = events.poll(); event != null; event = events.poll()) {
            event.run();
        }
    }

    private void runTasks() {
        for (Pending task = tasks.poll(); task != null; task = tasks.poll()) {
            task.run();
        }
    }

    private void hand(final Pending task) {
        tasks.add(task);
        LockSupport.unpark(thread);
        failPendingIfEnded();
    }

    /** Once the loop has ended, nothing handed to it will run: its callers learn why at once. */
    private void failPendingIfEnded() {
        if (!ended) {
            return;
        }
        final LoopFailure why = new LoopFailure(thread.getName() + " has ended" + stateOfLoop(), failure);
        for (Pending p = tasks.poll(); p != null; p = tasks.poll()) {
            p.result().completeExceptionally(why);
        }
        for (final Pending p : waiters) {
            p.result().completeExceptionally(why);
        }
    }

    private <T> T outcome(final CompletableFuture<T> result, final Duration timeout, final String what)
        throws TimeoutException {
        if (onLoop()) {
            throw new IllegalStateException("the loop's own thread would wait for itself");
        }
        try {
            return result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (final ExecutionException e) {
            throw e.getCause() instanceof LoopFailure f ? f
                : new LoopFailure(what + " on " + thread.getName() + " threw", e.getCause());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoopFailure("interrupted while waiting for " + thread.getName(), e);
        }
    }

    private long nextTimerNs() {
        while (!timers.isEmpty() && timers.peek().cancelled) {
            timers.poll();
        }
        return timers.isEmpty() ? Long.MAX_VALUE : timers.peek().atNs;
    }

    private void checkOnLoop() {
        if (!onLoop()) {
            throw new IllegalStateException("only the thread of " + thread.getName() + " may do this");
        }
    }

    private String stateOfLoop() {
        final Throwable f = failure;
        return f == null ? "" : " (it ended when this was thrown: " + f + ")";
    }
}
