package org.mprt.ctk.wire.vector.generate;

import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_ACK;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_SEND;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_WRITE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_ONLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_ONLY;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

/** Drafts of {@code vectors/framing/}: Ethernet, VLAN, IPv4, IPv6, UDP and the ICRC's masked fields. */
final class FramingVectors {

    static final String FOLDER = "framing";
    static final long FD00_HIGH = 0xfd00_0000_0000_0000L;

    private FramingVectors() {
    }

    static List<VectorDraft> all() {
        final List<VectorDraft> out = new ArrayList<>();
        valid(out);
        masked(out);
        malformed(out);
        notRoce(out);
        snapped(out);
        return out;
    }

    private static VectorDraft v(final String id, final String description) {
        return new VectorDraft(FOLDER, id, description);
    }

    private static VectorDraft sendOnly(final String id, final String description, final int payload) {
        return v(id, description).encoder(e -> e.opcode(RC_SEND_ONLY).payloadLength(payload))
            .set(BthFlyweight.DEST_QP, 0x12).set(BthFlyweight.PSN, 7).set(BthFlyweight.ACK_REQ, 1);
    }

    private static void valid(final List<VectorDraft> out) {
        out.add(sendOnly("ipv4-rc-send-only-minimum-frame",
            "RC SEND_ONLY without payload over IPv4: 58 bytes, padded to the 60-byte Ethernet minimum", 0)
            .requirement("ROCE-ICRC-001", "ROCE-WIRE-001", "ROCE-WIRE-006")
            .encoder(e -> e.padToMinimumFrame(true).identification(0x1234))
            .field("eth.dst", "0x20000000002").field("eth.src", "0x20000000001").field("eth.type", "0x800")
            .field("ipv4.version", 4).field("ipv4.ihl", 5).field("ipv4.dscp", 0).field("ipv4.ecn", 2)
            .field("ipv4.total_length", 44).field("ipv4.identification", "0x1234").field("ipv4.flags.df", 1)
            .field("ipv4.flags.mf", 0).field("ipv4.fragment_offset", 0).field("ipv4.ttl", 64)
            .field("ipv4.protocol", 17).field("ipv4.header_checksum", "0x1489")
            .field("ipv4.source", "0xa000001").field("ipv4.destination", "0xa000002")
            .field("udp.source_port", 49152).field("udp.destination_port", 4791).field("udp.length", 24)
            .field("udp.checksum", 0).field("roce.icrc", "0x989bd78a")
            .field("packet.opcode", "RC_SEND_ONLY").field("packet.headers", "none")
            .field("packet.payload_length", 0).field("packet.trailer_length", 2));
        out.add(sendOnly("ipv6-rc-send-only-pad-3",
            "RC SEND_ONLY over IPv6 with DSCP 26, ECT(1) and a flow label; 5 payload bytes and 3 pad bytes", 5)
            .requirement("ROCE-ICRC-001", "MPRT-WIRE-012")
            .encoder(e -> e.ipv6(FD00_HIGH, 1, FD00_HIGH, 2).dscp(26).ecn(Ecn.ECT_1).flowLabel(0x12345).ttl(32))
            .field("ipv6.version", 6).field("ipv6.dscp", 26).field("ipv6.ecn", 1).field("ipv6.flow_label", "0x12345")
            .field("ipv6.payload_length", 32).field("ipv6.next_header", 17).field("ipv6.hop_limit", 32)
            .field("ipv6.source", "0xfd000000000000000000000000000001")
            .field("ipv6.destination", "0xfd000000000000000000000000000002")
            .field("udp.length", 32).field("packet.payload_length", 5).field("packet.pad_count", 3)
            .field("bth.pad_cnt", 3));
        out.add(v("vlan-rc-rdma-write-only", "RC RDMA_WRITE_ONLY in one 802.1Q tag (PCP 3, VID 100)")
            .encoder(e -> e.vlan(EtherType.VLAN, 3, 0, 100).opcode(RC_RDMA_WRITE_ONLY).payloadLength(64))
            .set(BthFlyweight.DEST_QP, 0x45).set(BthFlyweight.PSN, 12)
            .set(RethFlyweight.VIRTUAL_ADDRESS, 0x7f00_0000_1000L).set(RethFlyweight.R_KEY, 0x1a2b)
            .set(RethFlyweight.DMA_LENGTH, 64)
            .field("eth.type", "0x8100").field("vlan.pcp", 3).field("vlan.dei", 0).field("vlan.id", 100)
            .field("vlan.type", "0x800").field("packet.vlan_count", 1).field("packet.headers", "roce.reth"));
        out.add(v("qinq-mprt-write", "MPRT_WRITE in an 802.1ad S-tag (VID 10) and an 802.1Q C-tag (PCP 5, DEI 1, VID 200)")
            .requirement("MPRT-WIRE-001")
            .encoder(e -> e.vlan(EtherType.QINQ, 0, 0, 10).vlan(EtherType.VLAN, 5, 1, 200).opcode(MPRT_WRITE).payloadLength(32))
            .set(BthFlyweight.DEST_QP, 0x102).set(BthFlyweight.PSN, 1)
            .set(MdethFlyweight.PATH_ID, 1).set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .set(MdethFlyweight.SCN, 0x201).set(MdethFlyweight.MESSAGE_LENGTH, 32)
            .set(MdethFlyweight.VIRTUAL_ADDRESS, 0x10_0000).set(MdethFlyweight.RKEY, 0x77)
            .field("eth.type", "0x88a8").field("vlan.id[0]", 10).field("vlan.type[0]", "0x8100")
            .field("vlan.pcp[1]", 5).field("vlan.dei[1]", 1).field("vlan.id[1]", 200).field("vlan.type[1]", "0x800")
            .field("packet.vlan_count", 2).field("packet.profile", "MPRT"));
        out.add(v("ipv4-start-mprt-ack", "MPRT_ACK without link layer: the bytes start at the IPv4 header")
            .requirement("MPRT-WIRE-001").startsAtIp()
            .encoder(e -> e.opcode(MPRT_ACK).recordCount(0).ecn(Ecn.NOT_ECT))
            .set(BthFlyweight.DEST_QP, 0x201).set(BthFlyweight.PSN, 41)
            .set(MaethFlyweight.PATH_ID, 2).set(MaethFlyweight.SCN, 0x102)
            .set(MaethFlyweight.GUIDANCE_RATE_MBPS, MaethFlyweight.GUIDANCE_NO_LIMIT)
            .field("ipv4.ecn", 0).field("packet.headers", "mprt.maeth"));
        out.add(v("ipv6-start-mprt-send", "MPRT_SEND without link layer: the bytes start at the IPv6 header")
            .requirement("MPRT-WIRE-001").startsAtIp()
            .encoder(e -> e.ipv6(FD00_HIGH, 0x11, FD00_HIGH, 0x22).opcode(MPRT_SEND).payloadLength(16))
            .set(BthFlyweight.DEST_QP, 0x102).set(BthFlyweight.PSN, 9)
            .set(MdethFlyweight.PATH_ID, 5).set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .set(MdethFlyweight.SCN, 0x201).set(MdethFlyweight.MESSAGE_LENGTH, 16).set(MdethFlyweight.RSN, 3)
            .field("ipv6.ecn", 2).field("packet.headers", "mprt.mdeth"));
        out.add(sendOnly("udp-checksum-computed", "RC SEND_ONLY with a computed (non-zero, correct) UDP checksum", 16)
            .requirement("MPRT-WIRE-004", "ROCE-WIRE-006").encoder(e -> e.computeUdpChecksum(true))
            .field("udp.checksum", "0x82f5"));
    }

