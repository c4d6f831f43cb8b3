package org.mprt.ctk.conformance.owndevice;

import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.DeviceUnderTestProvider;
import org.mprt.ctk.wire.Profile;

/** {@code --dut own-mprt}: a device of one's own that works (MPRT only). */
public class OwnDeviceProvider implements DeviceUnderTestProvider {

    private final String name;
    private final String deviceName;
    private final int crashOnFrame;

    public OwnDeviceProvider() {
        this("own-mprt", "own MPRT device", 0);
    }

    /** @param crashOnFrame the frame whose arrival throws, counting from 1; 0 for a device that never breaks */
    OwnDeviceProvider(final String name, final String deviceName, final int crashOnFrame) {
        this.name = name;
        this.deviceName = deviceName;
        this.crashOnFrame = crashOnFrame;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final DeviceUnderTest create(final Profile profile) {
        return profile == Profile.MPRT ? new OwnDevice(deviceName, crashOnFrame) : null;
    }
}
