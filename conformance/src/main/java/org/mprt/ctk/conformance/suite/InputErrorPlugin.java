package org.mprt.ctk.conformance.suite;

import io.cucumber.plugin.ConcurrentEventListener;
import io.cucumber.plugin.event.EventPublisher;
import io.cucumber.plugin.event.PickleStepTestStep;
import io.cucumber.plugin.event.Status;
import io.cucumber.plugin.event.TestRunFinished;
import io.cucumber.plugin.event.TestStepFinished;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;

/**
 * Collects the feature-file input errors of a run (a loss rate of 1.7, an unknown mutant, a step
 * that is not in the vocabulary) as one line each, {@code features/<file>.feature:<line>: <what was wrong and what was expected>}, and
 * writes them to its file when the run ends; {@code ctk run} prints them and exits with code 2.
 */
public final class InputErrorPlugin implements ConcurrentEventListener {

    /** How Cucumber's message begins when a step's arguments could not be converted to their types. */
    private static final String CUCUMBER_CONVERSION_FAILURE = "Could not convert arguments for step";

    private final File out;
    private final List<String> errors = new ArrayList<>();

    public InputErrorPlugin(final File out) {
        this.out = out;
    }

    @Override
    public void setEventPublisher(final EventPublisher publisher) {
        publisher.registerHandlerFor(TestStepFinished.class, this::onStep);
        publisher.registerHandlerFor(TestRunFinished.class, e -> write());
    }

    private void onStep(final TestStepFinished event) {
        final String problem = problem(event);
        if (problem == null) {
            return;
        }
        final int line = event.getTestStep() instanceof PickleStepTestStep step ? step.getStep().getLine()
            : event.getTestCase().getLocation().getLine();
        synchronized (errors) {
            errors.add(featureLocation(event.getTestCase().getUri()) + ":" + line + ": " + problem);
        }
    }

    /** What the feature file got wrong at this step, or null when the step's outcome is no input error. */
    private static String problem(final TestStepFinished event) {
        final Status status = event.getResult().getStatus();
        final String text = event.getTestStep() instanceof PickleStepTestStep step ? step.getStep().getText() : "";
        if (status == Status.UNDEFINED) {
            return "the step '" + text + "' is not in the vocabulary: expected one of the steps features/README.md lists";
        }
        if (status == Status.AMBIGUOUS) {
            return "the step '" + text + "' matches more than one step definition";
        }
        if (status != Status.FAILED) {
            return null;
        }
        final ScenarioInputException error = ScenarioInputException.of(event.getResult().getError());
        if (error != null) {
            return error.getMessage();
        }
        final Throwable unread = unreadArgument(event.getResult().getError());
        return unread == null ? null : "the step '" + text + "': a value in it cannot be read (" + unread.getMessage()
            + "): expected a number the step can take, e.g. a count below 2147483648";
    }

    /**
     * The NumberFormatException behind Cucumber's failure to convert a step's arguments (a built-in
     * {@code {int}} given more digits than an int holds), or null: the feature file's mistake, not the device's.
     */
    static Throwable unreadArgument(final Throwable error) {
        boolean converting = false;
        for (Throwable t = error; t != null; t = t.getCause()) {
            converting |= t.getMessage() != null && t.getMessage().startsWith(CUCUMBER_CONVERSION_FAILURE);
            if (converting && t instanceof NumberFormatException) {
                return t;
            }
        }
        return null;
    }

    private void write() {
        try {
            if (out.getParentFile() != null) {
                Files.createDirectories(out.getParentFile().toPath());
            }
            synchronized (errors) {
                Files.write(out.toPath(), errors.stream().sorted().toList(), StandardCharsets.UTF_8);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
    }

    /** {@code features/wire/encapsulation.feature} for a feature under a {@code features} folder. */
    static String featureLocation(final URI uri) {
        final String path = uri.getPath() != null ? uri.getPath() : uri.toString();
        final int at = path.lastIndexOf("/features/");
        return at >= 0 ? path.substring(at + 1) : path;
    }
}
