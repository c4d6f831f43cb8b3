package org.mprt.ctk.verdict.connection;

import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Timers;

/**
 * MPRT-CONN-005 (mprt-v0.1.md section 5.3): after a fatal NAK reaches a node, that node sends no data
 * packet, PROBE or ACK on that connection later than ACK_REQ_DELAY after the NAK arrived. Judged at
 * the ports of the node the NAK reaches (the sender of the NAKed direction), where the NAK's capture
 * is its arrival.
 *
 * <p>Reading for a capture: the node's data and PROBEs are those of the NAKed direction; its ACKs
 * answer the other direction of the connection. ACK_REQ_DELAY is widened by the judging tolerance.
 * Each fatal NAK (the first per connection direction) is one instance.
 */
public final class FatalNakStopRule extends FatalNakRule {

    public FatalNakStopRule(final Timers timers) {
        super("MPRT-CONN-005", JudgedAt.SENDER, timers);
    }

    @Override
    protected void afterNak(final Observation o) {
        final MprtDirection nakked;
        final String what;
        if (MprtOpcodes.isAck(o.packet())) {
            final MprtDirection answered = o.mprtAnswered();
            nakked = o.state().mprtDirection(answered.key().reversed());
            what = "an MPRT_ACK";
        } else if (MprtOpcodes.isData(o.packet()) || MprtOpcodes.isProbe(o.packet())) {
            nakked = o.mprtDirection();
            what = MprtOpcodes.isProbe(o.packet()) ? "an MPRT_PROBE" : "a data packet";
        } else {
            return;
        }
        final Nak n = nakOf(nakked);
        if (n != null && beyondAckReqDelay(n, o.timestampNs())) {
            violation(o, nakked, "bth.opcode: " + what + " on the connection "
                + (o.timestampNs() - n.ns()) + " ns after the fatal NAK of frame " + n.frame() + " (code 0x"
                + Integer.toHexString(n.code()) + ") reached the node, beyond ACK_REQ_DELAY (" + timers.ackReqBoundNs()
                + " ns with the judging tolerance)");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " fatal NAKs stopped their connection's data, PROBEs and ACKs at the node they reached";
    }
}
