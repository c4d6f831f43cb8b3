package org.mprt.ctk.conformance.suite;

/**
 * How one scenario ended, as the JUnit Platform reports it.
 *
 * @param location {@code features/<file>.feature:<line>}
 * @param name     the scenario's name
 * @param status   passed, failed, ended in an error before its verdict ({@link ScenarioEnding}), or skipped
 *                 (not applicable to the device, or aborted)
 * @param message  the failure's, error's or skip's message, or null
 */
public record ScenarioResult(String location, String name, Status status, String message) {

    /** The four ways a scenario ends. */
    public enum Status { PASSED, FAILED, ERROR, SKIPPED }
}
