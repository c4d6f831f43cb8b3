package org.mprt.ctk.verdict.wire;

import java.nio.ByteBuffer;
import org.mprt.ctk.pcap.link.NetworkLayerKind;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.EvidenceRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.IcrcWrong;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * MPRT-WIRE-001 and ROCE-WIRE-001: the transport rides in UDP to port 4791. A packet sent to another
 * port is recognised by its ICRC: when the last four bytes of a UDP datagram to another port are the
 * RoCEv2 ICRC of the datagram read as BTH and payload, the datagram is a transport packet (a chance
 * match has odds of 2^-32). Its opcode tells which profile it belongs to.
 */
@JudgedWithoutTime
public final class TransportPortRule extends EvidenceRule {

    /** Bytes after the UDP header that a transport packet needs: BTH and ICRC. */
    private static final int MINIMUM_TRANSPORT_BYTES = 12 + 4;
    private static final int MPRT_OPCODE_FIRST = 0xC0;
    private static final int MPRT_OPCODE_LAST = 0xDF;

    private final Profile profile;

    private TransportPortRule(final String requirementId, final Profile profile) {
        super(requirementId);
        this.profile = profile;
    }

    public static TransportPortRule mprt() {
        return new TransportPortRule("MPRT-WIRE-001", Profile.MPRT);
    }

    public static TransportPortRule rocev2() {
        return new TransportPortRule("ROCE-WIRE-001", Profile.ROCEV2);
    }

    @Override
    public int kinds() {
        return (profile == Profile.MPRT ? FrameKind.MPRT : FrameKind.ROCEV2.bit()) | FrameKind.OTHER.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (IcrcWrong.leftUnjudged(o, evidence)) {
            return;
        }
        if (o.isTransport() && o.packet().profile() == profile) {
            evidence.conforming(o.frameNumber());
        } else if (o.status() == DecodeStatus.NOT_ROCE && !o.isSnapped()) {
            judgeOtherUdp(o);
        }
    }

    private void judgeOtherUdp(final Observation o) {
        final NetworkLayerKind kind = o.network().kind();
        final ByteBuffer b = o.frame().buffer();
        final int ip = o.frame().dataOffset() + o.network().offsetBytes();
        final int captured = o.frame().capturedLengthBytes() - o.network().offsetBytes();
        final int udp;
        final int datagramEnd;
        final NetworkKind networkKind;
        if (kind == NetworkLayerKind.IPV4 && captured >= 20) {
            final int ihl = (b.get(ip) & 0x0F) * 4;
            final boolean fragment = (Ipv4Flyweight.MF.read(b, ip) | Ipv4Flyweight.FRAGMENT_OFFSET.read(b, ip)) != 0;
            if (Ipv4Flyweight.PROTOCOL.read(b, ip) != Ipv4Flyweight.PROTOCOL_UDP || fragment || ihl < 20) {
                return;
            }
            udp = ip + ihl;
            datagramEnd = ip + (int) Ipv4Flyweight.TOTAL_LENGTH.read(b, ip);
            networkKind = NetworkKind.IPV4;
        } else if (kind == NetworkLayerKind.IPV6 && captured >= 40) {
            if (Ipv6Flyweight.NEXT_HEADER.read(b, ip) != Ipv4Flyweight.PROTOCOL_UDP) {
                return;
            }
            udp = ip + 40;
            datagramEnd = udp + (int) Ipv6Flyweight.PAYLOAD_LENGTH.read(b, ip);
            networkKind = NetworkKind.IPV6;
        } else {
            return;
        }
        final int frameEnd = o.frame().dataOffset() + o.frame().capturedLengthBytes();
        if (datagramEnd > frameEnd || datagramEnd - udp < UdpFlyweight.UDP_LENGTH + MINIMUM_TRANSPORT_BYTES) {
            return;
        }
        final int icrcOffset = datagramEnd - Icrc.ICRC_LENGTH;
        if (Icrc.compute(b, ip, networkKind, icrcOffset) != Icrc.read(b, icrcOffset)) {
            return;
        }
        final int opcode = b.get(udp + UdpFlyweight.UDP_LENGTH) & 0xFF;
        final Profile carried = opcode >= MPRT_OPCODE_FIRST && opcode <= MPRT_OPCODE_LAST ? Profile.MPRT : Profile.ROCEV2;
        if (carried == profile) {
            evidence.violation(o.frameNumber(), () -> "udp.dstport: expected 4791, found "
                + (int) UdpFlyweight.DESTINATION_PORT.read(b, udp) + ", on a datagram that carries a BTH (opcode 0x"
                + Integer.toHexString(opcode) + ") with a matching ICRC");
        }
    }

    @Override
    public Verdict verdict() {
        return evidence.verdict(evidence.checked() + " packets ride in UDP to port 4791; no transport packet found on "
            + "another UDP port", "no " + (profile == Profile.MPRT ? "MPRT" : "RoCEv2") + " packet in the capture");
    }
}
