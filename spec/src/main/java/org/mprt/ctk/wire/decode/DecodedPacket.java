package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.InternetChecksum;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.opcode.Opcode;

/**
 * What {@link PacketDecoder} found in one frame: offsets of every header that was present and
 * checked, the payload, pad and ICRC, and the status. Reusable: decode the next frame into the
 * same instance; nothing is allocated per frame.
 *
 * <p>Field values are read from the frame's buffer through flyweights on demand, so the buffer
 * must stay unchanged while the packet is in use. A header appears only once it has been checked
 * to fit: after a MALFORMED status the headers before the error are readable, the rest are
 * absent. Offsets returned here are absolute indexes into {@link #buffer()}; error offsets are
 * relative to {@link #frameOffset()}.
 *
 * <p>A frame the capture cut short ({@link #isSnapped()}: a snap length kept fewer bytes than
 * the frame had on the wire) is decoded as far as its bytes go, and its lengths are judged
 * against the original length. {@link DecodeStatus} lists what the cut can give; in short, a
 * header is readable here only when all its bytes were kept, so reading one never goes past
 * the bytes the capture holds.
 */
public final class DecodedPacket {

    static final int MAX_VLAN_TAGS = 2;

    private final DecodeError error = new DecodeError();
    // The views remember what they read until reset() makes them forget: rules read each field many times.
    private final EthernetFlyweight ethernet = new EthernetFlyweight().memoizing();
    private final VlanTagFlyweight[] vlans = {new VlanTagFlyweight().memoizing(), new VlanTagFlyweight().memoizing()};
    private final Ipv4Flyweight ipv4 = new Ipv4Flyweight().memoizing();
    private final Ipv6Flyweight ipv6 = new Ipv6Flyweight().memoizing();
    private final UdpFlyweight udp = new UdpFlyweight().memoizing();
    private final BthFlyweight bth = new BthFlyweight().memoizing();
    private final ExtensionHeaders extensions = new ExtensionHeaders().memoizing();

    private final int[] vlanOffsets = new int[MAX_VLAN_TAGS];
    /** The decoder computes each packet's ICRC with this packet's own calculator. */
    final Icrc.Calculator icrc = new Icrc.Calculator();

    private byte[] wrappedArray;
    private ByteBuffer arrayView;

    private ByteBuffer buffer;
    private int frameOffset;
    private int vlanCount;
    private int capturedLength;
    private long originalLength;
    private int capturedEnd;
    private int bthOffset;
    private int opcodeValue;
    private Profile configuredProfile;
    // Written directly by the layer decoders of this package, read through the accessors below.
    DecodeStatus status;
    int ethernetOffset;
    NetworkKind networkKind;
    int networkOffset;
    int networkHeaderLength;
    int udpOffset;
    Opcode opcode;
    Profile profile;
    int payloadOffset;
    int payloadLength;
    int padCount;
    int icrcOffset;
    int icrcFound;
    int icrcComputed;
    int datagramLength;
    int trailerLength;

    // ---- filled by the decoders --------------------------------------------------------------

    void reset(final ByteBuffer frameBuffer, final int frameStart, final int captured, final long original) {
        buffer = frameBuffer;
        frameOffset = frameStart;
        capturedLength = captured;
        originalLength = original;
        capturedEnd = frameStart + captured;
        status = null;
        error.clear();
        ethernetOffset = -1;
        vlanCount = 0;
        networkKind = null;
        networkOffset = -1;
        networkHeaderLength = 0;
        udpOffset = -1;
        bthOffset = -1;
        opcodeValue = -1;
        opcode = null;
        profile = null;
        extensions.reset(frameBuffer);
        ethernet.forget();
        vlans[0].forget();
        vlans[1].forget();
        ipv4.forget();
        ipv6.forget();
        udp.forget();
        bth.forget();
        payloadOffset = -1;
        payloadLength = 0;
        padCount = 0;
        icrcOffset = -1;
        icrcFound = 0;
        icrcComputed = 0;
        datagramLength = 0;
        trailerLength = 0;
    }

    ByteBuffer viewOf(final byte[] array) {
        if (array != wrappedArray) {
            wrappedArray = array;
            arrayView = ByteBuffer.wrap(array);
        }
        return arrayView;
    }

    DecodeError mutableError() {
        return error;
    }

    void vlanAt(final int offset) {
        vlanOffsets[vlanCount++] = offset;
    }

    /** Absolute index one past the last byte the capture kept. */
    int capturedEnd() {
        return capturedEnd;
    }

