package org.mprt.ctk.pcap.link;

import org.mprt.ctk.pcap.LinkDirection;

/**
 * Where a frame's network-layer header starts and what it is, as a reusable result that
 * {@link NetworkLayerLocator} refills for every frame without allocating.
 *
 * <p>Offsets count from the first byte of the frame. VLAN tags are counted as they are walked;
 * the first two are kept (outer, then inner), since QinQ is as deep as data-centre fabrics go.
 */
public final class NetworkLayer {
    /** Reported for a VLAN id that is absent. */
    public static final int NO_VLAN = -1;

    private NetworkLayerKind kind = NetworkLayerKind.NOT_UNWRAPPED;
    private int offsetBytes;
    private int etherType = EtherType.NONE;
    private int vlanTagCount;
    private int outerVlanId = NO_VLAN;
    private int innerVlanId = NO_VLAN;
    private Encapsulation encapsulation = Encapsulation.NONE;
    private LinkDirection direction = LinkDirection.NOT_STATED;
    private int encapsulations;
    private boolean mayBeCut;
    private boolean loopbackDevice;
    private int mirroredFrameLengthBytes = -1;
    private int sourceMacOffsetBytes = -1;

    public NetworkLayerKind kind() {
        return kind;
    }

    /** True when {@link #offsetBytes()} is meaningful: IPv4, IPv6 or another known payload. */
    public boolean isLocated() {
        return kind == NetworkLayerKind.IPV4 || kind == NetworkLayerKind.IPV6 || kind == NetworkLayerKind.OTHER;
    }

    /** True for an IPv4 or IPv6 network layer. */
    public boolean isIp() {
        return kind == NetworkLayerKind.IPV4 || kind == NetworkLayerKind.IPV6;
    }

    /** Offset from the start of the frame of the network-layer header; may equal the frame length. */
    public int offsetBytes() {
        return offsetBytes;
    }

    /**
     * The EtherType after any VLAN tags, as the link layer stated it; for raw IP and loopback the
     * EtherType of the IP version found, else {@link EtherType#NONE}. For Ethernet, a value up to
     * {@link EtherType#LARGEST_IEEE_802_3_LENGTH} is an 802.3 length (kind {@link NetworkLayerKind#OTHER}).
     */
    public int etherType() {
        return etherType;
    }

    /** True for IEEE 802.3 MAC Control frames (PAUSE, PFC), which a lossy-fabric profile forbids. */
    public boolean isMacControl() {
        return etherType == EtherType.MAC_CONTROL;
    }

    /**
     * The outermost encapsulation unwrapped to reach the network layer (a remote mirror's ERSPAN, a
     * VXLAN overlay), or {@link Encapsulation#NONE}. The VLAN tags are then those of the innermost
     * frame, as it crossed the mirrored port.
     */
    public Encapsulation encapsulation() {
        return encapsulation;
    }

    /**
     * Which way the capturing host saw the frame, where the capture says: a Linux cooked header's
     * packet type, or else (located from a {@link org.mprt.ctk.pcap.Frame}) its record's pcapng
     * epb_flags. NOT_STATED for a packet found inside an encapsulation, which the host did not see.
     */
    public LinkDirection direction() {
        return direction;
    }

    /**
     * The length the frame inside an encapsulation had before a mirror may have cut it, as its IP header
     * claims (from the start of the whole frame, like {@link #offsetBytes()}): set when an encapsulation
     * says its mirror truncated the frame (ERSPAN's T bit) or cannot say (ERSPAN type I, GRE, VXLAN,
     * Geneve), or when a capture card's record keeps less of the frame than its length on the wire
     * (ERF); -1 otherwise. A packet shorter than this was cut by the mirror or the card, not sent so.
     */
    public int mirroredFrameLengthBytes() {
        return mirroredFrameLengthBytes;
    }

