package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MessageRecord;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * MPRT-WIRE-034: every packet of one message carries the same stream, MSN, message_length, opcode
 * and placement (WRITE: base address and rkey; SEND: RSN). A message is named by its connection
 * direction (DCN, SCN), stream and MSN; the first packet seen of it sets what the others must match.
 *
 * <p>What the first packet carried is the connection state's record of the message
 * ({@link MessageRecord}), so the rule judges the packets the state follows: a packet with a bad
 * ICRC, which its receiver discards and whose fields may have been corrupted on the way, and a packet
 * of a direction past the state's cap are not judged; nor is a packet of a message the state has
 * forgotten (more than {@code StreamRecord.MAX_MESSAGES} messages of its stream begun since).
 */
public final class MessageConsistencyRule extends DataPacketCheck {

    public MessageConsistencyRule() {
        super("MPRT-WIRE-034");
    }

    @Override
    protected String violation(final Observation o) {
        if (!o.isAccountable()) {
            return NOT_JUDGED;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final StreamRecord stream = d == null ? null : d.stream(m.streamId());
        final MessageRecord first = stream == null ? null : stream.message(m.msn());
        if (first == null) {
            // The first packet seen of its message sets what the others must match, unless the state forgot the message.
            return stream != null && stream.forgot(m.msn()) ? NOT_JUDGED : null;
        }
        final boolean send = m.isSendLayout();
        final long length = m.messageLength();
        final long base = MessageRecord.baseOf(m);
        final long rkeyOrRsn = MessageRecord.rkeyOrRsnOf(m);
        final long firstRkeyOrRsn = first.isSend() ? first.rsn() : first.rkey();
        if (first.isSend() == send && first.length() == length && firstRkeyOrRsn == rkeyOrRsn
            && (send || first.base() == base)) {
            return null;
        }
        return mismatch(new Placement(opcodeOf(first.isSend()), first.length(), first.base(), firstRkeyOrRsn,
            first.firstFrame()), new Placement(o.packet().opcodeValue(), length, base, rkeyOrRsn, o.frameNumber()), send, m);
    }

    private static int opcodeOf(final boolean send) {
        return send ? OpcodeTable.MPRT_SEND.code() : OpcodeTable.MPRT_WRITE.code();
    }

    /** What one packet carried of its message's identity and placement; built only for a mismatch. */
    private record Placement(int opcode, long messageLength, long base, long rkeyOrRsn, long firstFrame) {
    }

    /** The first field in which {@code seen} differs from the message's first packet, or null. */
    private static String mismatch(final Placement first, final Placement seen, final boolean send,
                                   final MdethFlyweight m) {
        if (first.opcode() == seen.opcode() && first.messageLength() == seen.messageLength()
            && first.rkeyOrRsn() == seen.rkeyOrRsn() && (send || first.base() == seen.base())) {
            return null;
        }
        final String where = " (stream " + m.streamId() + ", MSN " + m.msn() + "; frame " + first.firstFrame()
            + " has ";
        if (first.opcode() != seen.opcode()) {
            return "bth.opcode: expected 0x" + Integer.toHexString(first.opcode()) + " for every packet of a message"
                + where + "0x" + Integer.toHexString(first.opcode()) + "), found 0x" + Integer.toHexString(seen.opcode());
        }
        if (first.messageLength() != seen.messageLength()) {
            return MdethFlyweight.MESSAGE_LENGTH.id() + ": expected " + first.messageLength() + where
                + "it), found " + seen.messageLength();
        }
        if (send && first.rkeyOrRsn() != seen.rkeyOrRsn()) {
            return MdethFlyweight.RSN.id() + ": expected " + first.rkeyOrRsn() + where + "it), found " + seen.rkeyOrRsn();
        }
        if (!send && first.base() != seen.base()) {
            return MdethFlyweight.VIRTUAL_ADDRESS.id() + ": expected virtual_address - message_offset = 0x"
                + Long.toHexString(first.base()) + where + "it), found 0x" + Long.toHexString(seen.base());
        }
        if (!send && first.rkeyOrRsn() != seen.rkeyOrRsn()) {
            return MdethFlyweight.RKEY.id() + ": expected 0x" + Long.toHexString(first.rkeyOrRsn()) + where
                + "it), found 0x" + Long.toHexString(seen.rkeyOrRsn());
        }
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
