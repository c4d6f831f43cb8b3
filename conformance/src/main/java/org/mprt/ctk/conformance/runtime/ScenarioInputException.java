package org.mprt.ctk.conformance.runtime;

/**
 * A feature file asks for something the kit cannot do as written: a loss rate of 1.7, an unknown
 * mutant, a path the connection does not have. The message says what was given and what was
 * expected; the run reports it with the feature file and line of the step, as an input error
 * (exit code 2), never as a stack trace.
 */
public final class ScenarioInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ScenarioInputException(final String message) {
        super(message);
    }

    /** True when {@code error} or one of its causes is a feature-file input error. */
    public static boolean isCauseOf(final Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof ScenarioInputException) {
                return true;
            }
        }
        return false;
    }

    /** The input error behind {@code error}, or null. */
    public static ScenarioInputException of(final Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof ScenarioInputException e) {
                return e;
            }
        }
        return null;
    }
}
