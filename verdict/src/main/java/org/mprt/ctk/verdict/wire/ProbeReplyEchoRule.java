package org.mprt.ctk.verdict.wire;

import java.util.Map;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.EvidenceRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.IcrcWrong;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.mprt.MpethFlyweight;

/**
 * MPRT-WIRE-060: a PROBE_REPLY echoes the path_id, probe_id, tx_timestamp and BTH.PSN of its
 * PROBE. The PROBE is found by probe_id on the reverse connection direction; a reply whose probe
 * is not in the capture (taken too late, or at a point the probe did not cross) cannot be judged.
 */
@JudgedWithoutTime
public final class ProbeReplyEchoRule extends EvidenceRule {

    static final int REMEMBERED_PROBES = 4096;

    private record ProbeKey(long direction, long probeId) {
    }

    private record Probe(int pathId, long txTimestamp, int psn, long frame) {
    }

    private final Map<ProbeKey, Probe> probes = new BoundedMap<>(REMEMBERED_PROBES);

    public ProbeReplyEchoRule() {
        super("MPRT-WIRE-060");
    }

    @Override
    public int kinds() {
        return FrameKind.of(FrameKind.MPRT_PROBE, FrameKind.MPRT_PROBE_REPLY);
    }

    @Override
    public void observe(final Observation o) {
        if (IcrcWrong.leftUnjudged(o, evidence)) {
            return;
        }
        if (MprtPackets.isProbe(o)) {
            final MpethFlyweight p = o.packet().extensions().mpeth();
            probes.put(new ProbeKey(direction(o.packet().bth().destQp(), p.scn()), p.probeId()),
                new Probe(p.pathId(), p.txTimestamp(), o.psn(), o.frameNumber()));
        } else if (MprtPackets.isProbeReply(o)) {
            judgeReply(o);
        }
    }

    private void judgeReply(final Observation o) {
        final MpethFlyweight r = o.packet().extensions().mpeth();
        // The reply travels the other way: its DestQP is the prober's SCN and its SCN the prober's DCN.
        final Probe probe = probes.get(new ProbeKey(direction(r.scn(), o.packet().bth().destQp()), r.probeId()));
        if (probe == null) {
            evidence.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": PROBE_REPLY for probe_id "
                + r.probeId() + " whose PROBE is not in the capture");
            return;
        }
        final String mismatch;
        if (r.pathId() != probe.pathId()) {
            mismatch = MpethFlyweight.PATH_ID.id() + ": expected " + probe.pathId() + " as in the PROBE of frame "
                + probe.frame() + ", found " + r.pathId();
        } else if (r.txTimestamp() != probe.txTimestamp()) {
            mismatch = MpethFlyweight.TX_TIMESTAMP.id() + ": expected " + probe.txTimestamp()
                + " as in the PROBE of frame " + probe.frame() + ", found " + r.txTimestamp();
        } else if (o.psn() != probe.psn()) {
            mismatch = "bth.psn: expected " + probe.psn() + " as in the PROBE of frame " + probe.frame() + ", found "
                + o.psn();
        } else {
            mismatch = null;
        }
        if (mismatch == null) {
            evidence.conforming(o.frameNumber());
        } else {
            evidence.violation(o.frameNumber(), mismatch);
        }
    }

    private static long direction(final int destQp, final int scn) {
        return ((long) destQp << 24) | scn;
    }

    @Override
    public Verdict verdict() {
        return evidence.verdict(evidence.checked() + " PROBE_REPLYs echo their PROBE",
            "no PROBE_REPLY in the capture");
    }
}
