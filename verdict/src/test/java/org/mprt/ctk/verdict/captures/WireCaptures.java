package org.mprt.ctk.verdict.captures;

import static org.mprt.ctk.verdict.captures.FrameFactory.intact;
import static org.mprt.ctk.verdict.captures.FrameFactory.none;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.pcap.PcapngWriter;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.InternetChecksum;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The crafted wire-format captures of {@code captures/wire/}: one clean MPRT exchange, MPRT captures
 * whose frames each break one WIRE rule, and RoCEv2 captures likewise. Frame numbers in the
 * comments are the ones the expectation files name.
 */
final class WireCaptures {

    /** 2026-01-01T00:00:00Z, so that tools show a sane date; frames follow 1 µs apart. */
    static final long EPOCH_NS = 1_767_225_600_000_000_000L;
    /** Offset of the IPv4 header in an untagged Ethernet frame. */
    private static final int IPV4_OFFSET = 14;
    /** Offset of the BTH in an untagged IPv4 frame. */
    private static final int BTH_OFFSET = IPV4_OFFSET + 20 + 8;

    private final FrameFactory f = new FrameFactory();

    /** Capture name (path under captures/) to frames; pcapng for names ending so. */
    Map<String, List<byte[]>> all() {
        final Map<String, List<byte[]>> out = new LinkedHashMap<>();
        out.put("wire/mprt-clean.pcap", mprtClean());
        out.put("wire/mprt-bad-headers.pcap", mprtBadHeaders());
        out.put("wire/mprt-bad-data.pcap", mprtBadData());
        out.put("wire/mprt-bad-control.pcap", mprtBadControl());
        out.put("wire/rocev2-clean-vlan-ipv6.pcapng", rocev2CleanVlanIpv6());
        out.put("wire/rocev2-bad.pcap", rocev2Bad());
        out.put("wire/mprt-icrc-at-sender.pcap", mprtIcrcAtSender());
        out.put("wire/rocev2-icrc-at-sender.pcap", rocev2IcrcAtSender());
        out.put("wire/transport-port-and-reth.pcap", transportPortAndReth());
        out.put("wire/ip-fragments-and-extension-headers.pcap", ipFragmentsAndExtensionHeaders());
        return out;
    }

