package org.mprt.ctk.verdict.connection;

import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Timers;

/**
 * MPRT-CONN-004 (mprt-v0.1.md section 5.3): after a node sends a fatal NAK on a connection it sends no
 * MPRT_ACK and no MPRT_PROBE_REPLY on that connection, and no data packet or PROBE on it later than
 * ACK_REQ_DELAY after that NAK. Judged at the ports of the node that sent the NAK (the receiver of
 * the NAKed direction).
 *
 * <p>Reading for a capture: everything a node sends on a connection carries the same (DestQP, SCN)
 * pair as its NAK (section 5.2): its ACKs and PROBE_REPLYs answering the NAKed direction, its own data
 * and PROBEs in the other. ACK_REQ_DELAY is widened by the judging tolerance; it is allowance only
 * for data and PROBEs, since the NAK's sender acknowledges nothing once in ERROR. A fatal NAK repeated
 * (MPRT-CONN-007) is not held against it. Each fatal NAK is one instance.
 */
public final class FatalNakSilenceRule extends FatalNakRule {

    public FatalNakSilenceRule(final Timers timers) {
        super("MPRT-CONN-004", JudgedAt.RECEIVER, timers);
    }

    @Override
    protected void afterNak(final Observation o) {
        if (MprtOpcodes.isAck(o.packet()) || MprtOpcodes.isProbeReply(o.packet())) {
            final MprtDirection nakked = o.mprtAnswered();
            final Nak n = nakOf(nakked);
            if (n != null) {
                violation(o, nakked, n, MprtOpcodes.isAck(o.packet()) ? "an MPRT_ACK" : "an MPRT_PROBE_REPLY", 0);
            }
            return;
        }
        final MprtDirection own = o.mprtDirection();
        final MprtDirection nakked = o.state().mprtDirection(own.key().reversed());
        final Nak n = nakOf(nakked);
        if (n != null && beyondAckReqDelay(n, o.timestampNs())) {
            violation(o, nakked, n, MprtOpcodes.isProbe(o.packet()) ? "an MPRT_PROBE" : "a data packet",
                o.timestampNs() - n.ns());
        }
    }

    private void violation(final Observation o, final MprtDirection nakked, final Nak n, final String what,
                           final long afterNs) {
        violation(o, nakked, "bth.opcode: " + what + " on the connection after the node sent"
            + " the fatal NAK of frame " + n.frame() + " (code 0x" + Integer.toHexString(n.code()) + ")"
            + (afterNs > 0 ? ", " + afterNs + " ns later, beyond ACK_REQ_DELAY (" + timers.ackReqBoundNs()
            + " ns with the judging tolerance)" : ""));
    }

    @Override
    protected String passText(final long checked) {
        return checked + " fatal NAKs were followed by silence from their sender on the connection";
    }
}
