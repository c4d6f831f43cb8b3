package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.RecentTable;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-WIRE-034: every packet of one message carries the same stream, MSN, message_length, opcode
 * and placement (WRITE: base address and rkey; SEND: RSN). A message is named by its connection
 * direction (DCN, SCN), stream and MSN; the first packet seen of it sets what the others must match.
 */
public final class MessageConsistencyRule extends DataPacketCheck {

    /** Messages remembered: 64 paths of 256 PSNs hold at most 16384 packets, so as many messages, in flight. */
    static final int REMEMBERED_MESSAGES = 1 << 14;

    /** Columns of a remembered message: what its first packet carried. */
    private static final int OPCODE = 0;
    private static final int MESSAGE_LENGTH = 1;
    private static final int BASE = 2;
    private static final int RKEY_OR_RSN = 3;
    private static final int FIRST_FRAME = 4;

    /** Messages by (DestQP and SCN, stream, MSN). */
    private final RecentTable<Void> messages = new RecentTable<>(REMEMBERED_MESSAGES, 3, 5);
    private final long[] key = new long[3];

    public MessageConsistencyRule() {
        super("MPRT-WIRE-034");
    }

    @Override
    protected String violation(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        key[0] = ((long) o.packet().bth().destQp() << 24) | m.scn();
        key[1] = m.streamId();
        key[2] = m.msn();
        final boolean send = m.isSendLayout();
        final int opcode = o.packet().opcodeValue();
        final long length = m.messageLength();
        final long base = send ? 0 : m.virtualAddress() - m.messageOffset();
        final long rkeyOrRsn = send ? m.rsn() : m.rkey();
        final int first = messages.slotFor(key, m.streamId());
        if (messages.wasInserted()) {
            final int slot = first;
            messages.value(slot, OPCODE, opcode);
            messages.value(slot, MESSAGE_LENGTH, length);
            messages.value(slot, BASE, base);
            messages.value(slot, RKEY_OR_RSN, rkeyOrRsn);
            messages.value(slot, FIRST_FRAME, o.frameNumber());
            return null;
        }
        if (messages.value(first, OPCODE) == opcode && messages.value(first, MESSAGE_LENGTH) == length
            && messages.value(first, RKEY_OR_RSN) == rkeyOrRsn && (send || messages.value(first, BASE) == base)) {
            return null;
        }
        return mismatch(new Placement((int) messages.value(first, OPCODE), messages.value(first, MESSAGE_LENGTH),
            messages.value(first, BASE), messages.value(first, RKEY_OR_RSN), messages.value(first, FIRST_FRAME)),
            new Placement(opcode, length, base, rkeyOrRsn, o.frameNumber()), send, m);
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
}