    /**
     * Where the 6-byte MAC address of the frame's sender starts (from the start of the whole frame, like
     * {@link #offsetBytes()}), as the link layer around the network layer gives it: an Ethernet header's
     * source address, or a Linux cooked header's link-layer address. Inside an encapsulation, the
     * mirrored frame's own, never the mirror's. -1 when the link layer gives none (raw IP, loopback, a
     * packet a mirror carried without its Ethernet header).
     */
    public int sourceMacOffsetBytes() {
        return sourceMacOffsetBytes;
    }

    void sourceMac(final int offsetBytes) {
        sourceMacOffsetBytes = offsetBytes;
    }

    boolean mayBeCut() {
        return mayBeCut;
    }

    void mirroredFrameLengthBytes(final int lengthBytes) {
        mirroredFrameLengthBytes = lengthBytes;
    }

    /**
     * True when the capture shows the frame crossing the capturing host's loopback device: Linux's
     * {@code lo} (an Ethernet header with both addresses zero, or a cooked header of ARPHRD_LOOPBACK)
     * or OpenBSD's (LINKTYPE_LOOP). Both ends of such a packet are on the capturing host.
     */
    public boolean isOnLoopbackDevice() {
        return loopbackDevice;
    }

    void onLoopbackDevice() {
        loopbackDevice = true;
    }

    /** How many encapsulations were unwrapped, one inside the other. */
    public int encapsulations() {
        return encapsulations;
    }

    /** VLAN tags walked before the network layer, all of them, even beyond two. */
    public int vlanTagCount() {
        return vlanTagCount;
    }

    /** VLAN id (12 bits) of the first tag, or {@link #NO_VLAN}. */
    public int outerVlanId() {
        return outerVlanId;
    }

    /** VLAN id (12 bits) of the second tag, or {@link #NO_VLAN}. */
    public int innerVlanId() {
        return innerVlanId;
    }

    void reset() {
        kind = NetworkLayerKind.NOT_UNWRAPPED;
        offsetBytes = 0;
        etherType = EtherType.NONE;
        vlanTagCount = 0;
        outerVlanId = NO_VLAN;
        innerVlanId = NO_VLAN;
        encapsulation = Encapsulation.NONE;
        encapsulations = 0;
        direction = LinkDirection.NOT_STATED;
        mayBeCut = false;
        mirroredFrameLengthBytes = -1;
        sourceMacOffsetBytes = -1;
        loopbackDevice = false;
    }

    void direction(final LinkDirection way) {
        direction = way;
    }

    /**
     * An encapsulation was unwrapped: what follows describes the frame inside it, which the mirror may
     * have cut when {@code cut} (or when an encapsulation around it may have).
     */
    void encapsulated(final Encapsulation unwrapped, final boolean cut) {
        final Encapsulation outermost = encapsulations == 0 ? unwrapped : encapsulation;
        final int depth = encapsulations + 1;
        final boolean anyCut = mayBeCut || cut;
        // The link's direction was the outer packet's (a collector receives every mirrored frame): reset with the rest.
        reset();
        encapsulation = outermost;
        encapsulations = depth;
        mayBeCut = anyCut;
    }

    void located(final NetworkLayerKind kind, final int offsetBytes, final int etherType) {
        this.kind = kind;
        this.offsetBytes = offsetBytes;
        this.etherType = etherType;
    }

    void truncated() {
        kind = NetworkLayerKind.TRUNCATED;
    }

    void vlanTag(final int vlanId) {
        if (vlanTagCount == 0) {
            outerVlanId = vlanId;
        } else if (vlanTagCount == 1) {
            innerVlanId = vlanId;
        }
        vlanTagCount++;
    }

    @Override
    public String toString() {
        return "NetworkLayer{kind=" + kind + ", offsetBytes=" + offsetBytes
            + ", etherType=0x" + Integer.toHexString(etherType) + ", vlanTagCount=" + vlanTagCount
            + ", outerVlanId=" + outerVlanId + ", innerVlanId=" + innerVlanId
            + (encapsulations == 0 ? "" : ", encapsulation=" + encapsulation + ", encapsulations=" + encapsulations) + '}';
    }
}