    // The ICRC masks what routers rewrite: these frames keep their ICRC after the rewrite.
    private static void masked(final List<VectorDraft> out) {
        out.add(sendOnly("ipv4-icrc-masks-rewritten-fields",
            "RC SEND_ONLY whose TTL, DSCP, ECN (CE), FECN, BECN and UDP checksum changed after the ICRC was computed; "
                + "the ICRC still matches", 8)
            .requirement("ROCE-ICRC-001")
            .mutate(f -> {
                f.u8(f.networkOffset + 8, 63);
                f.u8(f.networkOffset + 1, 46 << 2 | Ecn.CE);
                f.u8(f.bthOffset + 4, 0xC0);
                f.u16(f.udpOffset + 6, 0xbeef);
                f.refreshIpv4ChecksumOnly();
            })
            .field("ipv4.ttl", 63).field("ipv4.dscp", 46).field("ipv4.ecn", 3).field("bth.fecn", 1).field("bth.becn", 1)
            .field("udp.checksum", "0xbeef").field("packet.icrc_matches", true));
        out.add(sendOnly("ipv6-icrc-masks-rewritten-fields",
            "RC SEND_ONLY over IPv6 whose traffic class, flow label and hop limit changed after the ICRC was computed", 8)
            .requirement("ROCE-ICRC-001")
            .encoder(e -> e.ipv6(FD00_HIGH, 1, FD00_HIGH, 2).flowLabel(0xabcde))
            .mutate(f -> {
                f.u8(f.networkOffset, 0x6F);
                f.u8(f.networkOffset + 1, 0xF5);
                f.u8(f.networkOffset + 7, 1);
            })
            .field("ipv6.dscp", 63).field("ipv6.ecn", 3).field("ipv6.flow_label", "0x5bcde")
            .field("ipv6.hop_limit", 1).field("packet.icrc_matches", true));
    }

