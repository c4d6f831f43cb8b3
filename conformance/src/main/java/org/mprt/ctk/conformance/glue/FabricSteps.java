package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;

/** The fabric's words: planes, spines, link rate, ECN marking, address family (fabric/README.md). */
public final class FabricSteps {

    private final ScenarioWorld world;

    public FabricSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Given("a fabric of {int} plane(s) with {int} spine(s) per plane and {rate} links")
    public void aFabric(final int planes, final int spines, final Long rateBps) {
        world.fabric().planes(planes).spinesPerPlane(spines).linkRateBps(rateBps);
    }

    @Given("the switches mark packets ECN CE with a probability rising from 0 at {bytes} to 1 at {bytes} of queue")
    public void switchesMarkEcn(final Long fromBytes, final Long toBytes) {
        world.fabric().ecn(fromBytes, toBytes, 1.0);
    }

    @Given("the fabric runs IPv6 only")
    public void ipv6Only() {
        world.fabric().ipv6Only();
    }
}
