package org.mprt.ctk.dut;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceDeviation;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * A reference endpoint with one deviation switched on (reference-impl README, "Mutants"): the
 * device a scenario uses to show that a rule can fail (ARCHITECTURE.md, principle 4). It declares
 * the PICS of the reference it deviates from, since it claims the same capabilities.
 */
public final class MutantDut implements DeviceUnderTest {

    private final String deviation;
    private final List<String> violates;
    private final ReferenceDut claims;
    private final InProcessDevice device;

    private MutantDut(final String deviation, final List<String> violates, final Profile profile,
                      final InProcessDevice device) {
        this.deviation = deviation;
        this.violates = List.copyOf(violates);
        this.claims = ReferenceDut.of(profile);
        this.device = device;
    }

    /**
     * The mutant named after a deviation of the MPRT reference ({@code BAD_ICRC}) or of the RoCEv2
     * baseline ({@code REPEAT_SEQUENCE_NAK}).
     *
     * @throws IllegalArgumentException naming every known mutant when {@code name} is none of them
     */
    public static MutantDut named(final String name) {
        for (final Deviation d : Deviation.values()) {
            if (d.name().equals(name)) {
                return new MutantDut(name, d.requirementIds(), Profile.MPRT,
                    InProcessDevice.mprt(MprtConfig.builder().deviate(d).build()));
            }
        }
        for (final RoceDeviation d : RoceDeviation.values()) {
            if (d.name().equals(name)) {
                return new MutantDut(name, d.requirementIds(), Profile.ROCEV2,
                    InProcessDevice.rocev2(RoceConfig.defaults().withDeviation(d)));
            }
        }
        throw new IllegalArgumentException("unknown mutant '" + name + "': expected one of " + String.join(", ", names()));
    }

    /** Every mutant name, MPRT deviations first, in declaration order. */
    public static List<String> names() {
        final List<String> all = new ArrayList<>();
        for (final Deviation d : Deviation.values()) {
            all.add(d.name());
        }
        for (final RoceDeviation d : RoceDeviation.values()) {
            all.add(d.name());
        }
        return all;
    }

    /** The requirements the deviation violates, as the reference implementation documents them. */
    public List<String> violates() {
        return violates;
    }

    @Override
    public String name() {
        return "mutant " + deviation + " of the " + claims.name();
    }

    @Override
    public Profile profile() {
        return device.profile();
    }

    @Override
    public PicsDocument pics() {
        return claims.pics();
    }

    @Override
    public boolean isMutant() {
        return true;
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
        return name();
    }
}
