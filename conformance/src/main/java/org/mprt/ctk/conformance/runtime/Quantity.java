package org.mprt.ctk.conformance.runtime;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quantities feature files are written in, read as the spec writes them: sizes ({@code 64 KiB}),
 * rates ({@code 100 Gb/s}), times ({@code 2 µs}) and fractions ({@code 1%} or {@code 0.01}). A value
 * that cannot be one is an input error that says what was expected.
 */
public final class Quantity {

    private static final Pattern BYTES = Pattern.compile("(\\d+)\\s*(bytes?|B|KiB|MiB)");
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(Gb/s|Mb/s)");
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|µs|us|ms|s)");
    private static final Pattern FRACTION = Pattern.compile("(\\d+(?:\\.\\d+)?)(%?)");

    private Quantity() {
    }

    /** {@code 1500 bytes}, {@code 64 KiB}, {@code 1 MiB}. */
    public static long bytes(final String text) {
        final Matcher m = BYTES.matcher(text.trim());
        if (!m.matches()) {
            throw new ScenarioInputException("size '" + text + "': expected a whole number of bytes, KiB or MiB, e.g. 4096 bytes or 64 KiB");
        }
        final int shift = switch (m.group(2)) {
            case "KiB" -> 10;
            case "MiB" -> 20;
            default -> 0;
        };
        return whole(m.group(1), "size in " + m.group(2), Long.MAX_VALUE >> shift) << shift;
    }

    /**
     * A whole number written in decimal digits, from 0 to {@code most}: one with more digits than a
     * long holds is an input error too, never a NumberFormatException that would fail the scenario.
     *
     * @param what what the number is, for the message: {@code path}, {@code PSN}
     */
    public static long whole(final String digits, final String what, final long most) {
        if (digits.isEmpty()) {
            throw new ScenarioInputException(what + ": expected a whole number from 0 to " + most);
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            final int digit = Character.digit(digits.charAt(i), 10);
            if (digit < 0 || value > (most - digit) / 10) {
                throw new ScenarioInputException(what + " " + digits + ": expected a whole number from 0 to " + most);
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** {@code 100 Gb/s}, {@code 25 Gb/s}, {@code 400 Mb/s}. */
    public static long rateBps(final String text) {
        final Matcher m = RATE.matcher(text.trim());
        if (!m.matches()) {
            throw new ScenarioInputException("link rate '" + text + "': expected a rate in Gb/s or Mb/s, e.g. 100 Gb/s");
        }
        final double value = Double.parseDouble(m.group(1));
        final long bps = Math.round(value * (m.group(2).equals("Gb/s") ? 1e9 : 1e6));
        if (bps <= 0) {
            throw new ScenarioInputException("link rate '" + text + "': expected a rate above 0");
        }
        return bps;
    }

    /** {@code 500 ns}, {@code 2 µs} (or {@code 2 us}), {@code 1.5 ms}, {@code 1 s}, in nanoseconds. */
    public static long timeNs(final String text) {
        final Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) {
            throw new ScenarioInputException("time '" + text + "': expected a number with ns, µs, ms or s, e.g. 2 µs");
        }
        final double value = Double.parseDouble(m.group(1));
        final double scale = switch (m.group(2)) {
            case "s" -> 1e9;
            case "ms" -> 1e6;
            case "µs", "us" -> 1e3;
            default -> 1;
        };
        return Math.round(value * scale);
    }

    /**
     * A probability: a percentage ({@code 1%}, {@code 0.5%}) or a fraction ({@code 0.01}), from 0 to 1.
     *
     * @param what what the number is, for the message: {@code loss rate}, {@code corruption rate}
     */
    public static double fraction(final String text, final String what) {
        final Matcher m = FRACTION.matcher(text.trim());
        final String expected = ": expected a fraction from 0 to 1 (e.g. 0.01) or a percentage from 0% to 100% (e.g. 1%)";
        if (!m.matches()) {
            throw new ScenarioInputException(what + " '" + text + "' is not a number" + expected);
        }
        final double value = Double.parseDouble(m.group(1)) / (m.group(2).isEmpty() ? 1 : 100);
        if (value < 0 || value > 1) {
            throw new ScenarioInputException(what + " " + text + " is not a probability" + expected);
        }
        return value;
    }

    /** A time in nanoseconds as people read it: {@code 2 µs}, {@code 1.5 ms}, {@code 800 ns}. */
    public static String formatNs(final long ns) {
        if (ns >= 1_000_000 && ns % 1_000 == 0) {
            return trim(ns / 1e6) + " ms";
        }
        if (ns >= 1_000) {
            return trim(ns / 1e3) + " µs";
        }
        return ns + " ns";
    }

    private static String trim(final double value) {
        final String s = String.format(Locale.ROOT, "%.3f", value);
        return s.replaceAll("\\.?0+$", "");
    }
}
