package org.mprt.ctk.dut;

import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * What every in-process device under test shares: it runs one of the kit's endpoints on a fabric
 * host in virtual time, so its answers are timed exactly.
 */
abstract class InProcessDut implements DeviceUnderTest {

    private final InProcessDevice device;

    InProcessDut(final InProcessDevice device) {
        this.device = device;
    }

    @Override
    public final Profile profile() {
        return device.profile();
    }

    @Override
    public final boolean isTimedExactly() {
        return true;
    }

    @Override
    public final void attach(final Host host, final long lineRateBps, final SplittableRandom random) {
        device.attach(host, lineRateBps, random, name());
    }

    @Override
    public final RdmaDevice device() {
        return device.device();
    }

    @Override
    public final List<NicPort> ports() {
        return device.ports();
    }

    @Override
    public final String toString() {
        return name();
    }
}
