package org.mprt.ctk.verdict.captures;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Consumer;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.Opcode;

/**
 * Builds the frames of the kit's crafted captures through the wire codec: two nodes, A and B, on
 * two planes. Each frame is valid unless the caller's last step breaks it on purpose.
 */
final class FrameFactory {

    static final long MAC_A = 0x02_00_00_00_00_0AL;
    static final long MAC_B = 0x02_00_00_00_00_0BL;
    /** Plane 0: 10.0.0.1 and 10.0.0.2; plane 1: 10.1.0.1 and 10.1.0.2. */
    static final int[] IP_A = {0x0A00_0001, 0x0A01_0001};
    static final int[] IP_B = {0x0A00_0002, 0x0A01_0002};
    /** The connection numbers: B's DCN for A's data, A's for B's ACKs. */
    static final int DCN_AT_B = 0x000100;
    static final int DCN_AT_A = 0x000200;

    private final byte[] scratch = new byte[16384];

    /** Direction and plane of a frame. */
    enum Way { A_TO_B, B_TO_A }

    /** A frame from {@code way} on {@code plane}: settings before layout, fields after, a tamper last. */
    byte[] frame(final Way way, final int plane, final int udpSourcePort, final Opcode opcode, final int payloadBytes,
                 final Consumer<FrameEncoder> settings, final Consumer<FrameEncoder> fields,
                 final Consumer<ByteBuffer> tamper) {
        final FrameEncoder e = new FrameEncoder();
        if (way == Way.A_TO_B) {
            e.ethernet(MAC_B, MAC_A).ipv4(IP_A[plane], IP_B[plane]);
        } else {
            e.ethernet(MAC_A, MAC_B).ipv4(IP_B[plane], IP_A[plane]);
        }
        e.ecn(Ecn.ECT_0).udpSourcePort(udpSourcePort).opcode(opcode).payloadLength(payloadBytes);
        settings.accept(e);
        e.begin(scratch, 0);
        for (int i = 0; i < payloadBytes; i++) {
            scratch[e.payloadOffset() + i] = (byte) (i * 31 + 7);
        }
        fields.accept(e);
        final int length = e.finish();
        final ByteBuffer frame = ByteBuffer.wrap(scratch, 0, length);
        tamper.accept(frame);
        return Arrays.copyOf(scratch, length);
    }

    static Consumer<FrameEncoder> none() {
        return e -> { };
    }

    static Consumer<ByteBuffer> intact() {
        return b -> { };
    }

    /** A tamper that changes bytes and then restores a valid ICRC, so that only the intended fault remains. */
    static Consumer<ByteBuffer> rewrite(final Consumer<ByteBuffer> change, final int networkOffset,
                                        final org.mprt.ctk.wire.ip.NetworkKind kind) {
        return b -> {
            change.accept(b);
            Icrc.update(b, networkOffset, kind, b.limit() - Icrc.ICRC_LENGTH);
        };
    }

    /** An Ethernet frame of another protocol (ARP request), which the judge counts and skips. */
    static byte[] arpRequest() {
        final ByteBuffer b = ByteBuffer.allocate(60);
        b.putLong(0, 0xFFFF_FFFF_FFFFL << 16).putShort(6, (short) 0x0200).putInt(8, 0x0000_000A);
        b.putShort(12, (short) 0x0806).putShort(14, (short) 1).putShort(16, (short) 0x0800);
        b.put(18, (byte) 6).put(19, (byte) 4).putShort(20, (short) 1);
        b.putInt(28, IP_A[0]).putInt(38, IP_B[0]);
        b.put(6, (byte) 0x02).put(11, (byte) 0x0A);
        return b.array();
    }

    /** An IEEE 802.3x PAUSE frame (MAC control, EtherType 0x8808, opcode 1) from B. */
    static byte[] pauseFrame() {
        final ByteBuffer b = ByteBuffer.allocate(60);
        b.putShort(0, (short) 0x0180).putInt(2, 0xC200_0001);
        b.putShort(6, (short) 0x0200).putInt(8, 0x0000_000B);
        b.putShort(12, (short) 0x8808).putShort(14, (short) 0x0001).putShort(16, (short) 0xFFFF);
        return b.array();
    }
}
