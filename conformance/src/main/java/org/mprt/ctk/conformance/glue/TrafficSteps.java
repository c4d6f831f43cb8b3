package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import java.util.List;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.TimeBound;
import org.mprt.ctk.conformance.runtime.TrafficRow;

/**
 * Conversational traffic (ARCHITECTURE.md): the reference testers and the device under test post
 * RDMA WRITEs and SENDs on their streams, and virtual time runs until every message completes.
 */
public final class TrafficSteps {

    private final ScenarioWorld world;

    public TrafficSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @When("the tester sends {int} {operation} of {bytes} on every stream to the device under test")
    public void testerSends(final int messages, final TrafficRow.Operation operation, final Long bytes) {
        world.runTraffic(List.of(new TrafficRow(TrafficRow.Side.TESTER, operation, -1, messages, bytes)));
    }

    @When("every tester sends {int} {operation} of {bytes} on every stream to the device under test")
    public void everyTesterSends(final int messages, final TrafficRow.Operation operation, final Long bytes) {
        world.runTraffic(List.of(new TrafficRow(TrafficRow.Side.TESTER, operation, -1, messages, bytes)));
    }

    @When("the device under test sends {int} {operation} of {bytes} on every stream to the tester")
    public void deviceSends(final int messages, final TrafficRow.Operation operation, final Long bytes) {
        world.runTraffic(List.of(new TrafficRow(TrafficRow.Side.DEVICE, operation, -1, messages, bytes)));
    }

    @When("this traffic runs:")
    public void thisTrafficRuns(final List<TrafficRow> rows) {
        world.runTraffic(rows);
    }

    @Given("the traffic is given at most {time} to complete")
    public void givenAtMost(final TimeBound time) {
        world.trafficLimit(world.ns(time));
    }

    @Given("the traffic runs for at least {time}")
    public void runsForAtLeast(final TimeBound time) {
        world.runAtLeast(world.ns(time));
    }
}
