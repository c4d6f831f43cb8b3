package org.mprt.ctk.conformance.suite;

/**
 * How one scenario ended, as the JUnit Platform reports it.
 *
 * @param location {@code features/<file>.feature:<line>}
 * @param name     the scenario's name
 * @param status   passed, failed, or skipped (not applicable to the device, or aborted)
 * @param message  the failure's or skip's message, or null
 */
public record ScenarioResult(String location, String name, Status status, String message) {

    /** The three ways a scenario ends. */
    public enum Status { PASSED, FAILED, SKIPPED }
}
