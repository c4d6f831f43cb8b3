package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/** MPRT-WIRE-031: F exactly on message_offset 0, L exactly on the packet carrying the last byte. */
public final class FirstLastFlagsRule extends DataPacketCheck {

    public FirstLastFlagsRule() {
        super("MPRT-WIRE-031");
    }

    @Override
    protected String violation(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final int first = m.messageOffset() == 0 ? 1 : 0;
        if (m.f() != first) {
            return MdethFlyweight.F.id() + ": expected " + first + " for message_offset " + m.messageOffset()
                + ", found " + m.f();
        }
        final int last = m.messageOffset() + o.packet().payloadLength() == m.messageLength() ? 1 : 0;
        if (m.l() != last) {
            return MdethFlyweight.L.id() + ": expected " + last + " for a payload ending at message byte "
                + (m.messageOffset() + o.packet().payloadLength()) + " of " + m.messageLength() + ", found " + m.l();
        }
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
