package org.mprt.ctk.conformance.owndevice;

import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.DeviceUnderTestProvider;
import org.mprt.ctk.wire.Profile;

/** {@code --dut own-mprt}: a device of one's own that works (MPRT only). */
public final class OwnDeviceProvider implements DeviceUnderTestProvider {

    @Override
    public String name() {
        return "own-mprt";
    }

    @Override
    public DeviceUnderTest create(final Profile profile) {
        return profile == Profile.MPRT ? new OwnDevice("own MPRT device", 0) : null;
    }
}
