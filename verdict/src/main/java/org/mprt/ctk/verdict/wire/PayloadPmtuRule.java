package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;

/**
 * MPRT-WIRE-033: a data packet's payload is at most the connection's PMTU. Without a PICS the
 * connection's PMTU is unknown, so the bound is the largest PMTU the profile allows (4096).
 */
public final class PayloadPmtuRule extends DataPacketCheck {

    /** The largest PMTU of section 5.1. */
    public static final int MAX_PMTU_BYTES = 4096;

    private final int pmtuBytes;

    public PayloadPmtuRule() {
        this(MAX_PMTU_BYTES);
    }

    public PayloadPmtuRule(final int pmtuBytes) {
        super("MPRT-WIRE-033");
        this.pmtuBytes = pmtuBytes;
    }

    @Override
    protected String violation(final Observation o) {
        final int payload = o.packet().payloadLength();
        return payload <= pmtuBytes ? null
            : "payload: expected at most the PMTU of " + pmtuBytes + " bytes, found " + payload + " bytes";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
