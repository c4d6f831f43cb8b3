package org.mprt.ctk.verdict.roce;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.SidedEvidence;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;

/**
 * ROCE-WIRE-007 (rocev2-baseline.md section 3): a sender never sends ECN CE (11); it sends ECT(0) or
 * ECT(1) when it declares RoCEv2 congestion management (PICS {@code cnp}) and Not-ECT (00) otherwise.
 * Judged at the sender's port, since switches may mark CE on the way.
 *
 * <p>Reading for a capture: both nodes of a QP send: the requester its requests, judged where the
 * capture stands at the requester, and the responder its acknowledgements, judged where it stands at
 * the responder; the two are kept apart ({@link SidedEvidence} for each) and the verdict combines
 * them. Other RoCEv2 packets (CNPs, UD, READ responses) are not tied to a QP direction and are not
 * judged. Without a PICS, only CE is judged: whether the device declares {@code cnp} is not known.
 */
@JudgedWithoutTime
public final class EcnCodepointRule extends Rule {

    private static final String ID = "ROCE-WIRE-007";

    private final SidedEvidence requests = new SidedEvidence(ID, JudgedAt.SENDER, false, false);
    private final SidedEvidence answers = new SidedEvidence(ID, JudgedAt.RECEIVER, false, false);
    private final Boolean cnp;

    /**
     * @param cnp true or false as the PICS declares {@code cnp}; null without a PICS
     */
    public EcnCodepointRule(final Boolean cnp) {
        this.cnp = cnp;
    }

    @Override
    public String requirementId() {
        return ID;
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable()) {
            return;
        }
        final QueuePairDirection d;
        final SidedEvidence e;
        if (RoceOpcodes.isRequest(o.packet().opcode())) {
            d = o.state().roceRequests(o.packet());
            e = requests;
        } else if (RoceOpcodes.isAcknowledge(o.packet().opcode())) {
            d = o.state().roceAnswered(o.packet());
            e = answers;
        } else {
            return;
        }
        if (d == null) {
            return;
        }
        final int ecn = o.packet().ecn();
        final String field = o.packet().hasIpv4() ? Ipv4Flyweight.ECN.id() : Ipv6Flyweight.ECN.id();
        if (ecn == Ecn.CE) {
            e.of(d).violation(o.frameNumber(), () -> field + ": expected ECT(0), ECT(1) or Not-ECT from the sender, found CE (3)");
        } else if (cnp != null && cnp && ecn == Ecn.NOT_ECT) {
            e.of(d).violation(o.frameNumber(), () -> field + ": expected ECT(0) or ECT(1), the PICS declares cnp, found Not-ECT (0)");
        } else if (cnp != null && !cnp && ecn != Ecn.NOT_ECT) {
            e.of(d).violation(o.frameNumber(), () -> field + ": expected Not-ECT (0), the PICS does not declare cnp, found "
                + Ecn.name(ecn) + " (" + ecn + ")");
        } else {
            e.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    public Verdict verdict() {
        final Verdict a = requests.verdict(n -> n + " RoCEv2 requests and acknowledgements carry the ECN codepoint"
            + " their sender must use", "no RoCEv2 request or acknowledgement in the capture");
        final Verdict b = answers.verdict(n -> n + " RoCEv2 requests and acknowledgements carry the ECN codepoint"
            + " their sender must use", "no RoCEv2 request or acknowledgement in the capture");
        return combine(a, b);
    }

    private static Verdict combine(final Verdict a, final Verdict b) {
        for (final Outcome o : new Outcome[] {Outcome.FAIL, Outcome.PASS, Outcome.INCONCLUSIVE}) {
            if (a.outcome() == o && b.outcome() == o) {
                final List<Long> frames = new ArrayList<>(new java.util.TreeSet<>(concat(a.frames(), b.frames())));
                final boolean aFirst = a.frames().isEmpty() || !b.frames().isEmpty() && a.frames().get(0) <= b.frames().get(0);
                final Verdict first = aFirst ? a : b;
                return new Verdict(ID, o, frames.subList(0, Math.min(frames.size(), 20)),
                    o == Outcome.PASS ? (a.checked() + b.checked()) + " RoCEv2 requests and acknowledgements carry the"
                        + " ECN codepoint their sender must use" : first.explanation(),
                    a.checked() + b.checked(), a.violations() + b.violations());
            }
            if (a.outcome() == o) {
                return a;
            }
            if (b.outcome() == o) {
                return b;
            }
        }
        return a;
    }

    private static List<Long> concat(final List<Long> a, final List<Long> b) {
        final List<Long> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
