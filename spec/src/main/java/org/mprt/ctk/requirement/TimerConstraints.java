package org.mprt.ctk.requirement;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The constraints that mprt-v0.1.md section 14 sets between its timers and parameters, beyond each
 * one's own range (MPRT-TIMER-001): what a PICS must declare and an implementation must run with.
 * Checked by name over a whole table, so that a PICS's timers (the schema's defaults for those it
 * leaves out) and a configuration are held to the same sentences.
 */
public final class TimerConstraints {

    /** One constraint: names that must be in order, each pair by {@code <=} or, where marked, {@code <}. */
    private record Chain(String text, List<String> names, List<Boolean> strict) {

        /** The value of {@code names[i]} before that of {@code names[i + 1]}: strictly where {@code strict[i]}. */
        boolean holds(final Map<String, ? extends Number> table) {
            for (int i = 0; i + 1 < names.size(); i++) {
                final double a = table.get(names.get(i)).doubleValue();
                final double b = table.get(names.get(i + 1)).doubleValue();
                if (strict.get(i) ? a >= b : a > b) {
                    return false;
                }
            }
            return true;
        }

        String values(final Map<String, ? extends Number> table) {
            final StringBuilder s = new StringBuilder();
            for (final String name : names) {
                s.append(s.length() == 0 ? "" : ", ").append(name).append(' ').append(table.get(name));
            }
            return s.toString();
        }
    }

    private static final List<Chain> CHAINS = List.of(
        new Chain("RTO_MIN <= RTO_INIT <= RTO_MAX", List.of("RTO_MIN", "RTO_INIT", "RTO_MAX"), List.of(false, false)),
        // A coalesced ACK never arrives after a timeout it should have prevented.
        new Chain("ACK_REQ_DELAY <= ACK_COALESCE_DELAY < RTO_MIN", List.of("ACK_REQ_DELAY", "ACK_COALESCE_DELAY", "RTO_MIN"),
            List.of(false, true)),
        new Chain("RNR_DELAY < RTO_MAX", List.of("RNR_DELAY", "RTO_MAX"), List.of(true)),
        new Chain("MIN_CWND <= INIT_CWND", List.of("MIN_CWND", "INIT_CWND"), List.of(false)));

    private TimerConstraints() {
    }

    /**
     * The first constraint {@code table} breaks, with the values that break it, e.g. {@code RTO_MIN <=
     * RTO_INIT <= RTO_MAX, here RTO_MIN 1000000, RTO_INIT 100000, RTO_MAX 2000000}; empty when it meets
     * them all.
     *
     * @param table every name the constraints use (section 14's), to its value in the PICS unit
     * @throws IllegalArgumentException when a name the constraints use is missing
     */
    public static Optional<String> broken(final Map<String, ? extends Number> table) {
        for (final Chain c : CHAINS) {
            for (final String name : c.names()) {
                if (table.get(name) == null) {
                    throw new IllegalArgumentException("no value for " + name + " to check " + c.text());
                }
            }
            if (!c.holds(table)) {
                return Optional.of(c.text() + ", here " + c.values(table));
            }
        }
        return Optional.empty();
    }
}