    /**
     * Packets the decoder cannot decode past, sent all the same: an IPv4 first fragment (MF set, DF
     * clear) and an IPv6 hop-by-hop options header before UDP to port 4791, for each profile, each after
     * a conforming packet of its kind. The IPv6 MPRT packets are a connection of their own, so that the
     * paths of the IPv4 one keep their addresses; every RoCEv2 packet is a QP of its own.
     */
    List<byte[]> ipFragmentsAndExtensionHeaders() {
        final java.util.function.Consumer<FrameEncoder> ipv6 =
            e -> e.ipv6(0xfd00_0000_0000_0000L, 0xA, 0xfd00_0000_0000_0000L, 0xB);
        final List<byte[]> frames = new ArrayList<>();
        frames.add(MprtPacket.data().buildData(f));                                                         // 1
        frames.add(firstFragment(MprtPacket.data().with(p -> { p.psn = 1; p.msn = 1; }).buildData(f)));     // 2: WIRE-005
        frames.add(MprtPacket.data().with(p -> { BehaviourCaptures.connection(p, 2); p.settings = ipv6; })  // 3
            .buildData(f));
        frames.add(withHopByHop(MprtPacket.data().with(p -> {                                               // 4: WIRE-003
            BehaviourCaptures.connection(p, 2); p.psn = 1; p.msn = 1; p.settings = ipv6; }).buildData(f)));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x51, 0, none(), none(), intact()));          // 5
        frames.add(firstFragment(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x52, 0, none(), none(), intact()))); // 6
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x53, 0, ipv6, none(), intact()));            // 7
        frames.add(withHopByHop(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x54, 0, ipv6, none(), intact()))); // 8
        return frames;
    }

    /** The untagged IPv4 frame as the first fragment of its packet: MF set, DF clear, the header checksum redone. */
    private static byte[] firstFragment(final byte[] frame) {
        final ByteBuffer b = ByteBuffer.wrap(frame.clone());
        b.put(IPV4_OFFSET + 6, (byte) ((b.get(IPV4_OFFSET + 6) & ~0x40) | 0x20)).putShort(IPV4_OFFSET + 10, (short) 0);
        b.putShort(IPV4_OFFSET + 10, (short) InternetChecksum.ipv4HeaderChecksum(b, IPV4_OFFSET, 20));
        return b.array();
    }

    /**
     * The untagged IPv6 frame with a hop-by-hop options header (a PadN option) after its fixed header,
     * which names it; the payload length grows by its 8 bytes, the UDP datagram is unchanged.
     */
    private static byte[] withHopByHop(final byte[] frame) {
        final int ip = IPV4_OFFSET; // where an untagged frame's IP header starts, IPv6 as IPv4
        final byte[] out = new byte[frame.length + 8];
        System.arraycopy(frame, 0, out, 0, ip + 40);
        System.arraycopy(frame, ip + 40, out, ip + 48, frame.length - ip - 40);
        out[ip + 40] = (byte) out[ip + 6];
        out[ip + 42] = 1;
        out[ip + 43] = 4;
        out[ip + 6] = 0;
        final ByteBuffer b = ByteBuffer.wrap(out);
        b.putShort(ip + 4, (short) (b.getShort(ip + 4) + 8));
        return out;
    }

    /**
     * The bad-headers exchange as other captures would hold it: with a snap length of 128 bytes,
     * which cuts every data packet in its payload (its header rules judge as on the whole capture;
     * its payload, pad, ICRC and non-zero UDP checksum are not judged); as a Linux cooked v2 (SLL2)
     * capture; and as a remote collector receives them from a switch's ERSPAN type II session and from
     * a cloud's VXLAN traffic mirror: these three are judged identically to the Ethernet one; and from
     * an ERSPAN session that cuts each frame to 128 bytes (its T bit set), judged as the snap-length
     * capture: the mirror's cut is the capture's, not the packets' fault. As an Endace capture card at a
     * mirror port records them (ERF records, each frame with its FCS): judged identically to the Ethernet
     * one; and from such a card set to keep 128 bytes of each frame, judged as the snap-length capture. And the
     * conforming exchange as a capture on the host of both nodes holds it when their NICs (or the
     * loopback interface) offload the UDP checksum: MPRT-WIRE-004 cannot be judged, all else as before.
     */
    List<CaptureFile> variants() {
        final List<byte[]> frames = mprtBadHeaders();
        final List<byte[]> cooked = new ArrayList<>();
        final List<byte[]> erspan = new ArrayList<>();
        final List<byte[]> erspanCut = new ArrayList<>();
        final List<byte[]> vxlan = new ArrayList<>();
        final List<byte[]> erf = new ArrayList<>();
        final List<byte[]> erfCut = new ArrayList<>();
        for (final byte[] frame : frames) {
            cooked.add(CaptureFile.linuxSll2(frame));
            erspan.add(CaptureFile.erspanII(frame, erspan.size()));
            erspanCut.add(CaptureFile.erspanII(frame, erspanCut.size(), 128));
            vxlan.add(CaptureFile.vxlan(frame));
            erf.add(CaptureFile.erf(frame, erf.size(), Integer.MAX_VALUE));
            erfCut.add(CaptureFile.erf(frame, erfCut.size(), 128));
        }
        return List.of(
            CaptureFile.spaced("wire/mprt-bad-headers-snap128.pcap", LinkType.ETHERNET, 128, frames),
            CaptureFile.spaced("wire/mprt-bad-headers-sll2.pcap", LinkType.LINUX_SLL2, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES,
                cooked),
            CaptureFile.spaced("wire/mprt-bad-headers-erspan.pcap", LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES,
                erspan),
            CaptureFile.spaced("wire/mprt-bad-headers-vxlan.pcap", LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES,
                vxlan),
            CaptureFile.spaced("wire/mprt-bad-headers-erspan-cut.pcap", LinkType.ETHERNET,
                PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, erspanCut),
            CaptureFile.spaced("wire/mprt-bad-headers-erf.pcap", LinkType.ERF, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, erf),
            CaptureFile.spaced("wire/mprt-bad-headers-erf-file.erf", LinkType.ERF, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, erf),
            CaptureFile.spaced("wire/mprt-bad-headers-erf-cut.pcap", LinkType.ERF, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, erfCut),
            CaptureFile.spaced("wire/mprt-clean-offload.pcap", LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES,
                mprtClean().stream().map(CaptureFile::checksumOffloaded).toList()));
    }

    void writeAll(final Path capturesDir) throws IOException {
        for (final CaptureFile variant : variants()) {
            variant.write(capturesDir);
        }
        writeMarkedPcapng(capturesDir.resolve("wire/mprt-bad-headers-epb.pcapng"), mprtBadHeaders());
        for (final Map.Entry<String, List<byte[]>> e : all().entrySet()) {
            final Path file = capturesDir.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            try (CaptureWriter w = e.getKey().endsWith(".pcapng") ? pcapng(file) : PcapWriter.create(file, LinkType.ETHERNET)) {
                long t = EPOCH_NS;
                for (final byte[] frame : e.getValue()) {
                    w.write(t, frame);
                    t += 1_000;
                }
            }
        }
    }

    /**
     * The bad-headers exchange as a pcapng capture on node A's host that says, in each enhanced packet
     * block's epb_flags, whether the host sent the frame (A's) or received it (B's).
     */
    private static void writeMarkedPcapng(final Path file, final List<byte[]> frames) throws IOException {
        Files.createDirectories(file.getParent());
        try (PcapngWriter w = PcapngWriter.create(file, LinkType.ETHERNET)) {
            long t = EPOCH_NS;
            for (final byte[] frame : frames) {
                final boolean fromA = (ByteBuffer.wrap(frame).getLong(4) & 0xFFFF_FFFF_FFFFL) == FrameFactory.MAC_A;
                w.write(0, t, frame, 0, frame.length, frame.length, fromA ? LinkDirection.OUTBOUND : LinkDirection.INBOUND);
                t += 1_000;
            }
        }
    }

    private static CaptureWriter pcapng(final Path file) throws IOException {
        final PcapngWriter w = PcapngWriter.create(file, LinkType.ETHERNET);
        return w;
    }

    // ---- MPRT ------------------------------------------------------------------------------------

    /** A conforming exchange: two streams, three paths on two planes, SACK, ECN echo, NAK, probe. */
    List<byte[]> mprtClean() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(FrameFactory.arpRequest());                                                       // 1
        frames.add(MprtPacket.data().with(p -> { p.messageLength = 2048; }).buildData(f));            // 2
        frames.add(MprtPacket.data().with(p -> {                                                     // 3
            p.pathId = 1; p.udpSourcePort = 0xC001; p.messageLength = 2048; p.messageOffset = 1024; p.ackReq = 1;
        }).buildData(f));
        frames.add(MprtPacket.data().with(p -> {                                                     // 4: SEND, 99 bytes, 1 pad
            p.plane = 1; p.pathId = 2; p.udpSourcePort = 0xC002; p.send = true; p.streamId = 1;
            p.messageLength = 99; p.payloadBytes = 99; p.ackReq = 1;
        }).buildData(f));
        frames.add(MprtPacket.ack().with(p -> { p.streamRecords = new int[][] {{0, 1}}; }).buildAck(f));       // 5
        frames.add(MprtPacket.ack().with(p -> { p.pathId = 1; p.udpSourcePort = 0xC101; }).buildAck(f));        // 6
        frames.add(MprtPacket.ack().with(p -> {                                                      // 7: ECN echo
            p.plane = 1; p.pathId = 2; p.ceCount = 1; p.streamRecords = new int[][] {{1, 1}};
        }).buildAck(f));
        frames.add(MprtPacket.data().with(p -> {                                                     // 8: PSN 1 lost
            p.psn = 2; p.msn = 1; p.messageLength = 512; p.payloadBytes = 512; p.ackReq = 1;
            p.settings = e -> e.ecn(Ecn.ECT_1);
        }).buildData(f));
        frames.add(MprtPacket.ack().with(p -> { p.cack = 0; p.sackedPsns = new int[] {2}; }).buildAck(f));    // 9: SACK
        frames.add(f.frame(FrameFactory.Way.B_TO_A, 1, 0xC102, OpcodeTable.MPRT_NAK, 0, none(), e -> {   // 10
            e.bth().destQp(FrameFactory.DCN_AT_A).psn(0);
            e.extensions().mneth().pathId(2).nakCode(0x04).streamId(1).scn(FrameFactory.DCN_AT_B).msn(0);
        }, intact()));
        frames.add(probe(FrameFactory.Way.A_TO_B, OpcodeTable.MPRT_PROBE, 7, 5000, 3));              // 11
        frames.add(probe(FrameFactory.Way.B_TO_A, OpcodeTable.MPRT_PROBE_REPLY, 7, 5000, 3));        // 12
        return frames;
    }

    private byte[] probe(final FrameFactory.Way way, final Opcode opcode, final long probeId, final long txTimestamp,
                         final int psn) {
        return probe(way, opcode, probeId, txTimestamp, psn, intact());
    }

    /** As {@link #probe(FrameFactory.Way, Opcode, long, long, int)}, then {@code tamper}. */
    private byte[] probe(final FrameFactory.Way way, final Opcode opcode, final long probeId, final long txTimestamp,
                         final int psn, final java.util.function.Consumer<ByteBuffer> tamper) {
        final boolean fromA = way == FrameFactory.Way.A_TO_B;
        return f.frame(way, 0, 0xC003, opcode, 0, e -> e.ecn(Ecn.NOT_ECT), e -> {
            e.bth().destQp(fromA ? FrameFactory.DCN_AT_B : FrameFactory.DCN_AT_A).psn(psn);
            e.extensions().mpeth().pathId(3).scn(fromA ? FrameFactory.DCN_AT_A : FrameFactory.DCN_AT_B)
                .probeId(probeId).txTimestamp(txTimestamp);
        }, tamper);
    }

    /**
     * Packets whose ICRC does not match, from both nodes, for a capture taken at node A's ports
     * (mprt-v0.1.md section 16.3): A's own are held against A, also one whose opcode is reserved; B's
     * arrived so, changed on the way or sent so, and are not judged, nor are the fields the change broke
     * (a reserved opcode, a reserved bit set). Their ICRCs were computed before the change.
     */
    List<byte[]> mprtIcrcAtSender() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(MprtPacket.data().with(p -> p.ackReq = 1).buildData(f));                          // 1: valid
        frames.add(MprtPacket.ack().buildAck(f));                                                     // 2: valid ACK of PSN 0
        frames.add(MprtPacket.data().with(p -> { p.psn = 1; p.msn = 1; p.ackReq = 1;                  // 3: A's ICRC wrong
            p.tamper = b -> b.put(b.limit() - 1, (byte) (b.get(b.limit() - 1) ^ 0x5A)); }).buildData(f));
        frames.add(MprtPacket.ack().with(p -> { p.cack = 1;                                          // 4: opcode 0xC5 on the way
            p.tamper = b -> b.put(BTH_OFFSET, (byte) 0xC5); }).buildAck(f));
        frames.add(MprtPacket.ack().with(p -> { p.cack = 1;                                          // 5: resv7 1 on the way
            p.tamper = b -> b.put(BTH_OFFSET + 8, (byte) (b.get(BTH_OFFSET + 8) | 1)); }).buildAck(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 2; p.msn = 2;                               // 6: A's opcode 0xC5,
            p.tamper = b -> b.put(BTH_OFFSET, (byte) 0xC5); }).buildData(f));                          //    its ICRC wrong
        frames.add(probe(FrameFactory.Way.A_TO_B, OpcodeTable.MPRT_PROBE, 9, 7000, 3));              // 7: A's PROBE
        frames.add(probe(FrameFactory.Way.B_TO_A, OpcodeTable.MPRT_PROBE_REPLY, 9, 7000, 3,          // 8: B's reply, a bit
            b -> b.put(b.limit() - 6, (byte) (b.get(b.limit() - 6) ^ 0x08))));                      //    of its tx_timestamp
        return frames;
    }

    /** As {@link #mprtIcrcAtSender()}, for RoCEv2: A's SEND with a wrong ICRC, and B's acknowledgement changed on the way. */
    List<byte[]> rocev2IcrcAtSender() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x41, 10, none(), e -> e.bth().ackReq(1), intact()));  // 1: valid
        frames.add(roceAck(10, intact()));                                                                            // 2: valid
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x41, 11, none(), e -> e.bth().ackReq(1),              // 3: A's ICRC wrong
            b -> b.put(b.limit() - 2, (byte) (b.get(b.limit() - 2) ^ 1))));
        frames.add(roceAck(11, b -> b.put(BTH_OFFSET + 8, (byte) (b.get(BTH_OFFSET + 8) | 1))));                     // 4: resv7 1 on the way
        return frames;
    }

    /** B's RC Acknowledge of PSN {@code psn} to A's QP 0x42, then {@code tamper}. */
    private byte[] roceAck(final int psn, final java.util.function.Consumer<ByteBuffer> tamper) {
        return f.frame(FrameFactory.Way.B_TO_A, 0, 0xC200, OpcodeTable.RC_ACKNOWLEDGE, 0, none(), e -> {
            e.bth().destQp(0x42).psn(psn);
            e.extensions().aeth().syndrome(0x1F).msn(1);
        }, tamper);
    }

    /** Each frame after the first breaks one BTH or IP/UDP rule. */
    List<byte[]> mprtBadHeaders() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(MprtPacket.data().buildData(f));                                                  // 1: valid
        frames.add(MprtPacket.data().with(p -> { p.psn = 1; p.msn = 1;                               // 2: TVer 1 (WIRE-010)
            p.fields = e -> e.bth().tver(1); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 2; p.msn = 2;                               // 3: P_Key (WIRE-010)
            p.fields = e -> e.bth().pKey(0x7FFF); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 3; p.msn = 3;                               // 4: DestQP 1 (WIRE-011)
            p.fields = e -> e.bth().destQp(1); }).buildData(f));
        frames.add(MprtPacket.ack().with(p -> p.fields = e -> e.bth().ackReq(1)).buildAck(f));       // 5: AckReq on ACK (WIRE-013)
        frames.add(f.frame(FrameFactory.Way.A_TO_B, 0, 0xC000, OpcodeTable.MPRT_NAK, 0,              // 6: opcode 0xC5 (WIRE-020)
            e -> e.opcode(0xC5).payloadLength(16), e -> e.bth().destQp(FrameFactory.DCN_AT_B), intact()));
        frames.add(MprtPacket.data().with(p -> { p.psn = 4; p.msn = 4;                               // 7: DF clear (WIRE-005)
            p.settings = e -> e.dontFragment(0); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 5; p.msn = 5;                               // 8: wrong UDP checksum (WIRE-004)
            p.settings = e -> e.udpChecksum(0xBEEF); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 6; p.msn = 6;                               // 9: bad ICRC (WIRE-007)
            p.tamper = b -> b.put(b.limit() - 1, (byte) (b.get(b.limit() - 1) ^ 0x5A)); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 7; p.msn = 7;                               // 10: UDP length (WIRE-003)
            p.tamper = FrameFactory.rewrite(b -> b.putShort(IPV4_OFFSET + 20 + 4, (short) (b.getShort(IPV4_OFFSET + 24) - 4)),
                IPV4_OFFSET, NetworkKind.IPV4); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 8; p.msn = 8; p.messageLength = 99;        // 11: non-zero pad (WIRE-012)
            p.payloadBytes = 99;
            p.tamper = FrameFactory.rewrite(b -> b.put(b.limit() - 5, (byte) 0xEE), IPV4_OFFSET, NetworkKind.IPV4); })
            .buildData(f));
        frames.add(FrameFactory.pauseFrame());                                                       // 12: PAUSE (CC-004)
        return frames;
    }

    /** Each frame after the first breaks one MDETH rule. */
    List<byte[]> mprtBadData() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(MprtPacket.data().with(p -> p.messageLength = 4096).buildData(f));               // 1: valid, msg 0
        frames.add(MprtPacket.data().with(p -> { p.psn = 1; p.msn = 1; p.pathId = 64; }).buildData(f)); // 2: path_id 64 (WIRE-030)
        frames.add(MprtPacket.data().with(p -> { p.psn = 2; p.msn = 2; p.messageLength = 1000; })    // 3: past message_length (WIRE-030)
            .buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 3; p.msn = 3; p.messageLength = 2048;      // 4: F clear at offset 0 (WIRE-031)
            p.fields = e -> e.extensions().mdeth().f(0); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 4; p.msn = 4;                               // 5: resv5 (WIRE-032)
            p.fields = e -> e.extensions().mdeth().resv5(1); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 5; p.msn = 5; p.send = true;               // 6: SEND reserved word (WIRE-032)
            p.fields = e -> e.extensions().mdeth().reserved28(9); }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 6; p.msn = 6; p.messageLength = 8192;      // 7: 8192-byte payload (WIRE-033)
            p.payloadBytes = 8192; }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 7; p.messageLength = 4096;                 // 8: msg 0 again, other rkey (WIRE-034)
            p.messageOffset = 1024; p.rkey = 0x9999; }).buildData(f));
        frames.add(MprtPacket.data().with(p -> { p.psn = 8; p.msn = 8;                               // 9: Not-ECT (WIRE-006)
            p.settings = e -> e.ecn(Ecn.NOT_ECT); }).buildData(f));
        return frames;
    }

    /** Each frame after the first breaks one rule of the ACK, NAK and PROBE headers. */
    List<byte[]> mprtBadControl() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(MprtPacket.ack().with(p -> p.streamRecords = new int[][] {{0, 3}}).buildAck(f)); // 1: valid
        frames.add(MprtPacket.ack().with(p -> { p.cack = 5;                                          // 2: SACK bit 0 (WIRE-040)
            p.fields = e -> e.extensions().maeth().sackBit(0, 1); }).buildAck(f));
        frames.add(MprtPacket.ack().with(p -> p.fields = e -> e.extensions().maeth().e(1)).buildAck(f)); // 3: E without CE (WIRE-041)
        frames.add(MprtPacket.ack().with(p -> p.streamRecords = new int[][] {{1, 2}, {1, 3}}).buildAck(f)); // 4: same stream twice (WIRE-042)
        frames.add(f.frame(FrameFactory.Way.B_TO_A, 0, 0xC100, OpcodeTable.MPRT_NAK, 0, none(), e -> {    // 5: NAK code 0x09 (WIRE-050)
            e.bth().destQp(FrameFactory.DCN_AT_A);
            e.extensions().mneth().nakCode(0x09).scn(FrameFactory.DCN_AT_B);
        }, intact()));
        frames.add(probe(FrameFactory.Way.A_TO_B, OpcodeTable.MPRT_PROBE, 11, 7000, 9));             // 6
        frames.add(probe(FrameFactory.Way.B_TO_A, OpcodeTable.MPRT_PROBE_REPLY, 11, 7001, 9));       // 7: wrong echo (WIRE-060)
        frames.add(MprtPacket.ack().with(p -> p.guidanceRateMbps = 0).buildAck(f));                  // 8: guidance 0 (RECV-002)
        frames.add(MprtPacket.ack().with(p -> {                                                      // 9: 17 records (WIRE-041)
            p.streamRecords = new int[17][2];
            for (int k = 0; k < 17; k++) {
                p.streamRecords[k] = new int[] {k, 1};
            }
        }).buildAck(f));
        return frames;
    }

    // ---- RoCEv2 ----------------------------------------------------------------------------------

    private byte[] roce(final int udpSourcePort, final Opcode opcode, final int payloadBytes, final int destQp, final int psn,
                        final java.util.function.Consumer<FrameEncoder> settings,
                        final java.util.function.Consumer<FrameEncoder> fields,
                        final java.util.function.Consumer<ByteBuffer> tamper) {
        return f.frame(FrameFactory.Way.A_TO_B, 0, udpSourcePort, opcode, payloadBytes, settings, e -> {
            e.bth().destQp(destQp).psn(psn);
            fields.accept(e);
        }, tamper);
    }

    /** A conforming RC exchange over IPv6 with an 802.1ad + 802.1Q tag pair, written as pcapng. */
    List<byte[]> rocev2CleanVlanIpv6() {
        final java.util.function.Consumer<FrameEncoder> ipv6AtoB = e -> e.ipv6(0xfd00_0000_0000_0000L, 0xA, 0xfd00_0000_0000_0000L, 0xB)
            .vlan(0x88A8, 0, 0, 100).vlan(0x8100, 3, 0, 42);
        final java.util.function.Consumer<FrameEncoder> ipv6BtoA = e -> e.ipv6(0xfd00_0000_0000_0000L, 0xB, 0xfd00_0000_0000_0000L, 0xA)
            .vlan(0x88A8, 0, 0, 100).vlan(0x8100, 3, 0, 42);
        final List<byte[]> frames = new ArrayList<>();
        frames.add(roce(0xC123, OpcodeTable.RC_RDMA_WRITE_FIRST, 1024, 0x11, 100, ipv6AtoB,               // 1
            e -> e.extensions().reth().virtualAddress(0x10_0000).rKey(0x77).dmaLength(2500), intact()));
        frames.add(roce(0xC123, OpcodeTable.RC_RDMA_WRITE_MIDDLE, 1024, 0x11, 101, ipv6AtoB, none(), intact())); // 2
        frames.add(roce(0xC123, OpcodeTable.RC_RDMA_WRITE_LAST, 452, 0x11, 102, ipv6AtoB,                  // 3
            e -> e.bth().ackReq(1), intact()));
        frames.add(f.frame(FrameFactory.Way.B_TO_A, 0, 0xC456, OpcodeTable.RC_ACKNOWLEDGE, 0, ipv6BtoA, e -> { // 4
            e.bth().destQp(0x22).psn(102);
            e.extensions().aeth().syndrome(0x1F).msn(1);
        }, intact()));
        frames.add(roce(0xC123, OpcodeTable.RC_SEND_ONLY, 33, 0x11, 103, ipv6AtoB, e -> e.bth().ackReq(1), intact())); // 5
        frames.add(f.frame(FrameFactory.Way.B_TO_A, 0, 0xC457, OpcodeTable.CNP, 0, ipv6BtoA,                // 6: CNP
            e -> e.bth().destQp(0x22).psn(0), intact()));
        return frames;
    }

    /** RoCEv2 frames, each after the first breaking one rule; every QP has its own DestQP. */
    List<byte[]> rocev2Bad() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_FIRST, 1024, 0x31, 10, none(), none(), intact()));      // 1: valid
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x31, 11, none(), none(), intact()));          // 2: Only inside a SEND (BTH-004)
        frames.add(roce(0xC101, OpcodeTable.RC_SEND_ONLY, 8, 0x31, 12, none(), none(), intact()));          // 3: other source port, same QP (WIRE-002)
        frames.add(roce(0x1234, OpcodeTable.RC_SEND_ONLY, 8, 0x32, 0, none(), none(), intact()));           // 4: port below 0xC000 (WIRE-003)
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x33, 0, none(), e -> e.bth().tver(2), intact())); // 5: TVer (BTH-001)
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x34, 0, none(), e -> e.bth().set(                 // 6: resv7 (BTH-002)
            org.mprt.ctk.wire.bth.BthFlyweight.RESV7, 5), intact()));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x35, 0, none(), e -> e.bth().set(                 // 7: resv6 (BTH-005)
            org.mprt.ctk.wire.bth.BthFlyweight.RESV6, 0x10), intact()));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_FIRST, 1024, 0x36, 0, e -> e.padCount(1), none(), intact())); // 8: PadCnt on First (BTH-003)
        frames.add(f.frame(FrameFactory.Way.B_TO_A, 0, 0xC200, OpcodeTable.CNP, 0, none(),                     // 9: CNP PSN 5 (WIRE-009)
            e -> e.bth().destQp(0x37).psn(5), intact()));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x38, 0, e -> e.computeUdpChecksum(true), none(), intact())); // 10: UDP checksum (WIRE-006)
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x39, 0, e -> e.dontFragment(0), none(), intact())); // 11: DF (WIRE-004)
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x3A, 0, none(), none(),                          // 12: ICRC (ICRC-001)
            b -> b.put(b.limit() - 2, (byte) (b.get(b.limit() - 2) ^ 1))));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x3B, 0, none(), none(),                          // 13: IP total length (WIRE-005)
            FrameFactory.rewrite(b -> {
                b.putShort(IPV4_OFFSET + 2, (short) (b.getShort(IPV4_OFFSET + 2) + 8));
            }, IPV4_OFFSET, NetworkKind.IPV4)));
        frames.add(roce(0xC100, OpcodeTable.RC_RDMA_WRITE_FIRST, 1024, 0x3C, 0, none(),                        // 14
            e -> e.extensions().reth().virtualAddress(0x1000).rKey(5).dmaLength(3000), intact()));
        frames.add(roce(0xC100, OpcodeTable.RC_RDMA_WRITE_MIDDLE, 1000, 0x3C, 1, none(), none(), intact()));    // 15: Middle not PMTU (RETH-002)
        frames.add(roce(0xC100, OpcodeTable.RC_RDMA_WRITE_LAST, 500, 0x3C, 2, none(), none(), intact()));       // 16: 2524 of 3000 (RETH-002)
        return frames;
    }

    /**
     * Transport packets on the wrong UDP port, recognised by their ICRC, and an RDMA WRITE Only too
     * short for its RETH: frame 1 is a valid MPRT WRITE, frame 2 the same to port 4793 (MPRT-WIRE-001),
     * frame 3 a valid RC SEND Only, frame 4 the same to port 4792 (ROCE-WIRE-001), frame 5 an RDMA
     * WRITE Only with 8 bytes where its 16-byte RETH should be (ROCE-RETH-001), frame 6 a plain UDP
     * datagram to port 4792 that is not a transport packet (its last bytes are no ICRC).
     */
    List<byte[]> transportPortAndReth() {
        final List<byte[]> frames = new ArrayList<>();
        frames.add(MprtPacket.data().buildData(f));                                                        // 1
        frames.add(MprtPacket.data().with(p -> { p.psn = 1; p.msn = 1;                                     // 2
            p.settings = e -> e.udpDestinationPort(4793); }).buildData(f));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x41, 0, none(), none(), intact()));          // 3
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x42, 0, e -> e.udpDestinationPort(4792), none(), intact())); // 4
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x43, 0, none(), none(),                       // 5
            FrameFactory.rewrite(b -> b.put(IPV4_OFFSET + 20 + 8, (byte) OpcodeTable.RC_RDMA_WRITE_ONLY.code()),
                IPV4_OFFSET, NetworkKind.IPV4)));
        frames.add(roce(0xC100, OpcodeTable.RC_SEND_ONLY, 8, 0x44, 0, e -> e.udpDestinationPort(4792), none(), // 6
            b -> b.put(b.limit() - 1, (byte) (b.get(b.limit() - 1) ^ 0x01))));
        return frames;
    }
}
