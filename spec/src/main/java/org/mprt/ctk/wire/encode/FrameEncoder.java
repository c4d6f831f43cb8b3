package org.mprt.ctk.wire.encode;

import java.nio.ByteBuffer;
import java.util.List;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.InternetChecksum;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Writes a whole RoCEv2 or MPRT frame into a caller's buffer (mprt-v0.1.md section 3.1):
 * Ethernet with up to two VLAN tags (or none: the frame may start at the IP header), IPv4 or
 * IPv6, UDP to port 4791, BTH, the extension headers of the opcode, payload, zero pad and ICRC.
 *
 * <p>Use: configure, {@link #begin} to lay the frame out, fill the BTH, the extension headers and
 * the payload through the views, then {@link #finish} to write PadCnt, pad, lengths, the IPv4
 * checksum, the ICRC and, when asked, the UDP checksum. Re-using the encoder and the buffer
 * allocates nothing.
 *
 * <pre>{@code
 * encoder.ipv4(src, dst).udpSourcePort(0xC001).opcode(OpcodeTable.MPRT_WRITE).payloadLength(1024)
 *        .begin(buffer, 0);
 * encoder.bth().destQp(0x12).psn(7);
 * encoder.mdeth().pathId(3).f(1).msn(5).messageLength(4096).virtualAddress(va).rkey(rkey);
 * buffer.put(encoder.payloadOffset(), bytes);
 * int frameLength = encoder.finish();
 * }</pre>
 *
 * The encoder writes what it is told: an opcode it does not know gets no extension headers, and
 * a payload on an opcode without one is written as given, so probes can build invalid frames.
 */
public final class FrameEncoder {

    private final ExtensionHeaders views = new ExtensionHeaders();
    private final LinkWriter link = new LinkWriter();
    private final NetworkWriter network = new NetworkWriter();
    private final UdpFlyweight udpView = new UdpFlyweight();
    private final BthFlyweight bthView = new BthFlyweight();

    private int udpSourcePort = 0xC000;
    private int udpDestinationPort = UdpFlyweight.ROCEV2_PORT;
    private boolean computeUdpChecksum;
    private int udpChecksumValue;
    private int opcodeValue = OpcodeTable.RC_SEND_ONLY.code();
    private List<HeaderLayout> headers = OpcodeTable.RC_SEND_ONLY.headers();
    private int recordCount;
    private int payloadLength;
    private int padCountOverride = -1;

    private ByteBuffer buffer;
    private byte[] wrappedArray;
    private ByteBuffer arrayView;
    private int frameOffset = -1;
    private int networkOffset;
    private int udpOffset;
    private int bthOffset;
    private int payloadOffset;
    private int padCount;
    private int icrcOffset;
    private int datagramEnd;
    private boolean padCopied;

    // ---- link layer ----------------------------------------------------------------------------

    /** Starts frames with Ethernet II; MAC addresses are 48-bit values. */
    public FrameEncoder ethernet(final long destination, final long source) {
        link.ethernet = true;
        link.destinationMac = destination;
        link.sourceMac = source;
        return this;
    }

    /** Starts frames at the IP header (no link layer). */
    public FrameEncoder withoutEthernet() {
        link.ethernet = false;
        link.vlanCount = 0;
        return this;
    }

    /** Adds a VLAN tag after the previous one (outer first); TPID 0x8100 or 0x88A8. */
    public FrameEncoder vlan(final int tpid, final int pcp, final int dei, final int vid) {
        link.addVlan(tpid, pcp, dei, vid);
        return this;
    }

    public FrameEncoder clearVlans() {
        link.vlanCount = 0;
        return this;
    }

    /** Pads Ethernet frames with zeros to the 60-byte minimum as a NIC does (default on). */
    public FrameEncoder padToMinimumFrame(final boolean pad) {
        link.padToMinimumFrame = pad;
        return this;
    }

    // ---- network layer -------------------------------------------------------------------------

    public FrameEncoder ipv4(final int source, final int destination) {
        network.kind = NetworkKind.IPV4;
        network.ipv4Source = source;
        network.ipv4Destination = destination;
        return this;
    }

    /** IPv6 addresses as two 64-bit halves each, first half first on the wire. */
    public FrameEncoder ipv6(final long sourceHigh, final long sourceLow, final long destinationHigh, final long destinationLow) {
        network.kind = NetworkKind.IPV6;
        network.ipv6SourceHigh = sourceHigh;
        network.ipv6SourceLow = sourceLow;
        network.ipv6DestinationHigh = destinationHigh;
        network.ipv6DestinationLow = destinationLow;
        return this;
    }

    public FrameEncoder dscp(final int value) {
        network.dscp = value;
        return this;
    }

    /** ECN codepoint; default ECT(0), as MPRT data packets need (MPRT-WIRE-006). */
    public FrameEncoder ecn(final int value) {
        network.ecn = value;
        return this;
    }

    /** IPv4 TTL or IPv6 hop limit; default 64. */
    public FrameEncoder ttl(final int value) {
        network.ttl = value;
        return this;
    }

    public FrameEncoder identification(final int value) {
        network.identification = value;
        return this;
    }

    /** IPv4 DF flag; default 1 (MPRT-WIRE-005). */
    public FrameEncoder dontFragment(final int value) {
        network.dontFragment = value;
        return this;
    }

    public FrameEncoder flowLabel(final int value) {
        network.flowLabel = value;
        return this;
    }

    // ---- UDP -----------------------------------------------------------------------------------

    /** The path's ECMP entropy (MPRT-WIRE-002); default 0xC000. */
    public FrameEncoder udpSourcePort(final int port) {
        udpSourcePort = port;
        return this;
    }

    /** Default 4791; another value builds a frame the decoder reports as not RoCE. */
    public FrameEncoder udpDestinationPort(final int port) {
        udpDestinationPort = port;
        return this;
    }

    /** Computes the UDP checksum instead of sending zero (both are allowed, MPRT-WIRE-004). */
    public FrameEncoder computeUdpChecksum(final boolean compute) {
        computeUdpChecksum = compute;
        udpChecksumValue = 0;
        return this;
    }

    /** Sends this UDP checksum as it is, right or wrong (for probes and for re-encoding captures). */
    public FrameEncoder udpChecksum(final int value) {
        computeUdpChecksum = false;
        udpChecksumValue = value;
        return this;
    }

    // ---- transport -----------------------------------------------------------------------------

    public FrameEncoder opcode(final Opcode opcode) {
        opcodeValue = opcode.code();
        headers = opcode.headers();
        return this;
    }

    /** Any opcode value; one the table does not know gets no extension headers. */
    public FrameEncoder opcode(final int code) {
        final Opcode opcode = OpcodeTable.lookup(code);
        opcodeValue = code;
        headers = opcode == null ? List.of() : opcode.headers();
        return this;
    }

    /** Stream records of an MPRT_ACK's MAETH. */
    public FrameEncoder recordCount(final int records) {
        recordCount = records;
        return this;
    }

    public FrameEncoder payloadLength(final int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("payload length " + bytes);
        }
        payloadLength = bytes;
        return this;
    }

    /** Forces PadCnt (0-3); -1, the default, pads the payload to a multiple of 4 (MPRT-WIRE-012). */
    public FrameEncoder padCount(final int pad) {
        if (pad < -1 || pad > 3) {
            throw new IllegalArgumentException("PadCnt " + pad);
        }
        padCountOverride = pad;
        return this;
    }

    /** Length in bytes of the frame the current settings produce. */
    public int frameLength() {
        final int pad = padCountOverride >= 0 ? padCountOverride : (4 - (payloadLength & 3)) & 3;
        final int datagram = network.headerLength() + UdpFlyweight.UDP_LENGTH + BthFlyweight.BTH_LENGTH
            + extensionLength() + payloadLength + pad + Icrc.ICRC_LENGTH;
        return link.frameLength(link.length() + datagram);
    }

    // ---- encoding ------------------------------------------------------------------------------

    /** Lays out a frame at {@code offset}: writes every header but leaves BTH fields and extension headers zero. */
    public FrameEncoder begin(final ByteBuffer target, final int offset) {
        final int frameLength = frameLength();
        if (offset < 0 || offset > target.limit() - frameLength) {
            throw new IndexOutOfBoundsException("a frame of " + frameLength + " bytes at " + offset
                + " does not fit in a buffer of limit " + target.limit());
        }
        buffer = target;
        frameOffset = offset;
        padCopied = false;
        networkOffset = link.write(buffer, offset, network.etherType());
        padCount = padCountOverride >= 0 ? padCountOverride : (4 - (payloadLength & 3)) & 3;
        udpOffset = networkOffset + network.headerLength();
        bthOffset = udpOffset + UdpFlyweight.UDP_LENGTH;
        final int extensionOffset = bthOffset + BthFlyweight.BTH_LENGTH;
        payloadOffset = extensionOffset + extensionLength();
        icrcOffset = payloadOffset + payloadLength + padCount;
        datagramEnd = icrcOffset + Icrc.ICRC_LENGTH;
        network.write(buffer, networkOffset, datagramEnd - networkOffset);
        udpView.wrap(buffer, udpOffset).sourcePort(udpSourcePort).destinationPort(udpDestinationPort)
            .length(datagramEnd - udpOffset).checksum(udpChecksumValue);
        for (int i = bthOffset; i < payloadOffset; i++) {
            buffer.put(i, (byte) 0);
        }
        bthView.wrap(buffer, bthOffset).opcode(opcodeValue).padCnt(padCount).pKey(BthFlyweight.DEFAULT_P_KEY);
        layOutExtensions(extensionOffset);
        return this;
    }

    /** As {@link #begin(ByteBuffer, int)} for an array; re-using the same array allocates nothing. */
    public FrameEncoder begin(final byte[] target, final int offset) {
        if (target != wrappedArray) {
            wrappedArray = target;
            arrayView = ByteBuffer.wrap(target);
        }
        return begin(arrayView, offset);
    }

    /** Writes pad, checksums and ICRC; returns the frame's length in bytes. */
    public int finish() {
        if (frameOffset < 0) {
            throw new IllegalStateException("begin() first");
        }
        if (!padCopied) {
            for (int i = payloadOffset + payloadLength; i < icrcOffset; i++) {
                buffer.put(i, (byte) 0);
            }
        }
        network.finish(buffer, networkOffset);
        Icrc.update(buffer, networkOffset, network.kind, icrcOffset);
        if (computeUdpChecksum) {
            udpView.wrap(buffer, udpOffset).checksum(InternetChecksum.udpChecksum(
                buffer, networkOffset, network.kind, udpOffset, datagramEnd - udpOffset));
        }
        final int frameEnd = frameOffset + frameLength();
        for (int i = datagramEnd; i < frameEnd; i++) {
            buffer.put(i, (byte) 0);
        }
        return frameEnd - frameOffset;
    }

    // ---- views of the frame being written ------------------------------------------------------

    public ByteBuffer buffer() {
        return buffer;
    }

    public int networkOffset() {
        return networkOffset;
    }

    public int udpOffset() {
        return udpOffset;
    }

    public int bthOffset() {
        return bthOffset;
    }

    public int payloadOffset() {
        return payloadOffset;
    }

    public int icrcOffset() {
        return icrcOffset;
    }

    public NetworkKind networkKind() {
        return network.kind;
    }

    public BthFlyweight bth() {
        return bthView.wrap(buffer, bthOffset);
    }

    /** Typed views of the extension headers of the frame being written. */
    public ExtensionHeaders extensions() {
        return views;
    }

    /** Copies {@code length} payload bytes from {@code source}. */
    public FrameEncoder payload(final byte[] source, final int sourceOffset, final int length) {
        if (length > payloadLength) {
            throw new IndexOutOfBoundsException(length + " payload bytes, room for " + payloadLength);
        }
        buffer.put(payloadOffset, source, sourceOffset, length);
        return this;
    }

    // ---- re-encoding a decoded packet ----------------------------------------------------------

    /** Takes every setting (link, IP, UDP, opcode, lengths) from a decoded packet. */
    public FrameEncoder configureFrom(final DecodedPacket packet) {
        FrameCopier.configure(this, packet);
        return this;
    }

    /** After {@link #begin}: copies the BTH, the extension headers and the payload field by field. */
    public FrameEncoder copyHeadersFrom(final DecodedPacket packet) {
        FrameCopier.copyTransport(this, packet);
        return this;
    }

    private void layOutExtensions(final int offset) {
        views.reset(buffer);
        int next = offset;
        for (int i = 0; i < headers.size(); i++) {
            final HeaderLayout layout = headers.get(i);
            final int length = layout.hasRecords() ? layout.length(recordCount) : layout.length();
            views.add(layout, next, length);
            if (layout.hasRecords()) {
                layout.countField().write(buffer, next, recordCount);
            }
            next += length;
        }
    }

    private int extensionLength() {
        int length = 0;
        for (int i = 0; i < headers.size(); i++) {
            final HeaderLayout layout = headers.get(i);
            length += layout.hasRecords() ? layout.length(recordCount) : layout.length();
        }
        return length;
    }

    // Package access for FrameCopier: a re-encoded frame keeps the pad bytes it was decoded with.
    void padCopied() {
        padCopied = true;
    }

    // Package access for FrameCopier: the settings a decoded packet supplies.
    void vlanTag(final int tpid, final int tci) {
        vlan(tpid, tci >>> 13, (tci >>> 12) & 1, tci & 0xFFF);
    }
}
