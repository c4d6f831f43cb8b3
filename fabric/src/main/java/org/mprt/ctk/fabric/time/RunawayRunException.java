package org.mprt.ctk.fabric.time;

import java.util.Locale;

/**
 * A {@link Scheduler} run took longer than its {@link RunawayGuard}'s wall-clock budget: something on
 * the fabric keeps scheduling events without letting virtual time reach the run's limit. The message
 * says how far virtual time got and how many events ran, which tells a device that re-arms a timer
 * with no delay (many events, virtual time standing still) from one that is merely slow.
 */
public final class RunawayRunException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long virtualTimeNs;

    RunawayRunException(final long budgetNs, final long events, final long virtualTimeNs, final long limitNs) {
        super(String.format(Locale.ROOT, "the fabric's run went on for more than %s of wall-clock time: %d events"
                + " brought virtual time to %d ns of the %d ns asked for; an endpoint keeps scheduling events without"
                + " end (a device re-arming a timer with no delay, or answering its own frames)",
            budget(budgetNs), events, virtualTimeNs, limitNs));
        this.virtualTimeNs = virtualTimeNs;
    }

    /** "120 s", or "10 ms" for a budget under a second. */
    private static String budget(final long ns) {
        return ns >= 1_000_000_000L ? String.format(Locale.ROOT, "%.0f s", ns / 1e9)
            : String.format(Locale.ROOT, "%.0f ms", ns / 1e6);
    }

    /** Virtual time when the run was given up. */
    public long virtualTimeNs() {
        return virtualTimeNs;
    }
}
