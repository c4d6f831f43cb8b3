package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * Decodes one RoCEv2 or MPRT frame into a reusable {@link DecodedPacket} (mprt-v0.1.md section 3),
 * composing one decoder per layer: {@link LinkDecoder} (Ethernet, VLAN), {@link NetworkDecoder}
 * (IPv4/IPv6, UDP) and {@link TransportDecoder} (BTH, extension headers, payload, ICRC).
 *
 * <p>Stateless and allocation-free. Wire data never makes it throw: the result is
 * {@link DecodeStatus#OK}, {@link DecodeStatus#NOT_ROCE}, {@link DecodeStatus#MALFORMED} with a
 * {@link DecodeError}, or {@link DecodeStatus#ICRC_MISMATCH}. Only inconsistent arguments (a
 * range outside the buffer) throw, since they are bugs of the caller.
 *
 * <p><b>What the decoder judges, and what it leaves to the verdict engine.</b> The decoder
 * reports structural errors, without which the rest of the frame cannot be located:
 * truncation of any header or record, an IP version other than the one announced, an IPv4 IHL
 * under 5, IP lengths beyond the bytes present, a first IP fragment, a UDP length other than the
 * IP payload length, a UDP payload too short for BTH and ICRC, BTH TVer other than 0, an unknown
 * or reserved MPRT opcode, an extension header or MAETH record running into the ICRC, an MAETH
 * record_count over 16, a PadCnt larger than the bytes left, and bytes after the headers of an
 * opcode that carries no payload. It exposes, without judging, everything a rule decides:
 * reserved bits and fields, P_Key, DestQP, AckReq, FECN/BECN, DF, ECN, TTL, the IPv4 header and
 * UDP checksums, PadCnt versus 4-byte alignment and zero pad bytes, F/L/R flags against offsets,
 * path_id ranges, E against ce_count, SACK bit 0, NAK codes, AETH syndromes, and bytes after
 * the IP datagram (Ethernet padding).
 */
public final class PacketDecoder {

    private PacketDecoder() {
    }

    /**
     * Decodes a frame that begins with an Ethernet II header, optionally VLAN-tagged.
     *
     * @param frameOffset absolute index of the frame's first byte
     * @param length      bytes of the frame present in the buffer
     */
    public static DecodeStatus decodeEthernet(
        final ByteBuffer buffer, final int frameOffset, final int length, final DecodedPacket out) {
        checkRange(buffer, frameOffset, frameOffset, length);
        out.reset(buffer, frameOffset);
        return LinkDecoder.decode(buffer, frameOffset, length, out);
    }

    public static DecodeStatus decodeEthernet(final byte[] frame, final int offset, final int length, final DecodedPacket out) {
        return decodeEthernet(out.viewOf(frame), offset, length, out);
    }

    /**
     * Decodes from the IP header of a frame that starts at buffer index 0 (a slice or array
     * holding one frame); error offsets count from index 0.
     *
     * @param networkOffset index of the IP header
     * @param length        bytes present from {@code networkOffset} on
     */
    public static DecodeStatus decode(
        final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int length, final DecodedPacket out) {
        return decode(buffer, 0, networkOffset, kind, length, out);
    }

    /** As {@link #decode(ByteBuffer, int, NetworkKind, int, DecodedPacket)}, for a frame starting at {@code frameOffset}. */
    public static DecodeStatus decode(
        final ByteBuffer buffer, final int frameOffset, final int networkOffset, final NetworkKind kind, final int length,
        final DecodedPacket out) {
        Objects.requireNonNull(kind, "kind");
        checkRange(buffer, frameOffset, networkOffset, length);
        out.reset(buffer, frameOffset);
        return NetworkDecoder.decode(buffer, networkOffset, kind, length, out);
    }

    public static DecodeStatus decode(
        final byte[] frame, final int networkOffset, final NetworkKind kind, final int length, final DecodedPacket out) {
        return decode(out.viewOf(frame), 0, networkOffset, kind, length, out);
    }

    private static void checkRange(final ByteBuffer buffer, final int frameOffset, final int start, final int length) {
        if (frameOffset < 0 || start < frameOffset || length < 0 || start > buffer.limit() - length) {
            throw new IndexOutOfBoundsException("frame at " + frameOffset + ", data at " + start + " length " + length
                + " outside a buffer of limit " + buffer.limit());
        }
    }
}
