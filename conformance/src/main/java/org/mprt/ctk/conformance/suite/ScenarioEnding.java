package org.mprt.ctk.conformance.suite;

import java.util.Set;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.conformance.runtime.StuckRunException;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.fabric.time.RunawayRunException;

/**
 * Tells a scenario that failed from one that ended in an error. A scenario fails when a check of the
 * kit does not hold: a verdict it expects is not what the rules gave (an {@link AssertionError}), or
 * the feature file asks for something the kit cannot do or has a step no definition matches (an
 * input error, reported with its file and line). Anything else raised before the verdict leaves the
 * scenario without one, an ERROR, which must never read as a requirement failed: a device failed
 * ({@link DeviceFailure}), a run went on without end ({@link RunawayRunException}) or never returned
 * ({@link StuckRunException}), or the kit broke.
 */
public final class ScenarioEnding {

    /** What Cucumber raises for a step of the feature file that no step definition, or more than one, matches. */
    private static final Set<String> STEP_MISMATCHES = Set.of("io.cucumber.junit.platform.engine.UndefinedStepException",
        "io.cucumber.core.runner.UndefinedStepDefinitionException", "io.cucumber.core.runner.AmbiguousStepDefinitionsException");

    private ScenarioEnding() {
    }

    /** FAILED or ERROR, for a scenario that ended with {@code thrown}. */
    public static ScenarioResult.Status of(final Throwable thrown) {
        return thrown instanceof AssertionError || isInputError(thrown) ? ScenarioResult.Status.FAILED : ScenarioResult.Status.ERROR;
    }

    /** The feature file's mistake, which {@link InputErrorPlugin} reports with its file and line. */
    private static boolean isInputError(final Throwable thrown) {
        return ScenarioInputException.isCauseOf(thrown) || InputErrorPlugin.unreadArgument(thrown) != null
            || STEP_MISMATCHES.contains(thrown.getClass().getName());
    }

    /** True for an error of a device: it raised an exception, its run went on without end, or never returned. */
    public static boolean isDeviceError(final Throwable thrown) {
        return thrown instanceof DeviceFailure || thrown instanceof RunawayRunException || thrown instanceof StuckRunException;
    }

    /**
     * What the summary says of it: a failure's own message; for an error, the exception's and, where
     * the kit's own message does not already say who raised it, the line that raised it.
     */
    public static String message(final Throwable thrown) {
        if (of(thrown) == ScenarioResult.Status.FAILED || isDeviceError(thrown)) {
            return String.valueOf(thrown.getMessage());
        }
        final StackTraceElement[] trace = thrown.getStackTrace();
        return thrown.getClass().getName() + (thrown.getMessage() == null ? "" : ": " + thrown.getMessage())
            + (trace.length == 0 ? "" : " (at " + trace[0] + ")");
    }
}
