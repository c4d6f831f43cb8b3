package org.mprt.ctk.dut;

import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.wire.Profile;

/**
 * The kit's own endpoints as devices under test, in process and in virtual time: the MPRT
 * reference implementation (the default device of the suite) and the RoCEv2 go-back-N baseline.
 * Each declares the PICS of spec/pics/ that describes it.
 */
public final class ReferenceDut extends InProcessDut {

    private final String name;
    private final PicsDocument pics;

    private ReferenceDut(final String name, final PicsDocument pics, final InProcessDevice device) {
        super(device);
        this.name = name;
        this.pics = pics;
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
    public PicsDocument pics() {
        return pics;
    }

    @Override
    public boolean isMutant() {
        return false;
    }
}
