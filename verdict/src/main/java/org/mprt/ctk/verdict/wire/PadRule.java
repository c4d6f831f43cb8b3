package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * MPRT-WIRE-012: payload plus pad is a multiple of 4 and the pad bytes are zero. The packet's length
 * fixes payload plus pad; PadCnt only splits it, so these two checks are what a capture can decide.
 * Pad bytes that a snap length cut off are not judged.
 */
public final class PadRule extends PacketCheck {

    public PadRule() {
        super("MPRT-WIRE-012", "MPRT packets");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT;
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isMprt();
    }

    @Override
    protected String violation(final Observation o) {
        final DecodedPacket p = o.packet();
        final int padded = p.payloadLength() + p.padCount();
        if (padded % 4 != 0) {
            return "bth.pad_cnt: payload plus pad must be a multiple of 4 bytes, found " + p.payloadLength()
                + " + " + p.padCount() + " = " + padded;
        }
        final int padStart = p.payloadOffset() + p.payloadLength();
        if (p.padCount() > 0 && !o.isWholePacket()) {
            return NOT_JUDGED;
        }
        for (int i = 0; i < p.padCount(); i++) {
            final int b = p.buffer().get(padStart + i) & 0xFF;
            if (b != 0) {
                return "pad: expected zero pad bytes, found 0x" + Integer.toHexString(b) + " at byte "
                    + (padStart + i - p.frameOffset());
            }
        }
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
