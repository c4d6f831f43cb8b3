package org.mprt.ctk.verdict.connection;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * What MPRT-CONN-004 and MPRT-CONN-005 share: the first fatal NAK of each connection direction is
 * remembered, every later packet of the connection is shown to the subclass, and each fatal NAK is
 * one instance, conforming unless the subclass found a packet that breaks the silence it imposes.
 */
abstract class FatalNakRule extends BehaviourRule {

    /** A fatal NAK as captured. */
    protected record Nak(long frame, long ns, int code) {
    }

    protected final Timers timers;
    private final Map<MprtDirection, Nak> naks = new LinkedHashMap<>();
    private final Map<MprtDirection, Boolean> violated = new LinkedHashMap<>();

    FatalNakRule(final String requirementId, final JudgedAt judgedAt, final Timers timers) {
        super(requirementId, judgedAt, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT;
    }

    @Override
    public final void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable() || naks.isEmpty() && !MprtOpcodes.isNak(o.packet())) {
            return;
        }
        if (MprtOpcodes.isNak(o.packet())) {
            final MprtNakCode code = MprtNakCode.of(o.packet().extensions().mneth().nakCode());
            if (code != null && code.isFatal()) {
                naks.putIfAbsent(o.mprtAnswered(), new Nak(o.frameNumber(), o.timestampNs(), code.code()));
            }
            return;
        }
        afterNak(o);
    }

    /** A packet of a capture that holds a fatal NAK; the subclass decides whether it breaks the silence. */
    protected abstract void afterNak(Observation o);

    /** The fatal NAK of a connection direction, or null. */
    protected final Nak nakOf(final MprtDirection nakked) {
        return nakked == null ? null : naks.get(nakked);
    }

    /** True when {@code timeNs} lies beyond ACK_REQ_DELAY (with the judging tolerance) after the NAK. */
    protected final boolean beyondAckReqDelay(final Nak n, final long timeNs) {
        return timeNs - n.ns() > timers.ackReqBoundNs();
    }

    protected final void violation(final Observation o, final MprtDirection nakked, final String message) {
        violated.put(nakked, true);
        evidence.of(nakked).violation(o.frameNumber(), message);
    }

    @Override
    protected final void atEnd() {
        naks.forEach((d, n) -> {
            if (!violated.containsKey(d)) {
                evidence.of(d).conforming(n.frame());
            }
        });
    }

    @Override
    protected final String notApplicableText() {
        return "no fatal NAK in the capture";
    }
}
