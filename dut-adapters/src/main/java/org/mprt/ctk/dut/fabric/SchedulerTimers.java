package org.mprt.ctk.dut.fabric;

import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.reference.attachment.Cancellable;
import org.mprt.ctk.reference.attachment.TimerService;

/** The fabric's virtual-time scheduler as the reference implementation's timer service. */
final class SchedulerTimers implements TimerService {

    private final Scheduler scheduler;

    SchedulerTimers(final Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public long nowNs() {
        return scheduler.now();
    }

    @Override
    public Cancellable schedule(final long atNs, final Runnable action) {
        final var timer = scheduler.at(atNs, action);
        return timer::cancel;
    }
}
