package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/** A packet check of the MDETH rules: it looks at MPRT data packets (MPRT_WRITE, MPRT_SEND) only. */
abstract class DataPacketCheck extends PacketCheck {

    DataPacketCheck(final String requirementId) {
        super(requirementId, "MPRT data packets");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT_DATA.bit();
    }

    @Override
    protected final boolean appliesTo(final Observation o) {
        return MprtPackets.isData(o);
    }
}
