package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.ip.Ecn;

/**
 * MPRT-WIRE-006: data packets are sent ECN-capable. CE counts as capable: only an ECN-capable
 * packet can have been marked on the way.
 */
public final class DataEcnCapableRule extends DataPacketCheck {

    public DataEcnCapableRule() {
        super("MPRT-WIRE-006");
    }

    @Override
    protected String violation(final Observation o) {
        final int ecn = o.packet().ecn();
        return ecn != Ecn.NOT_ECT ? null
            : "ip.ecn: expected ECT(0), ECT(1) or CE, found Not-ECT (0b00) on a data packet";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
