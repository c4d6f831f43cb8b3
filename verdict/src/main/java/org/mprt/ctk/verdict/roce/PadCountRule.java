package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.bth.BthFlyweight;

/**
 * ROCE-BTH-003: PadCnt is (4 - payload length mod 4) mod 4, and 0 on packets without payload and on
 * First and Middle packets (whose payload is a whole PMTU).
 */
public final class PadCountRule extends PacketCheck {

    public PadCountRule() {
        super("ROCE-BTH-003", "RoCEv2 packets");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isRocev2();
    }

    @Override
    protected String violation(final Observation o) {
        final int payload = o.packet().payloadLength();
        final int padCnt = o.packet().bth().padCnt();
        final MessagePosition position = MessagePosition.of(o.packet().opcode());
        if (payload == 0 || position == MessagePosition.FIRST || position == MessagePosition.MIDDLE) {
            return Mismatch.unless(BthFlyweight.PAD_CNT.id(), 0, padCnt);
        }
        final int expected = (4 - payload % 4) % 4;
        return expected == padCnt ? null
            : Mismatch.of(BthFlyweight.PAD_CNT.id(), expected + " for a " + payload + "-byte payload", padCnt);
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
