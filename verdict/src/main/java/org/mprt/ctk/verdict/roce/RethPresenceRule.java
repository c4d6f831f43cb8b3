package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.EvidenceRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.IcrcWrong;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * ROCE-RETH-001: the opcodes that carry a RETH (RDMA WRITE First, Only, Only with Immediate; RDMA
 * READ Request) have one. The decoder reads a RETH wherever the opcode table says one stands, so a
 * packet too short for it stops there, truncated in the RETH, in a frame the capture holds whole.
 * Whether a Middle or Last packet wrongly carries a RETH cannot be told from its payload.
 */
@JudgedWithoutTime
public final class RethPresenceRule extends EvidenceRule {

    public RethPresenceRule() {
        super("ROCE-RETH-001");
    }

    @Override
    public int kinds() {
        return FrameKind.of(FrameKind.ROCEV2, FrameKind.OTHER);
    }

    @Override
    public void observe(final Observation o) {
        if (IcrcWrong.leftUnjudged(o, evidence)) {
            return;
        }
        if (o.isRocev2() && o.packet().opcode().has(RethFlyweight.LAYOUT)) {
            evidence.conforming(o.frameNumber());
        } else if (o.status() == DecodeStatus.MALFORMED && !o.isSnapped() && o.profileHint() == Profile.ROCEV2
            && o.packet().error().header() == RethFlyweight.LAYOUT) {
            evidence.violation(o.frameNumber(), () -> o.packet().error().message()
                + ": the opcode requires a 16-byte RETH after the BTH");
        }
    }

    @Override
    public Verdict verdict() {
        return evidence.verdict(evidence.checked() + " packets whose opcode requires a RETH carry one",
            "no RoCEv2 packet whose opcode carries a RETH in the capture");
    }
}
