package org.mprt.ctk.conformance.runtime;

import java.util.Optional;
import org.mprt.ctk.pics.Pics;

/**
 * The timers of mprt-v0.1.md section 14 that a probe's time bounds are written in, with the spec's
 * defaults. A device's PICS may declare another value (section 15, {@code timers}); the bound a
 * scenario states by name ({@code within ACK_REQ_DELAY}) is the value the device declares.
 */
public enum SpecTimer {
    ACK_REQ_DELAY(2_000),
    ACK_COALESCE_DELAY(8_000),
    ACK_DELAY(8_000),
    RTO_INIT(100_000),
    RTO_MIN(50_000),
    RTO_MAX(2_000_000),
    PROBE_INTERVAL(100_000),
    PROBE_TIMEOUT(200_000),
    RNR_DELAY(50_000),
    GUIDANCE_WINDOW(20_000),
    GUIDANCE_REACTION(10_000),
    /** RoCEv2 baseline (rocev2-baseline.md section 11): the bound for an answer a responder owes at once. */
    RESPONSE_BOUND(100_000);

    private final long defaultNs;

    SpecTimer(final long defaultNs) {
        this.defaultNs = defaultNs;
    }

    public long defaultNs() {
        return defaultNs;
    }

    /** The value the device declares in its PICS, else the default. ACK_DELAY follows ACK_COALESCE_DELAY. */
    public long valueNs(final Pics pics) {
        final SpecTimer declaredAs = this == ACK_DELAY ? ACK_COALESCE_DELAY : this;
        final Optional<Long> declared = pics == null ? Optional.empty() : pics.timerNs(declaredAs.name());
        return declared.orElse(declaredAs.defaultNs);
    }

    /** The timer of this name. */
    public static SpecTimer named(final String name) {
        for (final SpecTimer t : values()) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new ScenarioInputException("timer '" + name + "': expected a timer of mprt-v0.1.md section 14, one of "
            + java.util.Arrays.toString(values()));
    }
}
