package org.mprt.ctk.conformance.suite;

/**
 * How one scenario ended, as the JUnit Platform reports it.
 *
 * @param location {@code features/<file>.feature:<line>}
 * @param name     the scenario's name
 * @param status   passed, failed, ended in an error before its verdict ({@link ScenarioEnding}), or skipped
 *                 (not applicable to the device, or aborted)
 * @param message  the failure's, error's or skip's message, or null
 * @param byDevice for an ERROR: a device raised it, ran without end or never returned ({@link ScenarioEnding#isDeviceError}),
 *                 rather than the kit breaking
 */
public record ScenarioResult(String location, String name, Status status, String message, boolean byDevice) {

    /** A result that is no device's error. */
    public ScenarioResult(final String location, final String name, final Status status, final String message) {
        this(location, name, status, message, false);
    }

    /** The four ways a scenario ends. */
    public enum Status { PASSED, FAILED, ERROR, SKIPPED }
}
