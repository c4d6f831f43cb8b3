package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.pics.Pics;

/**
 * A time a scenario states, either as a number ({@code 20 µs}) or by the name of a spec timer
 * ({@code ACK_REQ_DELAY}), resolved against the device's PICS when it is used.
 *
 * @param text  as written in the feature file
 * @param ns    the value in nanoseconds, for a number
 * @param timer the timer, for a name; null for a number
 */
public record TimeBound(String text, long ns, SpecTimer timer) {

    /** Reads {@code 2 µs}, {@code 1.5 ms} or a timer name such as {@code ACK_REQ_DELAY}. */
    public static TimeBound parse(final String text) {
        final String t = text.trim();
        if (!t.isEmpty() && Character.isLetter(t.charAt(0))) {
            return new TimeBound(t, 0, SpecTimer.named(t));
        }
        return new TimeBound(t, Quantity.timeNs(t), null);
    }

    public long resolveNs(final Pics pics) {
        return timer == null ? ns : timer.valueNs(pics);
    }

    @Override
    public String toString() {
        return text;
    }
}
