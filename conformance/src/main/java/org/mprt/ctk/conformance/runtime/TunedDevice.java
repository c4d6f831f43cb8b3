package org.mprt.ctk.conformance.runtime;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * The MPRT reference node (or one of its mutants) run with settings a scenario states: a shorter
 * RTO_MAX, which its PICS then declares, so that a path failure plays out in a short run and the
 * judge applies the timers the node runs with; or ports that its host drains more slowly than the
 * links bring data (a slow receiver, whose guidance falls below the line rate). The kit's own
 * endpoints only: a real device under test is configured by its vendor and declares its PICS.
 */
final class TunedDevice implements DeviceUnderTest {

    /** What a scenario changes of the reference node; 0 leaves a setting at its default. */
    record Tuning(long rtoMaxNs, long ingressDrainRateBps) {
        static final Tuning NONE = new Tuning(0, 0);

        boolean isNone() {
            return rtoMaxNs == 0 && ingressDrainRateBps == 0;
        }

        Tuning withRtoMaxNs(final long ns) {
            return new Tuning(ns, ingressDrainRateBps);
        }

        Tuning withIngressDrainRateBps(final long bps) {
            return new Tuning(rtoMaxNs, bps);
        }

        MprtConfig config(final String deviation) {
            final MprtConfig.Builder b = MprtConfig.builder();
            if (deviation != null) {
                b.deviate(Deviation.valueOf(deviation));
            }
            if (rtoMaxNs > 0) {
                b.rtoMaxNs(rtoMaxNs);
            }
            if (ingressDrainRateBps > 0) {
                b.ingressDrainRateBps(ingressDrainRateBps);
            }
            return b.build();
        }

        /** The PICS of the reference, declaring the RTO_MAX the node runs with. */
        PicsDocument pics(final PicsDocument reference) {
            if (rtoMaxNs == 0) {
                return reference;
            }
            return new PicsDocument(reference.source() + " with RTO_MAX " + Quantity.formatNs(rtoMaxNs),
                reference.withTimers(Map.of("RTO_MAX", rtoMaxNs)).yaml());
        }

        String describe() {
            return (rtoMaxNs > 0 ? ", RTO_MAX " + Quantity.formatNs(rtoMaxNs) : "")
                + (ingressDrainRateBps > 0 ? ", ports drained at " + ingressDrainRateBps / 1_000_000_000.0 + " Gb/s" : "");
        }
    }

    private final DeviceUnderTest claims;
    private final MprtConfig config;
    private final PicsDocument pics;
    private final String describe;
    private FabricNode node;

    /**
     * @param claims    the device it is, with the reference's settings (its name, whether a mutant)
     * @param deviation the mutant's deviation, or null for the reference
     */
    TunedDevice(final DeviceUnderTest claims, final String deviation, final Tuning tuning) {
        if (claims.profile() != Profile.MPRT) {
            throw new ScenarioInputException("tuned timers or ports for " + claims.name() + ": expected an MPRT device");
        }
        this.claims = claims;
        this.config = tuning.config(deviation);
        this.pics = tuning.pics(claims.pics());
        this.describe = tuning.describe();
    }

    @Override
    public String name() {
        return claims.name() + describe;
    }

    @Override
    public Profile profile() {
        return Profile.MPRT;
    }

    @Override
    public PicsDocument pics() {
        return pics;
    }

    @Override
    public boolean isMutant() {
        return claims.isMutant();
    }

    @Override
    public boolean isTimedExactly() {
        return true;
    }

    @Override
    public void attach(final Host host, final long lineRateBps, final SplittableRandom random) {
        if (node != null) {
            throw new IllegalStateException("the device is already attached to a host");
        }
        node = new FabricNode((ports, timers) -> new MprtNode(ports, timers, random, config), lineRateBps, name());
        host.attach(node);
    }

    @Override
    public RdmaDevice device() {
        return attached().device();
    }

    @Override
    public List<NicPort> ports() {
        return attached().ports();
    }

    private FabricNode attached() {
        if (node == null) {
            throw new IllegalStateException("the device is not attached to a host yet");
        }
        return node;
    }

    @Override
    public String toString() {
        return name();
    }
}
