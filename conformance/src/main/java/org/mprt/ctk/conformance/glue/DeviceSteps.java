package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.TimeBound;

/**
 * The device under test and its connections (mprt-v0.1.md section 5.1). Without a step naming it,
 * the device is the reference of the scenario's profile: the MPRT reference node, or the RoCEv2
 * baseline in a scenario tagged {@code @rocev2}.
 */
public final class DeviceSteps {

    private final ScenarioWorld world;

    public DeviceSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Given("the device under test is the mutant {mutant}")
    public void theMutant(final String name) {
        world.deviceIsMutant(name);
    }

    @Given("a connection between the tester and the device under test with {int} path(s) and {int} stream(s)")
    public void aConnection(final int paths, final int streams) {
        world.connections().paths(paths).streams(streams);
    }

    @Given("{int} testers, each with a connection to the device under test with {int} path(s) and {int} stream(s)")
    public void testersEachWithAConnection(final int testers, final int paths, final int streams) {
        world.connections().testers(testers).paths(paths).streams(streams);
    }

    @Given("the connections use a PMTU of {int} bytes")
    public void pmtu(final int bytes) {
        world.connections().pmtuBytes(bytes);
    }

    @Given("the device under test and the testers run with an RTO_MAX of {time}")
    public void rtoMax(final TimeBound time) {
        world.rtoMax(world.ns(time));
    }

    @Given("the testers drain their ports at {rate}")
    public void testersDrainAt(final Long rateBps) {
        world.testersDrainAt(rateBps);
    }

    @Given("{int} other hosts each write {bytes} to the tester at the same time")
    public void crossTraffic(final int hosts, final Long bytes) {
        world.crossTraffic(hosts, bytes);
    }

    @Given("the device under test writes to the tester with a forged rkey")
    public void deviceForgesRkeys() {
        world.deviceForgesRkeys();
    }

    @Given("the receivers post their receive buffers {time} late")
    public void receiveBuffersLate(final TimeBound delay) {
        world.receiveBuffersLate(world.ns(delay));
    }
}
