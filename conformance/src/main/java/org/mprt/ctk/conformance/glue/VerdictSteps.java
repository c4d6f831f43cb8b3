package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Then;
import org.mprt.ctk.conformance.runtime.FrameKind;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.VerdictCheck;

/**
 * Then steps: each asks for the verdict on one requirement ID (STYLE.md rule 11), decided by the
 * verdict engine from the capture, by the scenario's probe, or by the PICS, as the requirement's
 * kind says; a scenario names in its tags every requirement it asks about.
 */
public final class VerdictSteps {

    private final ScenarioWorld world;

    public VerdictSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Then("{requirement} passes")
    public void passes(final String requirementId) {
        VerdictCheck.passes(world.verdictOn(requirementId), world.where());
    }

    @Then("{requirement} fails at {frames} the device under test sent")
    public void failsAt(final String requirementId, final FrameKind kind) {
        VerdictCheck.failsAt(world.verdictOn(requirementId), kind, world.ledger(), world.where());
    }

    @Then("{requirement} fails at {frames} the device under test received")
    public void failsAtReceived(final String requirementId, final FrameKind kind) {
        VerdictCheck.failsAtReceived(world.verdictOn(requirementId), kind, world.ledger(), world.where());
    }

    @Then("{requirement} fails with {string}")
    public void failsWith(final String requirementId, final String text) {
        VerdictCheck.failsWith(world.verdictOn(requirementId), text, world.where());
    }
}
