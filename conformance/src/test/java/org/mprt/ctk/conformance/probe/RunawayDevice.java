package org.mprt.ctk.conformance.probe;

import org.mprt.ctk.conformance.owndevice.ForwardingDevice;
import org.mprt.ctk.conformance.owndevice.OwnDevice;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/**
 * The MPRT reference node with a bug that stops virtual time: once a frame has reached it, it
 * re-arms a timer with no delay, without end. The frame that set it off has arrived; every later
 * event of the fabric waits behind the timer.
 */
final class RunawayDevice extends ForwardingDevice {

    private final TimerService timers;
    private boolean running;

    private RunawayDevice(final RdmaDevice node, final TimerService timers) {
        super(node);
        this.timers = timers;
    }

    /** The device under test with this bug. */
    static DeviceUnderTest create() {
        return new OwnDevice("runaway MPRT device", RunawayDevice::new);
    }

    @Override
    public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
        super.onFrame(portIndex, frame, lengthBytes);
        if (!running) {
            running = true;
            rearm();
        }
    }

    private void rearm() {
        timers.schedule(timers.nowNs(), this::rearm);
    }
}
