package org.mprt.ctk.conformance.owndevice;

import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.DeviceUnderTestProvider;
import org.mprt.ctk.wire.Profile;

/** {@code --dut crashing-mprt}: a device of one's own with a bug that throws on the 3rd frame it receives. */
public final class CrashingDeviceProvider implements DeviceUnderTestProvider {

    @Override
    public String name() {
        return "crashing-mprt";
    }

    @Override
    public DeviceUnderTest create(final Profile profile) {
        return profile == Profile.MPRT ? new OwnDevice("crashing MPRT device", 3) : null;
    }
}
