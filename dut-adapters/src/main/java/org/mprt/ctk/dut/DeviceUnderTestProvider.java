package org.mprt.ctk.dut;

import org.mprt.ctk.wire.Profile;

/**
 * How a device of one's own is plugged into the conformance suite in process: a
 * {@link java.util.ServiceLoader} provider, listed in
 * {@code META-INF/services/org.mprt.ctk.dut.DeviceUnderTestProvider} of a jar on the kit's class
 * path, and chosen by name with {@code ctk run --dut NAME}. Each scenario asks it for a new device;
 * the device joins a fabric host through {@link DeviceUnderTest#attach} like the kit's own.
 */
public interface DeviceUnderTestProvider {

    /** The name {@code --dut} takes: letters, digits, '-', '.' and '_', unique among the providers. */
    String name();

    /** A new device for one scenario of {@code profile}, or null when the device does not implement that profile. */
    DeviceUnderTest create(Profile profile);
}