    /** True when the capture kept all {@code length} bytes from absolute index {@code offset}. */
    boolean isCaptured(final int offset, final int length) {
        return length <= capturedEnd - offset;
    }

    /** Bytes of the frame on the wire from absolute index {@code offset} on (bounded, as no IP datagram comes near it). */
    int onWireFrom(final int offset) {
        return (int) Math.min(originalLength - (offset - frameOffset), Integer.MAX_VALUE);
    }

    void bthAt(final int offset) {
        bthOffset = offset;
        opcodeValue = bth.wrap(buffer, offset).remember().opcode();
    }

    /**
     * Places the IPv4 and UDP views on the headers the decoder found whole (the BTH's and the
     * extension headers' were placed as each was found) and takes their snapshots: the accessors then
     * hand them out without a check of the position or a read of the buffer.
     */
    DecodeStatus placeViews(final DecodeStatus decoded) {
        if (hasIpv4() && isCaptured(networkOffset, Ipv4Flyweight.IPV4_LENGTH)) {
            ipv4.wrap(buffer, networkOffset).remember();
        }
        if (hasUdp() && isCaptured(udpOffset, UdpFlyweight.UDP_LENGTH)) {
            udp.wrap(buffer, udpOffset).remember();
        }
        return decoded;
    }

    // ---- status --------------------------------------------------------------------------------

    public DecodeStatus status() {
        return status;
    }

    /** The error of a MALFORMED or ICRC_MISMATCH frame; {@link DecodeError#isSet()} is false otherwise. */
    public DecodeError error() {
        return error;
    }

    public ByteBuffer buffer() {
        return buffer;
    }

    /** Absolute index of the frame's first byte; error offsets count from here. */
    public int frameOffset() {
        return frameOffset;
    }

    /** Bytes of the frame the capture kept, from {@link #frameOffset()} (a pcap record's captured length). */
    public int capturedLengthBytes() {
        return capturedLength;
    }

    /** Length of the frame on the wire (a pcap record's original length); the captured length unless snapped. */
    public long originalLengthBytes() {
        return originalLength;
    }

    /**
     * True when the capture kept fewer bytes than the frame had on the wire. Where the cut fell
     * shows in the status: {@link DecodeStatus#SNAPPED} (after the headers),
     * {@link DecodeStatus#MALFORMED} with {@link DecodeError#isCutByCapture()} (inside a header),
     * {@link DecodeStatus#UNIDENTIFIED} (before the UDP destination port), or the status of a
     * whole frame when the cut took only bytes after the IP datagram.
     */
    public boolean isSnapped() {
        return capturedLength < originalLength;
    }

    // ---- link layer ----------------------------------------------------------------------------

    public boolean hasEthernet() {
        return ethernetOffset >= 0;
    }

    public EthernetFlyweight ethernet() {
        require(hasEthernet(), EthernetFlyweight.LAYOUT);
        return ethernet.wrap(buffer, ethernetOffset);
    }

    public int vlanCount() {
        return vlanCount;
    }

    /** VLAN tag {@code index}, 0 being the outer tag. */
    public VlanTagFlyweight vlan(final int index) {
        require(index >= 0 && index < vlanCount, VlanTagFlyweight.LAYOUT);
        return vlans[index].wrap(buffer, vlanOffsets[index]);
    }

    // ---- IP and UDP ----------------------------------------------------------------------------

    /** IPV4 or IPV6, or null when decoding stopped before the network layer. */
    public NetworkKind networkKind() {
        return networkKind;
    }

    /** 4 or 6, or 0 when unknown. */
    public int ipVersion() {
        return networkKind == null ? 0 : networkKind.version();
    }

    public int networkOffset() {
        return networkOffset;
    }

    /** IP header length in bytes (IPv4 options included), once the header has been checked. */
    public int networkHeaderLength() {
        return networkHeaderLength;
    }

    public boolean hasIpv4() {
        return networkKind == NetworkKind.IPV4 && networkHeaderLength > 0;
    }

    public boolean hasIpv6() {
        return networkKind == NetworkKind.IPV6 && networkHeaderLength > 0;
    }

    public Ipv4Flyweight ipv4() {
        if (ipv4.isPlacedAt(buffer, networkOffset)) {
            return ipv4;
        }
        require(hasIpv4(), Ipv4Flyweight.LAYOUT);
        return ipv4.wrap(buffer, networkOffset).remember();
    }