    private static void malformed(final List<VectorDraft> out) {
        out.add(sendOnly("malformed-ipv4-total-length-beyond-frame", "IPv4 total length 4 bytes more than the frame holds", 8)
            .requirement("MPRT-WIRE-003", "ROCE-WIRE-005").expect("malformed field=ipv4.total_length offset=16")
            .mutate(f -> {
                f.u16(f.networkOffset + 2, f.u16(f.networkOffset + 2) + 4);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("malformed-ipv4-total-length-short",
            "IPv4 total length 4 bytes short of the UDP datagram: the UDP length no longer equals the IP payload length", 8)
            .requirement("MPRT-WIRE-003").expect("malformed field=udp.length offset=38")
            .mutate(f -> {
                f.u16(f.networkOffset + 2, f.u16(f.networkOffset + 2) - 4);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("malformed-udp-length-mismatch", "UDP length 2 bytes more than the IP payload length", 8)
            .requirement("MPRT-WIRE-003", "ROCE-WIRE-005").expect("malformed field=udp.length offset=38")
            .mutate(f -> f.u16(f.udpOffset + 4, f.u16(f.udpOffset + 4) + 2)));
        out.add(sendOnly("malformed-ipv6-payload-length-beyond-frame", "IPv6 payload length 8 bytes more than the frame holds", 8)
            .requirement("MPRT-WIRE-003", "ROCE-WIRE-005").expect("malformed field=ipv6.payload_length offset=18")
            .encoder(e -> e.ipv6(FD00_HIGH, 1, FD00_HIGH, 2))
            .mutate(f -> f.u16(f.networkOffset + 4, f.u16(f.networkOffset + 4) + 8)));
        out.add(sendOnly("malformed-ipv4-wrong-version", "EtherType IPv4 but IP version 6 in the header", 8)
            .expect("malformed field=ipv4.version offset=14")
            .mutate(f -> f.u8(f.networkOffset, 0x65)));
        out.add(sendOnly("malformed-ipv4-ihl-below-5", "IPv4 IHL 4, shorter than the fixed header", 8)
            .expect("malformed field=ipv4.ihl offset=14")
            .mutate(f -> {
                f.u8(f.networkOffset, 0x44);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("malformed-ipv4-first-fragment", "IPv4 first fragment (MF set) of a RoCEv2 packet; the kit never reassembles", 8)
            .requirement("MPRT-WIRE-005", "ROCE-WIRE-004").expect("malformed field=ipv4.flags.mf offset=20")
            .mutate(f -> {
                f.u8(f.networkOffset + 6, 0x20);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("malformed-ipv4-header-truncated", "frame cut 10 bytes into the IPv4 header", 8)
            .expect("malformed field=ipv4.header_checksum offset=24")
            .mutate(f -> f.truncate(24)));
        out.add(sendOnly("malformed-udp-header-truncated", "IPv4 datagram of 26 bytes: only 6 bytes of UDP header", 8)
            .expect("malformed field=udp.checksum offset=40")
            .mutate(f -> {
                f.truncate(40);
                f.u16(f.networkOffset + 2, 26);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("malformed-ethernet-truncated", "a 10-byte frame: the Ethernet header is cut inside the source address", 8)
            .expect("malformed field=eth.src offset=6")
            .mutate(f -> f.truncate(10)));
        out.add(sendOnly("malformed-vlan-tag-truncated", "frame cut 2 bytes into its VLAN tag", 8)
            .encoder(e -> e.vlan(EtherType.VLAN, 0, 0, 7))
            .expect("malformed field=vlan.type offset=16")
            .mutate(f -> f.truncate(16)));
    }

    // Frames a capture with a snap length cut short: the file keeps fewer bytes than the frame had on the wire.
    private static void snapped(final List<VectorDraft> out) {
        out.add(sendOnly("unidentified-snapped-before-udp-port",
            "VLAN-tagged IPv6 frame captured with snap length 60: cut inside the UDP header, before the destination port", 8)
            .requirement("MPRT-WIRE-001", "ROCE-WIRE-001")
            .encoder(e -> e.vlan(EtherType.VLAN, 3, 0, 100).ipv6(FD00_HIGH, 1, FD00_HIGH, 2))
            .snap(60).expect("unidentified")
            .field("vlan.id", 100).field("ipv6.next_header", 17).field("ipv6.payload_length", 32)
            .field("packet.snapped", true));
    }

    private static void notRoce(final List<VectorDraft> out) {
        out.add(sendOnly("not-roce-udp-port-4792", "UDP to port 4792: not RoCEv2 or MPRT", 8)
            .requirement("MPRT-WIRE-001", "ROCE-WIRE-001").expect("not_roce").encoder(e -> e.udpDestinationPort(4792)));
        out.add(sendOnly("not-roce-ipv4-tcp", "IPv4 protocol 6 (TCP)", 8).expect("not_roce")
            .mutate(f -> {
                f.u8(f.networkOffset + 9, 6);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("not-roce-ipv4-later-fragment", "IPv4 fragment at offset 1480: its UDP header is in the first fragment", 8)
            .expect("not_roce")
            .mutate(f -> {
                f.u16(f.networkOffset + 6, 185);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(sendOnly("not-roce-ipv6-extension-header", "IPv6 next header 0 (hop-by-hop options), which RoCEv2 does not use", 8)
            .expect("not_roce").encoder(e -> e.ipv6(FD00_HIGH, 1, FD00_HIGH, 2))
            .mutate(f -> f.u8(f.networkOffset + 6, 0)));
        out.add(sendOnly("not-roce-arp-ethertype", "EtherType 0x0806 (ARP)", 8).expect("not_roce")
            .mutate(f -> f.u16(12, 0x0806)));
    }
}
