package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.LinkType;

/**
 * Finds the network-layer header of a frame by unwrapping its link layer: Ethernet with stacked
 * VLAN tags, Linux SLL and SLL2, raw IP, BSD/OpenBSD loopback, and an Endace card's ERF record. One
 * decoder per link type; this class only picks it. A frame a remote mirror or an overlay delivered inside another packet
 * (ERSPAN, GRE, VXLAN, Geneve) is then unwrapped to the packet inside ({@link EncapsulationDecoder}).
 *
 * <p>Nothing here allocates or throws on frame content: a short header is
 * {@link NetworkLayerKind#TRUNCATED} and an unknown link type {@link NetworkLayerKind#NOT_UNWRAPPED},
 * both as values, so that the verdict engine keeps streaming (STYLE.md rules 5 and 6).
 */
public final class NetworkLayerLocator {
    private static final LinkLayerDecoder[] DECODERS = decodersByLinkType();
    /** Encapsulations unwrapped one inside the other at most: a mirror of an overlay is two. */
    static final int MAX_ENCAPSULATIONS = 4;

    private NetworkLayerLocator() {
    }

    /** Fills {@code result} for a frame from {@code CaptureReader}; true when the network layer was found. */
    public static boolean locate(final Frame frame, final NetworkLayer result) {
        final boolean located = locate(frame.linkType(), frame.buffer(), frame.dataOffset(), frame.capturedLengthBytes(),
            result);
        if (frame.direction() != LinkDirection.NOT_STATED) {
            takeRecordsDirection(frame, result);
        }
        return located;
    }

    // Kept out of locate, which every frame passes through, so that it stays small enough to inline.
    private static void takeRecordsDirection(final Frame frame, final NetworkLayer result) {
        // The record's own mark (pcapng epb_flags) where the link layer has none; not for a mirrored packet inside.
        if (result.direction() == LinkDirection.NOT_STATED && result.encapsulations() == 0) {
            result.direction(frame.direction());
        }
    }

    /**
     * Fills {@code result} for the frame of {@code lengthBytes} at index {@code frameOffset} of
     * {@code buffer}, an absolute index: the buffer's position and byte order are ignored. True
     * when the network layer was found.
     */
    public static boolean locate(
        final LinkType linkType, final ByteBuffer buffer, final int frameOffset, final int lengthBytes,
        final NetworkLayer result) {
        if (frameOffset < 0 || lengthBytes < 0 || frameOffset > buffer.limit() - lengthBytes) {
            throw new IllegalArgumentException("frame of " + lengthBytes + " bytes at index " + frameOffset
                + " lies outside a buffer of limit " + buffer.limit());
        }
        result.reset();
        final LinkLayerDecoder decoder = DECODERS[linkType.ordinal()];
        if (decoder != null) {
            decoder.locate(buffer, frameOffset, lengthBytes, result);
            if (result.isIp()) {
                EncapsulationDecoder.unwrapAll(buffer, frameOffset, lengthBytes, result);
            }
        }
        return result.isLocated();
    }

    private static LinkLayerDecoder[] decodersByLinkType() {
        final LinkLayerDecoder[] decoders = new LinkLayerDecoder[LinkType.values().length];
        decoders[LinkType.ETHERNET.ordinal()] = new EthernetDecoder();
        decoders[LinkType.LINUX_SLL.ordinal()] = new LinuxSllDecoder();
        decoders[LinkType.LINUX_SLL2.ordinal()] = new LinuxSll2Decoder();
        decoders[LinkType.RAW.ordinal()] = RawIpDecoder.byVersionNibble();
        decoders[LinkType.IPV4.ordinal()] = RawIpDecoder.declared(NetworkLayerKind.IPV4);
        decoders[LinkType.IPV6.ordinal()] = RawIpDecoder.declared(NetworkLayerKind.IPV6);
        decoders[LinkType.NULL.ordinal()] = LoopbackDecoder.nullLinkType();
        decoders[LinkType.LOOP.ordinal()] = LoopbackDecoder.loopLinkType();
        decoders[LinkType.ERF.ordinal()] = new ErfDecoder();
        return decoders;
    }
}
