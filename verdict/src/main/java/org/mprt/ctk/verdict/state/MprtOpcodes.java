package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** Which MPRT packet a decoded packet is (mprt-v0.1.md section 3.3). */
public final class MprtOpcodes {

    private MprtOpcodes() {
    }

    /** MPRT_WRITE or MPRT_SEND. */
    public static boolean isData(final DecodedPacket p) {
        final int op = p.opcodeValue();
        return op == OpcodeTable.MPRT_WRITE.code() || op == OpcodeTable.MPRT_SEND.code();
    }

    public static boolean isAck(final DecodedPacket p) {
        return p.opcodeValue() == OpcodeTable.MPRT_ACK.code();
    }

    public static boolean isNak(final DecodedPacket p) {
        return p.opcodeValue() == OpcodeTable.MPRT_NAK.code();
    }

    public static boolean isProbe(final DecodedPacket p) {
        return p.opcodeValue() == OpcodeTable.MPRT_PROBE.code();
    }

    public static boolean isProbeReply(final DecodedPacket p) {
        return p.opcodeValue() == OpcodeTable.MPRT_PROBE_REPLY.code();
    }

    /** An ACK, NAK or PROBE_REPLY: sent by the receiving node, carrying the reverse (DestQP, SCN) pair. */
    public static boolean isAnswer(final DecodedPacket p) {
        return isAck(p) || isNak(p) || isProbeReply(p);
    }

    /** The path_id a packet names, from whichever extension header its opcode has. */
    public static int pathId(final DecodedPacket p) {
        if (isData(p)) {
            return p.extensions().mdeth().pathId();
        }
        if (isAck(p)) {
            return p.extensions().maeth().pathId();
        }
        if (isNak(p)) {
            return p.extensions().mneth().pathId();
        }
        return p.extensions().mpeth().pathId();
    }
}
