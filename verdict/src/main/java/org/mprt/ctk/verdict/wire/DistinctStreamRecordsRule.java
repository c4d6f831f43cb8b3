package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/** MPRT-WIRE-042: the stream records of one ACK name distinct streams. */
public final class DistinctStreamRecordsRule extends PacketCheck {

    public DistinctStreamRecordsRule() {
        super("MPRT-WIRE-042", "MPRT ACKs with stream records");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return MprtPackets.isAck(o) && o.packet().extensions().maeth().recordCount() > 0;
    }

    @Override
    protected String violation(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final int n = Math.min(a.recordCount(), AckFieldsRule.MAX_RECORDS);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (a.recordStreamId(i) == a.recordStreamId(j)) {
                    return MaethFlyweight.RECORD_STREAM_ID.id() + ": stream " + a.recordStreamId(i)
                        + " appears in records " + i + " and " + j + "; expected distinct streams";
                }
            }
        }
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