    public Ipv6Flyweight ipv6() {
        require(hasIpv6(), Ipv6Flyweight.LAYOUT);
        return ipv6.wrap(buffer, networkOffset);
    }

    public int ecn() {
        return hasIpv4() ? ipv4().ecn() : ipv6().ecn();
    }

    /** IPv4 TTL or IPv6 hop limit. */
    public int ttl() {
        return hasIpv4() ? ipv4().ttl() : ipv6().hopLimit();
    }

    /** Copies the source address (4 or 16 bytes) into {@code target}; returns its length. */
    public int copySourceAddress(final byte[] target, final int targetOffset) {
        if (hasIpv4()) {
            Ipv4Flyweight.SOURCE.readBytes(buffer, networkOffset, target, targetOffset);
            return 4;
        }
        Ipv6Flyweight.SOURCE.readBytes(buffer, networkOffset, target, targetOffset);
        return 16;
    }

    public int copyDestinationAddress(final byte[] target, final int targetOffset) {
        if (hasIpv4()) {
            Ipv4Flyweight.DESTINATION.readBytes(buffer, networkOffset, target, targetOffset);
            return 4;
        }
        Ipv6Flyweight.DESTINATION.readBytes(buffer, networkOffset, target, targetOffset);
        return 16;
    }

    /**
     * Bytes after the IP datagram, such as Ethernet minimum-size padding or a captured FCS, in the
     * frame on the wire (a snapped frame may hold fewer of them).
     */
    public int trailerLength() {
        return trailerLength;
    }

    public boolean hasUdp() {
        return udpOffset >= 0;
    }

    public int udpOffset() {
        return udpOffset;
    }

    public UdpFlyweight udp() {
        if (udp.isPlacedAt(buffer, udpOffset)) {
            return udp;
        }
        require(hasUdp(), UdpFlyweight.LAYOUT);
        return udp.wrap(buffer, udpOffset).remember();
    }

    /**
     * MPRT-WIRE-004: the UDP checksum is zero or correct (computed on demand). A non-zero checksum
     * needs the whole UDP datagram, which a {@link DecodeStatus#SNAPPED} packet lacks: asking then
     * throws {@link IllegalStateException}.
     */
    public boolean isUdpChecksumZeroOrValid() {
        final UdpFlyweight header = udp();
        if (header.checksum() == 0) {
            return true;
        }
        if (!isCaptured(udpOffset, header.length())) {
            throw new IllegalStateException("udp.checksum: the capture kept " + capturedLength + " of the frame's "
                + originalLength + " bytes; the checksum covers bytes it cut off");
        }
        return InternetChecksum.isUdpChecksumZeroOrValid(buffer, networkOffset, networkKind, udpOffset, header.length());
    }

    /**
     * True when the UDP checksum field holds what a sender's checksum offload leaves there for the NIC
     * to complete ({@link InternetChecksum#udpOffloadPartialChecksum}) rather than a checksum: the
     * frame was captured on its sending host before the NIC, not on the wire. Needs only the headers.
     */
    public boolean isUdpChecksumOffloadPartial() {
        final UdpFlyweight header = udp();
        return header.checksum() != 0
            && header.checksum() == InternetChecksum.udpOffloadPartialChecksum(buffer, networkOffset, networkKind, header.length());
    }

    // ---- BTH and opcode ------------------------------------------------------------------------

    public boolean hasBth() {
        return bthOffset >= 0;
    }

    public int bthOffset() {
        return bthOffset;
    }

    public BthFlyweight bth() {
        if (bth.isPlacedAt(buffer, bthOffset)) {
            return bth;
        }
        require(hasBth(), BthFlyweight.LAYOUT);
        return bth.wrap(buffer, bthOffset).remember();
    }

    /** The raw BTH opcode, or -1 before the BTH. */
    public int opcodeValue() {
        return opcodeValue;
    }

    /** The opcode's table row, or null when unknown or reserved. */
    public Opcode opcode() {
        return opcode;
    }

    /**
     * The profile of the opcode: MPRT for MPRT opcodes and reserved MPRT opcodes, ROCEV2 for
     * RoCEv2 ones; for an unknown opcode the configured profile; null before the BTH.
     */
    public Profile profile() {
        return profile;
    }

    /**
     * Restricts the opcodes this packet's decoder accepts to one profile (null, the default,
     * accepts both). The spec selects a capture's profile by configuration, never by guessing from
     * opcodes (mprt-v0.1.md section 16.6): under ROCEV2, 0xC0-0xDF are unknown opcodes, not MPRT.
     */
    public DecodedPacket configureProfile(final Profile only) {
        configuredProfile = only;
        return this;
    }

