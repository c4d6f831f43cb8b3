package org.mprt.ctk.conformance.glue;

import io.cucumber.java.After;
import io.cucumber.java.Before;
import io.cucumber.java.Scenario;
import java.util.List;
import java.util.Locale;
import org.mprt.ctk.conformance.runtime.Attachment;
import org.mprt.ctk.conformance.runtime.ScenarioIdentity;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.opentest4j.TestAbortedException;

/**
 * The start and end of every scenario: its seed is logged first; a scenario whose {@code @needs}
 * tags the device's PICS does not meet is skipped as not applicable (mprt-v0.1.md section 15.2);
 * at the end the kit's reference, where it is the device under test, is held to fail no requirement
 * of its capture, then the report folder is written and the capture and verdict page are attached
 * to the Cucumber report.
 */
public final class ScenarioHooks {

    private final ScenarioWorld world;
    private String notApplicable;

    public ScenarioHooks(final ScenarioWorld world) {
        this.world = world;
    }

    @Before(order = 0)
    public void begin(final Scenario scenario) {
        notApplicable = world.begin(new ScenarioIdentity(scenario.getName(), scenario.getUri(), scenario.getLine(),
            List.copyOf(scenario.getSourceTagNames())));
        scenario.log("seed " + world.seed());
        if (notApplicable != null) {
            throw new TestAbortedException("not applicable: " + notApplicable);
        }
    }

    @After
    public void finish(final Scenario scenario) {
        String status = scenario.getStatus().name().toLowerCase(Locale.ROOT);
        AssertionError referenceFailed = null;
        if (notApplicable == null && !scenario.isFailed()) {
            try {
                world.requireTheReferenceToFailNothing();
            } catch (final AssertionError e) {
                // Recorded as failed in the scenario's report too, then raised for Cucumber.
                referenceFailed = e;
                status = "failed";
            }
        }
        final List<Attachment> attachments = world.finish(status,
            referenceFailed != null ? referenceFailed.getMessage() : notApplicable);
        scenario.log(String.join("\n", world.log()));
        for (final Attachment a : attachments) {
            scenario.attach(a.data(), a.mediaType(), a.name());
        }
        if (referenceFailed != null) {
            throw referenceFailed;
        }
    }
}
