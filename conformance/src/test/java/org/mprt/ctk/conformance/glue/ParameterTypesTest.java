package org.mprt.ctk.conformance.glue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.cucumber.java.ParameterType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;

/**
 * Whatever numbers a feature file writes into a parameter, the parameter reads them or says what it
 * expected (a {@link ScenarioInputException}, reported with the file and line): never another
 * exception, which would fail the scenario as if the device were at fault. Each parameter type's
 * example has its digits replaced by random ones, from 1 to 40 of them, and every text its pattern
 * accepts is read, as Cucumber would.
 */
class ParameterTypesTest {

    /** An example of each parameter type with numbers in it. */
    private static final Map<String, String> EXAMPLES = Map.ofEntries(
        Map.entry("psn", "PSN 5"), Map.entry("path", "path 3"), Map.entry("probePath", "path 1 of connection 2"),
        Map.entry("connection", "connection 1"), Map.entry("stream", "stream 1"), Map.entry("loss", "0.5%"),
        Map.entry("share", "1%"), Map.entry("bytes", "64 KiB"), Map.entry("rate", "2.5 Gb/s"), Map.entry("time", "1.5 ms"),
        Map.entry("sack", "a SACK for PSNs 1, 3 and 4"), Map.entry("requirement", "MPRT-WIRE-007"));
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final int TEXTS_PER_TYPE = 2_000;

    @Test
    void shouldReadEveryNumberOrSayWhatItExpected() throws Exception {
        final ParameterTypes types = new ParameterTypes();
        final Random random = new Random(20261203L);
        int read = 0;
        int refused = 0;
        for (final Method method : ParameterTypes.class.getMethods()) {
            final ParameterType type = method.getAnnotation(ParameterType.class);
            if (type == null || !EXAMPLES.containsKey(type.name())) {
                continue;
            }
            final Pattern accepted = Pattern.compile(type.value());
            for (int i = 0; i < TEXTS_PER_TYPE; i++) {
                final String text = withRandomDigits(EXAMPLES.get(type.name()), random);
                if (!accepted.matcher(text).matches()) {
                    continue;
                }
                try {
                    method.invoke(types, text);
                    read++;
                } catch (final InvocationTargetException e) {
                    assertThat(e.getCause()).as(type.name() + " '" + text + "'").isInstanceOf(ScenarioInputException.class);
                    refused++;
                }
            }
        }
        assertThat(read).as("texts read").isGreaterThan(1_000);
        assertThat(refused).as("texts refused").isGreaterThan(1_000);
    }

    @Test
    void shouldHaveAnExampleForEveryParameterTypeThatTakesNumbers() {
        for (final Method method : ParameterTypes.class.getMethods()) {
            final ParameterType type = method.getAnnotation(ParameterType.class);
            if (type != null && type.value().contains("\\d")) {
                assertThat(EXAMPLES).as("an example of {" + type.name() + "}").containsKey(type.name());
                assertThatCode(() -> method.invoke(new ParameterTypes(), EXAMPLES.get(type.name())))
                    .as("the example of {" + type.name() + "} reads").doesNotThrowAnyException();
            }
        }
    }

    /** The example with each run of digits replaced by 1 to 40 random digits, leading zeros included. */
    private static String withRandomDigits(final String example, final Random random) {
        final Matcher m = DIGITS.matcher(example);
        final StringBuilder text = new StringBuilder();
        while (m.find()) {
            final StringBuilder digits = new StringBuilder();
            final int length = 1 + (random.nextBoolean() ? random.nextInt(3) : random.nextInt(40));
            for (int d = 0; d < length; d++) {
                digits.append((char) ('0' + random.nextInt(10)));
            }
            m.appendReplacement(text, digits.toString());
        }
        m.appendTail(text);
        return text.toString();
    }
}