    /** The profile set by {@link #configureProfile}, or null for both. */
    public Profile configuredProfile() {
        return configuredProfile;
    }

    // ---- extension headers ---------------------------------------------------------------------

    /** The extension headers after the BTH, in wire order, with typed views. */
    public ExtensionHeaders extensions() {
        return extensions;
    }

    /**
     * Absolute offset of {@code layout} in this packet, or -1 when absent; {@code occurrence}
     * picks a VLAN tag (0 outer) and is 0 for every other header.
     */
    public int headerOffset(final HeaderLayout layout, final int occurrence) {
        if (layout == VlanTagFlyweight.LAYOUT) {
            return occurrence >= 0 && occurrence < vlanCount ? vlanOffsets[occurrence] : -1;
        }
        if (occurrence != 0) {
            return -1;
        }
        if (layout == EthernetFlyweight.LAYOUT) {
            return ethernetOffset;
        }
        if (layout == Ipv4Flyweight.LAYOUT) {
            return hasIpv4() ? networkOffset : -1;
        }
        if (layout == Ipv6Flyweight.LAYOUT) {
            return hasIpv6() ? networkOffset : -1;
        }
        if (layout == UdpFlyweight.LAYOUT) {
            return udpOffset;
        }
        if (layout == BthFlyweight.LAYOUT) {
            return bthOffset;
        }
        if (layout == Icrc.LAYOUT) {
            return icrcOffset;
        }
        return extensions.offsetOf(layout);
    }

    public boolean has(final HeaderLayout layout) {
        return headerOffset(layout, 0) >= 0;
    }

    // ---- payload and ICRC ----------------------------------------------------------------------

    /** Absolute offset of the payload, or -1 when the headers were not all checked. */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** Payload length in bytes, from the packet's lengths (also of a SNAPPED packet, whose payload is partly cut off). */
    public int payloadLength() {
        return payloadLength;
    }

    /**
     * Payload bytes present in the buffer from {@link #payloadOffset()}: {@link #payloadLength()}
     * for a whole packet, fewer (possibly 0) for a {@link DecodeStatus#SNAPPED} one, and 0 when
     * the payload was not located.
     */
    public int payloadBytesPresent() {
        if (payloadOffset < 0) {
            return 0;
        }
        return Math.max(0, Math.min(payloadLength, capturedEnd - payloadOffset));
    }

    /** Pad bytes after the payload (BTH PadCnt, checked against the packet's length). */
    public int padCount() {
        return padCount;
    }

    /** True once the ICRC was located and computed; never for a SNAPPED packet, whose ICRC the capture cut off. */
    public boolean isIcrcChecked() {
        return icrcOffset >= 0;
    }

    public int icrcOffset() {
        return icrcOffset;
    }

    /** The CRC value the packet carries (its four bytes read least significant first). */
    public int icrcFound() {
        return icrcFound;
    }

    /** The CRC value computed over the packet with the variant fields masked. */
    public int icrcComputed() {
        return icrcComputed;
    }

    public boolean icrcMatches() {
        return isIcrcChecked() && icrcFound == icrcComputed;
    }

    /**
     * Length from the IP header to the end of the ICRC (the IP datagram), once the BTH and ICRC
     * were found to fit in it; also for a SNAPPED packet, from its lengths. 0 before.
     */
    public int datagramLength() {
        return datagramLength;
    }

    private static void require(final boolean present, final HeaderLayout layout) {
        if (!present) {
            throw new IllegalStateException("the packet has no " + layout.id());
        }
    }

    @Override
    public String toString() {
        final StringBuilder out = new StringBuilder(256).append(status);
        if (error.isSet()) {
            out.append(": ").append(error.message());
        } else if (isSnapped()) {
            out.append(" (the capture kept ").append(capturedLength).append(" of the frame's ").append(originalLength)
                .append(" bytes)");
        }
        if (hasBth()) {
            out.append(' ');
            bth().layout().describe(buffer, bthOffset, out);
        }
        for (int i = 0; i < extensions.count(); i++) {
            out.append(' ');
            extensions.layout(i).describe(buffer, extensions.offset(i), out);
        }
        if (payloadOffset >= 0) {
            out.append(" payload=").append(payloadLength);
            if (payloadBytesPresent() < payloadLength) {
                out.append(" (").append(payloadBytesPresent()).append(" present)");
            }
            out.append(" pad=").append(padCount);
        }
        return out.toString();
    }
}
