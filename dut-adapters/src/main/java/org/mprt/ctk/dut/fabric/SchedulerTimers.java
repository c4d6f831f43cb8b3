package org.mprt.ctk.dut.fabric;

import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.reference.attachment.Cancellable;
import org.mprt.ctk.reference.attachment.TimerService;

/** The fabric's virtual-time scheduler as the reference implementation's timer service. */
final class SchedulerTimers implements TimerService {

    private final Scheduler scheduler;
    private final FabricNode node;

    SchedulerTimers(final Scheduler scheduler, final FabricNode node) {
        this.scheduler = scheduler;
        this.node = node;
    }

    @Override
    public long nowNs() {
        return scheduler.now();
    }

    @Override
    public Cancellable schedule(final long atNs, final Runnable action) {
        final var timer = scheduler.at(atNs, () -> {
            try {
                action.run();
            } catch (final RuntimeException | AssertionError | StackOverflowError e) {
                throw node.failure("running a timer it set", e);
            }
        });
        return timer::cancel;
    }
}
