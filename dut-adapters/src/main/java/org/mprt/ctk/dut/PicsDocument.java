package org.mprt.ctk.dut;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PICS as a device declares it (mprt-v0.1.md section 15): its YAML text and where it comes from.
 * The suite validates and reads it with the verdict engine's PICS reader; adapters only carry it.
 *
 * @param source where the text was read, for reports (a classpath resource or a file)
 * @param yaml   the PICS document
 */
public record PicsDocument(String source, String yaml) {

    /** The empty timers block, with the comment above it that says so, when there is one. */
    private static final Pattern EMPTY_TIMERS = Pattern.compile("(?m)^(#[^\n]*defaults[^\n]*\n)?timers: \\{}\n");
    private static final String TIMERS_COMMENT = "# Timers in place of their defaults (mprt-v0.1.md section 14).\n";
    private static final Pattern JUDGING_TOLERANCE = Pattern.compile("(?m)^judgingToleranceNs: \\d+$");

    /** The PICS of the kit's MPRT reference implementation. */
    public static final String REFERENCE_MPRT = "/spec/pics/reference-mprt.yaml";
    /** The PICS of the kit's RoCEv2 go-back-N baseline. */
    public static final String REFERENCE_ROCEV2 = "/spec/pics/reference-rocev2.yaml";

    /** Reads a PICS packaged with the kit, e.g. {@link #REFERENCE_MPRT}. */
    public static PicsDocument fromClasspath(final String resource) {
        try (InputStream in = PicsDocument.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the spec jar");
            }
            return new PicsDocument("classpath:" + resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * This PICS declaring {@code timers} (the spec's names, values in the PICS's units) in place of
     * its empty {@code timers: {}} block; this PICS itself for none. The source stays; a caller that
     * tells the two apart says so in its own.
     *
     * @throws IllegalStateException when this PICS has no empty timers block to fill
     */
    public PicsDocument withTimers(final Map<String, ? extends Number> timers) {
        if (timers.isEmpty()) {
            return this;
        }
        final StringBuilder block = new StringBuilder(TIMERS_COMMENT + "timers:\n");
        timers.forEach((name, value) -> block.append("  ").append(name).append(": ").append(value).append('\n'));
        return new PicsDocument(source, replaced(EMPTY_TIMERS, block.toString(), "empty timers block"));
    }

    /**
     * This PICS declaring a JUDGING_TOLERANCE of {@code toleranceNs}.
     *
     * @throws IllegalStateException when this PICS declares no judgingToleranceNs to replace
     */
    public PicsDocument withJudgingToleranceNs(final long toleranceNs) {
        return new PicsDocument(source, replaced(JUDGING_TOLERANCE, "judgingToleranceNs: " + toleranceNs,
            "judgingToleranceNs line"));
    }

    private String replaced(final Pattern what, final String with, final String expected) {
        final Matcher m = what.matcher(yaml);
        if (!m.find()) {
            throw new IllegalStateException("the PICS " + source + " has no " + expected + " to replace");
        }
        return m.replaceFirst(Matcher.quoteReplacement(with));
    }
}
