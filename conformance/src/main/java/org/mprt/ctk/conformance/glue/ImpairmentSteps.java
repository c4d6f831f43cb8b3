package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import org.mprt.ctk.conformance.runtime.Impairment;
import org.mprt.ctk.conformance.runtime.Losses;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.TimeBound;

/** Faults the fabric puts on the links between switches, or on the links of one path (fabric/README.md). */
public final class ImpairmentSteps {

    private final ScenarioWorld world;

    public ImpairmentSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Given("every switch link loses {loss} of the packets")
    public void randomLoss(final Double rate) {
        world.impair(Losses.random(rate));
    }

    @Given("every switch link loses {loss} of the packets in bursts of {int} on average")
    public void burstLoss(final Double rate, final int burstLength) {
        world.impair(Losses.bursts(rate, burstLength));
    }

    @Given("every switch link corrupts {share} of the packets")
    public void corruption(final Double share) {
        world.impair(new Impairment.SwitchLinkCorruption(share));
    }

    @Given("the switch links of plane {int} delay packets by {time} with {time} of jitter")
    public void delay(final int plane, final TimeBound extra, final TimeBound jitter) {
        world.impair(new Impairment.PlaneDelay(plane, world.ns(extra), world.ns(jitter), false));
    }

    @Given("the switch links of plane {int} delay packets by {time} with {time} of jitter, reordering them")
    public void reorderingDelay(final int plane, final TimeBound extra, final TimeBound jitter) {
        world.impair(new Impairment.PlaneDelay(plane, world.ns(extra), world.ns(jitter), true));
    }

    @Given("the links of {end} {path} are down from {time} to {time}")
    public void pathDownFor(final Impairment.PathEnd end, final Integer path, final TimeBound from, final TimeBound to) {
        world.impair(new Impairment.PathDown(end, path, world.ns(from), world.ns(to)));
    }

    @Given("the links of {end} {path} are down")
    public void pathDown(final Impairment.PathEnd end, final Integer path) {
        world.impair(new Impairment.PathDown(end, path, 0, Long.MAX_VALUE));
    }

    @Given("every switch link from the tester to the device under test is down")
    public void testerToDeviceDown() {
        world.impair(new Impairment.OneWayDown(Impairment.PathEnd.TESTER));
    }

    @Given("the links of {end} {path} flap, down for {time} in every {time}")
    public void pathFlaps(final Impairment.PathEnd end, final Integer path, final TimeBound down, final TimeBound period) {
        world.impair(new Impairment.PathFlapping(end, path, world.ns(down), world.ns(period)));
    }
}
