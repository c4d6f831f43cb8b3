package org.mprt.ctk.dut;

import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * The kit's own endpoints as devices under test, in process and in virtual time: the MPRT
 * reference implementation (the default device of the suite) and the RoCEv2 go-back-N baseline.
 * Each declares the PICS of spec/pics/ that describes it.
 */
public final class ReferenceDut implements DeviceUnderTest {

    private final String name;
    private final PicsDocument pics;
    private final InProcessDevice device;

    private ReferenceDut(final String name, final PicsDocument pics, final InProcessDevice device) {
        this.name = name;
        this.pics = pics;
        this.device = device;
    }

    /** The MPRT reference node with every timer at its default (spec/pics/reference-mprt.yaml). */
    public static ReferenceDut mprt() {
        return new ReferenceDut("reference MPRT node", PicsDocument.fromClasspath(PicsDocument.REFERENCE_MPRT),
            InProcessDevice.mprt(MprtConfig.defaults()));
    }

    /** The RoCEv2 RC go-back-N baseline (spec/pics/reference-rocev2.yaml). */
    public static ReferenceDut rocev2() {
        return new ReferenceDut("reference RoCEv2 baseline", PicsDocument.fromClasspath(PicsDocument.REFERENCE_ROCEV2),
            InProcessDevice.rocev2(RoceConfig.defaults()));
    }

    /** The reference device of a profile. */
    public static ReferenceDut of(final Profile profile) {
        return profile == Profile.MPRT ? mprt() : rocev2();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Profile profile() {
        return device.profile();
    }

    @Override
    public PicsDocument pics() {
        return pics;
    }

    @Override
    public boolean isMutant() {
        return false;
    }

    @Override
    public boolean isTimedExactly() {
        return true;
    }

    @Override
    public void attach(final Host host, final long lineRateBps, final SplittableRandom random) {
        device.attach(host, lineRateBps, random);
    }

    @Override
    public RdmaDevice device() {
        return device.device();
    }

    @Override
    public List<NicPort> ports() {
        return device.ports();
    }

    @Override
    public String toString() {
        return name;
    }
}
