package org.mprt.ctk.wire.icrc;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.NetworkOrder;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * The RoCEv2 invariant CRC (IBTA Annex A17; ROCE-ICRC-001, MPRT-WIRE-007, MPRT-WIRE-008).
 *
 * <p>The ICRC is the CRC-32 of IEEE 802.3 (reflected polynomial 0xEDB88320, initial value and
 * final XOR 0xFFFFFFFF, the value {@code java.util.zip.CRC32} returns) over
 * <ol>
 *   <li>8 bytes of 0xFF, standing in for the InfiniBand LRH, then</li>
 *   <li>the IP header, the UDP header, the BTH, the extension headers, the payload and the pad,
 *       up to the ICRC itself,</li>
 * </ol>
 * with the fields a network may rewrite replaced by ones: IPv4 DSCP+ECN, TTL and header
 * checksum; IPv6 traffic class, flow label and hop limit; the UDP checksum; and BTH byte 4
 * (FECN, BECN, resv6).
 *
 * <p>Byte order: the four ICRC bytes carry the CRC value least significant byte first, i.e.
 * byte-reversed relative to network order. Checked against 105 frames from real RoCEv2 NICs,
 * and matching scapy's {@code roce.py} and Linux rxe. Field {@code roce.icrc} is therefore the
 * table's one little-endian row, and its value is the CRC value itself.
 *
 * <p>Two parts: the masked prefix (the LRH stand-in and every header up to BTH byte 4, at most 81
 * bytes) is copied in one piece into a scratch array, then its variant fields are set to ones
 * ({@link Calculator}: a decoder owns one, other callers get one per thread); the rest of the packet
 * is handed in place to {@link CRC32}, which the JVM runs as an intrinsic (carry-less multiply) at
 * gigabytes per second. Nothing is allocated per packet; the payload is not copied.
 */
public final class Icrc {

    public static final FieldSpec ICRC = FieldSpec.littleEndian("roce.icrc", "ICRC", 0, 32, Base.HEX);
    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.icrc", "Invariant CRC", "IBTA Annex A17", ICRC);
    public static final int ICRC_LENGTH = LAYOUT.length();

    private static final byte MASKED = (byte) 0xFF;
    /** The 8 bytes of 0xFF that replace the LRH. */
    private static final int LRH_LENGTH = 8;
    private static final ThreadLocal<Calculator> SCRATCH = ThreadLocal.withInitial(Calculator::new);

    private Icrc() {
    }

    /**
     * Computes the ICRC of the packet whose IP header starts at {@code networkOffset} and whose
     * ICRC starts at {@code icrcOffset} (absolute indexes). The IPv4 header length is read from
     * its IHL; the caller has checked that the headers are present.
     */
    public static int compute(final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int icrcOffset) {
        return SCRATCH.get().of(buffer, networkOffset, kind, icrcOffset);
    }

    /** The ICRC value stored at {@code icrcOffset} (least significant byte first on the wire). */
    public static int read(final ByteBuffer buffer, final int icrcOffset) {
        return (int) ICRC.read(buffer, icrcOffset);
    }

    /** Stores {@code value} at {@code icrcOffset}, least significant byte first. */
    public static void write(final ByteBuffer buffer, final int icrcOffset, final int value) {
        ICRC.write(buffer, icrcOffset, value & 0xFFFF_FFFFL);
    }

    /** Computes the ICRC and stores it at {@code icrcOffset}; returns the value. */
    public static int update(final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int icrcOffset) {
        final int value = compute(buffer, networkOffset, kind, icrcOffset);
        write(buffer, icrcOffset, value);
        return value;
    }

    /**
     * A reusable ICRC calculator: its prefix array, CRC register and view of the last direct buffer
     * it read (a capture reader reads many frames from one mapped window, so the view changes once
     * per window). A decoder owns one, so that no per-packet thread-local lookup is needed; not for
     * use by two threads at once.
     */
    public static final class Calculator {
        /** LRH stand-in, IPv4 header of at most 60 bytes, UDP header, BTH bytes 0 to 4. */
        private final byte[] prefix = new byte[LRH_LENGTH + 60 + UdpFlyweight.UDP_LENGTH + BthFlyweight.CONGESTION_FIELD_OFFSET + 1];
        private final CRC32 crc = new CRC32();
        private ByteBuffer source;
        private ByteBuffer view;

        public Calculator() {
            Arrays.fill(prefix, 0, LRH_LENGTH, MASKED);
        }

        /**
         * The ICRC of the packet whose IP header starts at {@code networkOffset} and whose ICRC
         * starts at {@code icrcOffset} (absolute indexes), as {@link Icrc#compute}. The masked
         * prefix is copied in one piece, then its variant fields are set to ones.
         */
        public int of(final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int icrcOffset) {
            final byte[] p = prefix;
            final int udp = kind == NetworkKind.IPV4
                ? networkOffset + (NetworkOrder.u8(buffer, networkOffset) & 0xF) * 4
                : networkOffset + Ipv6Flyweight.IPV6_LENGTH;
            final int bth = udp + UdpFlyweight.UDP_LENGTH;
            final int rest = bth + BthFlyweight.CONGESTION_FIELD_OFFSET + 1;
            final int n = LRH_LENGTH + rest - networkOffset;
            buffer.get(networkOffset, p, LRH_LENGTH, rest - networkOffset);
            final int ip = LRH_LENGTH;
            if (kind == NetworkKind.IPV4) {
                p[ip + Ipv4Flyweight.TOS_FIELD_OFFSET] = MASKED;
                p[ip + Ipv4Flyweight.TTL_FIELD_OFFSET] = MASKED;
                p[ip + Ipv4Flyweight.HEADER_CHECKSUM_FIELD_OFFSET] = MASKED;
                p[ip + Ipv4Flyweight.HEADER_CHECKSUM_FIELD_OFFSET + 1] = MASKED;
            } else {
                // Version stays; the 8-bit traffic class and 20-bit flow label after it become ones.
                p[ip] |= 0x0F;
                p[ip + 1] = MASKED;
                p[ip + 2] = MASKED;
                p[ip + 3] = MASKED;
                p[ip + Ipv6Flyweight.HOP_LIMIT_FIELD_OFFSET] = MASKED;
            }
            final int udpAt = LRH_LENGTH + udp - networkOffset;
            p[udpAt + UdpFlyweight.CHECKSUM_FIELD_OFFSET] = MASKED;
            p[udpAt + UdpFlyweight.CHECKSUM_FIELD_OFFSET + 1] = MASKED;
            p[n - 1] = MASKED; // BTH byte 4: FECN, BECN, resv6
            final CRC32 c = crc;
            c.reset();
            c.update(p, 0, n);
            if (rest < icrcOffset && buffer.hasArray()) {
                c.update(buffer.array(), buffer.arrayOffset() + rest, icrcOffset - rest);
            } else if (rest < icrcOffset) {
                c.update(view(buffer, rest, icrcOffset));
            }
            return (int) c.getValue();
        }

        /** {@code [from, to)} of {@code buffer} as this calculator's one view of it; a new buffer gets a new view. */
        private ByteBuffer view(final ByteBuffer buffer, final int from, final int to) {
            if (buffer != source) {
                source = buffer;
                view = buffer.duplicate();
            }
            view.limit(to);
            view.position(from);
            return view;
        }
    }
}
