package org.mprt.ctk.dut;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceDeviation;
import org.mprt.ctk.wire.Profile;

/**
 * A reference endpoint with one deviation switched on (reference-impl README, "Mutants"): the
 * device a scenario uses to show that a rule can fail (ARCHITECTURE.md, principle 4). It declares
 * the PICS of the reference it deviates from, since it claims the same capabilities.
 */
public final class MutantDut extends InProcessDut {

    private final String deviation;
    private final List<String> violates;
    private final ReferenceDut claims;

    private MutantDut(final String deviation, final List<String> violates, final Profile profile,
                      final InProcessDevice device) {
        super(device);
        this.deviation = deviation;
        this.violates = List.copyOf(violates);
        this.claims = ReferenceDut.of(profile);
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
    public PicsDocument pics() {
        return claims.pics();
    }

    @Override
    public boolean isMutant() {
        return true;
    }
}
