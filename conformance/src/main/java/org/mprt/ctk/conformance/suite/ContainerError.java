package org.mprt.ctk.conformance.suite;

import java.net.URI;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A feature Cucumber could not run at all, as one line a person can act on. The engine reports
 * Gherkin it cannot parse as a discovery issue whose first line says only that there was one; the
 * file, line and what was expected follow on later lines, and are what the line gives.
 */
final class ContainerError {

    private static final Pattern UNPARSED = Pattern.compile(
        "Failed to parse resource at: (\\S+)\\s*\\R\\((\\d+):\\d+\\): ([^\\r\\n]*)");

    private ContainerError() {
    }

    /** {@code /x/broken.feature:9: the Gherkin cannot be read: expected: ..., got 'Scenario without a colon'}, or the message on one line. */
    static String describe(final String container, final String message) {
        final Matcher m = UNPARSED.matcher(String.valueOf(message));
        if (m.find()) {
            return file(m.group(1)) + ":" + m.group(2) + ": the Gherkin cannot be read: " + m.group(3);
        }
        return container + ": " + String.join(" ", String.valueOf(message).strip().split("\\s*\\R\\s*"));
    }

    private static String file(final String uri) {
        try {
            return Path.of(URI.create(uri)).toString();
        } catch (final IllegalArgumentException e) {
            return uri;
        }
    }
}
