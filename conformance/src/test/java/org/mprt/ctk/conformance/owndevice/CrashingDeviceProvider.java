package org.mprt.ctk.conformance.owndevice;

/** {@code --dut crashing-mprt}: a device of one's own with a bug that throws on the 3rd frame it receives. */
public final class CrashingDeviceProvider extends OwnDeviceProvider {

    public CrashingDeviceProvider() {
        super("crashing-mprt", "crashing MPRT device", 3);
    }
}
