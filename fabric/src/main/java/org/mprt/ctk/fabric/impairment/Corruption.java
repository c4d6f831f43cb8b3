package org.mprt.ctk.fabric.impairment;

import java.util.SplittableRandom;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * Flips one bit of a frame where only the end-to-end check can see it: in the bytes after the
 * UDP header up to the end of the IP datagram (BTH, extension headers, payload, pad and the ICRC
 * itself), so a RoCEv2 or MPRT receiver finds an ICRC mismatch (MPRT-WIRE-008) while every
 * switch still forwards the frame. Bytes a flip there would go unnoticed in are never chosen: the
 * Ethernet pad after the datagram, and, on UDP port 4791, BTH byte 4 (FECN, BECN, resv6), which
 * the ICRC masks. A frame that is not IP/UDP, or has nothing after its UDP header, is left alone.
 */
public final class Corruption {

    private Corruption() {
    }

    /** Flips one random bit; returns the index of the byte changed, or -1 when nothing could be. */
    public static int flipOneBit(final byte[] frame, final int length, final SplittableRandom random) {
        final int network = FrameHeaders.networkOffset(frame, length);
        if (network == FrameHeaders.NOT_IP || FrameHeaders.protocol(frame, network) != FrameHeaders.PROTOCOL_UDP) {
            return -1;
        }
        final int from = FrameHeaders.transportOffset(frame, network) + UdpFlyweight.UDP_LENGTH;
        final int to = FrameHeaders.datagramEnd(frame, network, length);
        if (from >= to) {
            return -1;
        }
        final boolean roce = FrameHeaders.u16(frame, from - UdpFlyweight.UDP_LENGTH
            + UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET) == UdpFlyweight.ROCEV2_PORT;
        final int masked = roce && from + BthFlyweight.CONGESTION_FIELD_OFFSET < to
            ? from + BthFlyweight.CONGESTION_FIELD_OFFSET : -1;
        final int bit = random.nextInt((to - from - (masked < 0 ? 0 : 1)) * Byte.SIZE);
        int index = from + bit / Byte.SIZE;
        if (masked >= 0 && index >= masked) {
            index++;
        }
        frame[index] ^= (byte) (1 << (bit % Byte.SIZE));
        return index;
    }
}
