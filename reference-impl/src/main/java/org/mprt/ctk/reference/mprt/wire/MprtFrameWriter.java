package org.mprt.ctk.reference.mprt.wire;

import java.nio.ByteBuffer;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Writes every MPRT frame a node sends, through the codec's {@link FrameEncoder} into one reused
 * buffer: {@code begin*} lays the frame out and returns the encoder, whose BTH and extension
 * header views the caller fills; {@code finish*} writes pad, lengths, checksums and ICRC. The
 * wire-level deviations of a mutant live here, each on the one line that breaks its field.
 */
public final class MprtFrameWriter {

    /** Large enough for a 4096-byte payload with two VLAN tags over IPv6. */
    public static final int MAX_FRAME_BYTES = 4352;

    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] frame = new byte[MAX_FRAME_BYTES];
    private final ByteBuffer frameView = ByteBuffer.wrap(frame);
    private final MprtConfig config;

    public MprtFrameWriter(final MprtConfig config) {
        this.config = config;
    }

    /** The frame being written; valid until the next {@code begin*}. */
    public byte[] frame() {
        return frame;
    }

    public ByteBuffer frameBuffer() {
        return frameView;
    }

    /** Lays out an MPRT_WRITE or MPRT_SEND of {@code payloadBytes}; fill BTH, MDETH and payload, then {@link #finishData}. */
    public FrameEncoder beginData(final PlaneLink link, final int udpSourcePort, final boolean send, final int payloadBytes) {
        // Deviation.NOT_ECN_CAPABLE: data goes out Not-ECT instead of ECT(0) (MPRT-WIRE-006).
        final int ecn = config.deviates(Deviation.NOT_ECN_CAPABLE) ? Ecn.NOT_ECT : Ecn.ECT_0;
        link.configure(encoder, udpSourcePort, ecn);
        final int alignedPad = (4 - (payloadBytes & 3)) & 3;
        // Deviation.WRONG_PADCNT: one pad byte more than alignment needs (MPRT-WIRE-012).
        final int pad = config.deviates(Deviation.WRONG_PADCNT) ? (alignedPad + 1) & 3 : -1;
        encoder.opcode(send ? OpcodeTable.MPRT_SEND : OpcodeTable.MPRT_WRITE).recordCount(0)
            .payloadLength(payloadBytes).padCount(pad).begin(frame, 0);
        return encoder;
    }

    /** Completes a data frame; returns its length. */
    public int finishData() {
        if (config.deviates(Deviation.NON_ZERO_RESERVED)) {
            // Deviation.NON_ZERO_RESERVED: resv5 must be 0 (MPRT-WIRE-032).
            encoder.extensions().mdeth().resv5(1);
        }
        final int length = encoder.finish();
        if (config.deviates(Deviation.BAD_ICRC)) {
            // Deviation.BAD_ICRC: every bit of the ICRC inverted (MPRT-WIRE-007).
            Icrc.write(frameView, encoder.icrcOffset(), ~Icrc.read(frameView, encoder.icrcOffset()));
        }
        return length;
    }

    /** Lays out an ACK (with {@code records} stream records), NAK, PROBE or PROBE_REPLY. */
    public FrameEncoder beginControl(final PlaneLink link, final int udpSourcePort, final Opcode opcode, final int records) {
        link.configure(encoder, udpSourcePort, Ecn.ECT_0);
        encoder.opcode(opcode).recordCount(records).payloadLength(0).padCount(-1).begin(frame, 0);
        return encoder;
    }

    public int finishControl() {
        return encoder.finish();
    }

    public BthFlyweight bth() {
        return encoder.bth();
    }

    /** IP length of a data packet with {@code payloadBytes} (what guidance counts, MPRT-RECV-003). */
    public static int dataDatagramBytes(final NetworkKind kind, final int payloadBytes) {
        final int ip = kind == NetworkKind.IPV4 ? Ipv4Flyweight.IPV4_LENGTH : Ipv6Flyweight.IPV6_LENGTH;
        final int pad = (4 - (payloadBytes & 3)) & 3;
        return ip + UdpFlyweight.UDP_LENGTH + BthFlyweight.BTH_LENGTH + MdethFlyweight.MDETH_LENGTH + payloadBytes + pad
            + Icrc.ICRC_LENGTH;
    }
}
