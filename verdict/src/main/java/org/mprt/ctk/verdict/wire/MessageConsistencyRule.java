package org.mprt.ctk.verdict.wire;

import java.util.Map;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-WIRE-034: every packet of one message carries the same stream, MSN, message_length, opcode
 * and placement (WRITE: base address and rkey; SEND: RSN). A message is named by its connection
 * direction (DCN, SCN), stream and MSN; the first packet seen of it sets what the others must match.
 */
public final class MessageConsistencyRule extends DataPacketCheck {

    /** Messages remembered: 64 paths of 256 PSNs hold at most 16384 packets, so as many messages, in flight. */
    static final int REMEMBERED_MESSAGES = 1 << 14;

    private record MessageKey(long connection, int streamId, long msn) {
        /** MSNs are consecutive and the connection constant: the bits are mixed so that buckets stay short. */
        @Override
        public int hashCode() {
            long h = (msn * 0x9E3779B97F4A7C15L) ^ (connection * 0xC2B2AE3D27D4EB4FL) ^ streamId;
            h ^= h >>> 29;
            h *= 0xBF58476D1CE4E5B9L;
            return (int) (h ^ h >>> 32);
        }
    }

    private record Placement(int opcode, long messageLength, long base, long rkeyOrRsn, long firstFrame) {
    }

    private final Map<MessageKey, Placement> messages = new BoundedMap<>(REMEMBERED_MESSAGES);

    public MessageConsistencyRule() {
        super("MPRT-WIRE-034");
    }

    @Override
    protected String violation(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final long connection = ((long) o.packet().bth().destQp() << 24) | m.scn();
        final MessageKey key = new MessageKey(connection, m.streamId(), m.msn());
        final boolean send = m.isSendLayout();
        final Placement seen = new Placement(o.packet().opcodeValue(), m.messageLength(),
            send ? 0 : m.virtualAddress() - m.messageOffset(), send ? m.rsn() : m.rkey(), o.frameNumber());
        final Placement first = messages.putIfAbsent(key, seen);
        if (first == null) {
            return null;
        }
        return mismatch(first, seen, send, m);
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
