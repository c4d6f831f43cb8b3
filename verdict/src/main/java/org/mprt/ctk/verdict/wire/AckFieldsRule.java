package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-WIRE-041: E is 1 exactly when ce_count is not 0; resv7 and the reserved half of each stream
 * record are 0; record_count at most 16 (the decoder has already held the MAETH's length to
 * 48 + 8 x record_count).
 */
public final class AckFieldsRule extends PacketCheck {

    static final int MAX_RECORDS = 16;

    public AckFieldsRule() {
        super("MPRT-WIRE-041", "MPRT ACKs", Profile.MPRT, MaethFlyweight.RECORD_COUNT);
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return MprtPackets.isAck(o);
    }

    @Override
    protected String violation(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final int expectedE = a.ceCount() != 0 ? 1 : 0;
        if (a.e() != expectedE) {
            return MaethFlyweight.E.id() + ": expected " + expectedE + " with ce_count " + a.ceCount() + ", found " + a.e();
        }
        if (a.recordCount() > MAX_RECORDS) {
            return MaethFlyweight.RECORD_COUNT.id() + ": expected at most " + MAX_RECORDS + ", found " + a.recordCount();
        }
        final String resv = Mismatch.unless(MaethFlyweight.RESV7.id(), 0, a.resv7());
        if (resv != null) {
            return resv;
        }
        for (int k = 0; k < a.recordCount(); k++) {
            if (a.recordReserved(k) != 0) {
                return Mismatch.of(MaethFlyweight.RECORD_RESERVED.id() + "[" + k + "]", 0, a.recordReserved(k));
            }
        }
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
