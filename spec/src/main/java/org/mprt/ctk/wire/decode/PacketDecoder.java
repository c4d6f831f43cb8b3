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
 * {@link DecodeError}, {@link DecodeStatus#ICRC_MISMATCH}, or for a frame the capture cut short,
 * {@link DecodeStatus#SNAPPED} or {@link DecodeStatus#UNIDENTIFIED}. Only inconsistent arguments
 * (a range outside the buffer, an original length under the captured one) throw, since they are
 * bugs of the caller.
 *
 * <p><b>Captured and original length.</b> A capture may keep only the first bytes of a frame (a
 * snap length); its record then gives a captured length under the original length on the wire.
 * The overloads that take both judge the frame's IP and UDP lengths against the original length
 * and decode every header whose bytes were kept (see {@link DecodeStatus}); they never read a
 * byte past the captured length. The overloads with one length mean a frame captured whole.
 *
 * <p><b>What the decoder judges, and what it leaves to the verdict engine.</b> The decoder
 * reports structural errors, without which the rest of the frame cannot be located:
 * truncation of any header or record, an IP version other than the one announced, an IPv4 IHL
 * under 5, IP lengths beyond the bytes of the frame, a first IP fragment, a UDP length other than
 * the IP payload length, a UDP payload too short for BTH and ICRC, BTH TVer other than 0, an
 * unknown or reserved MPRT opcode, an extension header or MAETH record running into the ICRC, an
 * MAETH record_count over 16, a PadCnt larger than the bytes left, and bytes after the headers of
 * an opcode that carries no payload. It exposes, without judging, everything a rule decides:
 * reserved bits and fields, P_Key, DestQP, AckReq, FECN/BECN, DF, ECN, TTL, the IPv4 header and
 * UDP checksums, PadCnt versus 4-byte alignment and zero pad bytes, F/L/R flags against offsets,
 * path_id ranges, E against ce_count, SACK bit 0, NAK codes, AETH syndromes, and bytes after
 * the IP datagram (Ethernet padding).
 */
public final class PacketDecoder {

    private PacketDecoder() {
    }

    /**
     * Decodes a frame that begins with an Ethernet II header, optionally VLAN-tagged, captured whole.
     *
     * @param frameOffset absolute index of the frame's first byte
     * @param length      bytes of the frame present in the buffer
     */
    public static DecodeStatus decodeEthernet(
        final ByteBuffer buffer, final int frameOffset, final int length, final DecodedPacket out) {
        return decodeEthernet(buffer, frameOffset, length, length, out);
    }

    public static DecodeStatus decodeEthernet(final byte[] frame, final int offset, final int length, final DecodedPacket out) {
        return decodeEthernet(out.viewOf(frame), offset, length, length, out);
    }

    /**
     * Decodes a frame that begins with an Ethernet II header, of which the capture may have kept
     * only the first {@code capturedLengthBytes} of {@code originalLengthBytes} (a snap length).
     *
     * @param frameOffset         absolute index of the frame's first byte
     * @param capturedLengthBytes bytes of the frame present in the buffer (a pcap record's captured length)
     * @param originalLengthBytes bytes of the frame on the wire (the record's original length), at least the captured ones
     */
    public static DecodeStatus decodeEthernet(
        final ByteBuffer buffer, final int frameOffset, final int capturedLengthBytes, final long originalLengthBytes,
        final DecodedPacket out) {
        checkRange(buffer, frameOffset, frameOffset, capturedLengthBytes);
        checkOriginal(capturedLengthBytes, originalLengthBytes);
        out.reset(buffer, frameOffset, capturedLengthBytes, originalLengthBytes);
        return out.placeViews(LinkDecoder.decode(buffer, frameOffset, out.onWireFrom(frameOffset), out));
    }

    /** As {@link #decodeEthernet(ByteBuffer, int, int, long, DecodedPacket)}, for a frame in an array. */
    public static DecodeStatus decodeEthernet(
        final byte[] frame, final int offset, final int capturedLengthBytes, final long originalLengthBytes,
        final DecodedPacket out) {
        return decodeEthernet(out.viewOf(frame), offset, capturedLengthBytes, originalLengthBytes, out);
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
        checkRange(buffer, frameOffset, networkOffset, length);
        final int frameLength = networkOffset - frameOffset + length;
        return decode(buffer, frameOffset, networkOffset, kind, frameLength, frameLength, out);
    }

    public static DecodeStatus decode(
        final byte[] frame, final int networkOffset, final NetworkKind kind, final int length, final DecodedPacket out) {
        return decode(out.viewOf(frame), 0, networkOffset, kind, length, out);
    }

    /**
     * Decodes from the IP header of a frame that starts at {@code frameOffset} (where a link
     * layer the decoder does not parse may come first), of which the capture may have kept only
     * the first {@code capturedLengthBytes} of {@code originalLengthBytes} (a snap length). Both
     * lengths count from {@code frameOffset}, as a pcap record's do, not from the IP header.
     *
     * @param frameOffset         absolute index of the frame's first byte; error offsets count from here
     * @param networkOffset       absolute index of the IP header, within the captured bytes
     * @param capturedLengthBytes bytes of the frame present in the buffer (a pcap record's captured length)
     * @param originalLengthBytes bytes of the frame on the wire (the record's original length), at least the captured ones
     */
    public static DecodeStatus decode(
        final ByteBuffer buffer, final int frameOffset, final int networkOffset, final NetworkKind kind,
        final int capturedLengthBytes, final long originalLengthBytes, final DecodedPacket out) {
        Objects.requireNonNull(kind, "kind");
        checkRange(buffer, frameOffset, frameOffset, capturedLengthBytes);
        if (networkOffset < frameOffset || networkOffset - frameOffset > capturedLengthBytes) {
            throw new IndexOutOfBoundsException("IP header at " + networkOffset + " outside the frame of " + capturedLengthBytes
                + " captured bytes at " + frameOffset);
        }
        checkOriginal(capturedLengthBytes, originalLengthBytes);
        out.reset(buffer, frameOffset, capturedLengthBytes, originalLengthBytes);
        return out.placeViews(NetworkDecoder.decode(buffer, networkOffset, kind, out.onWireFrom(networkOffset), out));
    }

    private static void checkRange(final ByteBuffer buffer, final int frameOffset, final int start, final int length) {
        if (frameOffset < 0 || start < frameOffset || length < 0 || start > buffer.limit() - length) {
            throw new IndexOutOfBoundsException("frame at " + frameOffset + ", data at " + start + " length " + length
                + " outside a buffer of limit " + buffer.limit());
        }
    }

    private static void checkOriginal(final int capturedLengthBytes, final long originalLengthBytes) {
        if (originalLengthBytes < capturedLengthBytes) {
            throw new IllegalArgumentException("original length " + originalLengthBytes + " under the captured length "
                + capturedLengthBytes + " (expected at least " + capturedLengthBytes + ")");
        }
    }
}
