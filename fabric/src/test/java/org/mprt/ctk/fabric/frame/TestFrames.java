package org.mprt.ctk.fabric.frame;

import java.nio.ByteBuffer;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.NetworkKind;

/** Frames for tests, built with the codec's FrameEncoder so the fabric carries real RoCEv2 frames. */
public final class TestFrames {

    /** Ethernet, IPv4, UDP, BTH and ICRC of a SEND_ONLY frame. */
    public static final int HEADERS_LENGTH = 14 + 20 + 8 + 12 + 4;

    private TestFrames() {
    }

    /** A RoCEv2 SEND_ONLY frame, ECT(0), with {@code psn} in the BTH; IPv4 or IPv6 by the address family. */
    public static byte[] roce(
        final long sourceMac, final long destinationMac, final IpAddress source, final IpAddress destination,
        final int sourcePort, final int payloadBytes, final int psn) {
        return roce(sourceMac, destinationMac, source, destination, sourcePort, payloadBytes, psn, Ecn.ECT_0);
    }

    public static byte[] roce(
        final long sourceMac, final long destinationMac, final IpAddress source, final IpAddress destination,
        final int sourcePort, final int payloadBytes, final int psn, final int ecn) {
        return roce(new FrameEncoder().padCount(-1), sourceMac, destinationMac, source, destination, sourcePort,
            payloadBytes, psn, ecn);
    }

    /**
     * An IPv4 RoCEv2 frame of exactly {@code length} bytes (at least 58 + 14), for arithmetic on
     * lengths: the payload is not padded to 4 bytes, which the fabric does not care about.
     */
    public static byte[] roceOfLength(final int length, final int ecn) {
        return roceOfLength(length, ecn, 0);
    }

    public static byte[] roceOfLength(final int length, final int ecn, final int psn) {
        return roce(new FrameEncoder().padCount(0).padToMinimumFrame(false), 0x02_00_00_00_00_01L,
            0x02_00_00_00_00_02L, IpAddress.ipv4(0x0A00_0001), IpAddress.ipv4(0x0A00_0002), 0xC000,
            length - HEADERS_LENGTH, psn, ecn);
    }

    private static byte[] roce(
        final FrameEncoder encoder, final long sourceMac, final long destinationMac, final IpAddress source,
        final IpAddress destination, final int sourcePort, final int payloadBytes, final int psn, final int ecn) {
        encoder.ethernet(destinationMac, sourceMac).udpSourcePort(sourcePort).payloadLength(payloadBytes).ecn(ecn);
        if (source.isIpv4()) {
            encoder.ipv4(source.ipv4Bits(), destination.ipv4Bits());
        } else {
            encoder.ipv6(source.high(), source.low(), destination.high(), destination.low());
        }
        final byte[] frame = new byte[encoder.frameLength()];
        encoder.begin(frame, 0);
        encoder.bth().destQp(0x12).psn(psn);
        for (int i = 0; i < payloadBytes; i++) {
            frame[encoder.payloadOffset() + i] = (byte) (i * 7 + psn);
        }
        final int length = encoder.finish();
        if (length != frame.length) {
            throw new IllegalStateException("encoder wrote " + length + " of " + frame.length + " bytes");
        }
        return frame;
    }

    /** What the codec's decoder says of a frame. */
    public static DecodeStatus decode(final byte[] frame, final int length) {
        final byte[] copy = java.util.Arrays.copyOf(frame, length);
        return PacketDecoder.decodeEthernet(ByteBuffer.wrap(copy), 0, length, new DecodedPacket());
    }

    /** True when the ICRC stored in an IP frame matches the one computed over it (IBTA Annex A17). */
    public static boolean icrcMatches(final byte[] frame, final int length) {
        final int network = FrameHeaders.networkOffset(frame, length);
        final NetworkKind kind = FrameHeaders.ipVersion(frame, network) == 4 ? NetworkKind.IPV4 : NetworkKind.IPV6;
        final int icrcOffset = FrameHeaders.datagramEnd(frame, network, length) - Icrc.ICRC_LENGTH;
        final ByteBuffer buffer = ByteBuffer.wrap(frame, 0, length);
        return Icrc.compute(buffer, network, kind, icrcOffset) == Icrc.read(buffer, icrcOffset);
    }

    /** The BTH PSN of a frame the decoder accepts structurally. */
    public static int psn(final byte[] frame, final int length) {
        final DecodedPacket packet = new DecodedPacket();
        PacketDecoder.decodeEthernet(ByteBuffer.wrap(java.util.Arrays.copyOf(frame, length)), 0, length, packet);
        return packet.bth().psn();
    }
}
