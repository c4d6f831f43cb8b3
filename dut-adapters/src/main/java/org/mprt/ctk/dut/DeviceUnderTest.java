package org.mprt.ctk.dut;

import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * A device under test as the conformance suite drives it (ARCHITECTURE.md, "A scenario, as data
 * flowing through"): it joins a host of the emulated fabric, is set up out of band through the
 * Verbs-like API of {@code reference-impl} (mprt-v0.1.md section 5.1, MPRT-CONN-001), and then
 * sends and receives what the scenario asks of it.
 *
 * <p>An adapter sends, receives and captures; it never judges (STYLE.md rule 12). What it declares
 * of itself is its PICS (section 15), which decides which scenarios apply to it.
 */
public interface DeviceUnderTest {

    /** A name for reports, e.g. {@code reference MPRT node} or {@code mutant BAD_ICRC}. */
    String name();

    /** The profile it implements: MPRT or the RoCEv2 baseline. */
    Profile profile();

    /** What it declares: its PICS, as a document to be validated against spec/pics/pics-schema.yaml. */
    PicsDocument pics();

    /**
     * True for a deliberately broken device (a mutant): its scenarios show that the kit catches a
     * fault, and its verdicts never count toward a conformance statement.
     */
    boolean isMutant();

    /**
     * True when the device runs in the fabric's virtual time, so that its answers are timed exactly
     * and a probe's time bounds need no tolerance (mprt-v0.1.md section 14, JUDGING_TOLERANCE).
     */
    boolean isTimedExactly();

    /**
     * Puts the device on {@code host}: the host's ports become its NIC ports.
     *
     * @param lineRateBps the rate of the host's links, which the device paces its data to
     * @param random      the device's own generator, split from the scenario's seed
     */
    void attach(Host host, long lineRateBps, SplittableRandom random);

    /** The device's Verbs-like interface, once attached. */
    RdmaDevice device();

    /** Its NIC ports in plane order, once attached, for its connection descriptors. */
    List<NicPort> ports();
}
