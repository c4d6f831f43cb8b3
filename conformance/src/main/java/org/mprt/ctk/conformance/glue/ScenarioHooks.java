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

    /** Runs before {@link #finish} (Cucumber runs after-hooks of higher order first). */
    @After(order = 1)
    public void referenceFailsNothing(final Scenario scenario) {
        if (notApplicable == null && !scenario.isFailed()) {
            world.requireTheReferenceToFailNothing();
        }
    }

    @After
    public void finish(final Scenario scenario) {
        final List<Attachment> attachments = world.finish(scenario.getStatus().name().toLowerCase(Locale.ROOT), notApplicable);
        scenario.log(String.join("\n", world.log()));
        for (final Attachment a : attachments) {
            scenario.attach(a.data(), a.mediaType(), a.name());
        }
    }
}
