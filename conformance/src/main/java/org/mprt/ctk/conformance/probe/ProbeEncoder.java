package org.mprt.ctk.conformance.probe;

import java.util.Arrays;
import java.util.List;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Builds the exact frames of a scripted probe with the codec's {@link FrameEncoder}: a valid MPRT
 * data packet of one of the probe's connections, then the faults the scenario asks for, each
 * changing only what it names (section 3.8). The frame carries the path's plane addresses and UDP
 * source port; a part of a multi-packet message carries its offset, F and L as section 3.4 says.
 */
final class ProbeEncoder {

    private static final int FRAME_BUFFER_BYTES = 9_216;
    private static final int TRUNCATED_MDETH_BYTES = 20;
    private static final int ICRC_BYTES = 4;
    /** Forged rkeys differ from the real one in every byte. */
    private static final long RKEY_FORGERY = 0xA5A5_5A5AL;
    /** A page of the device's region each message of a stream writes to, by MSN. */
    private static final int PAGE_BYTES = 4_096;
    /** Probe IDs are this plus the probed PSN, so that a reply names the probe it answers. */
    private static final long PROBE_ID_BASE = 0x5052_0000L;

    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] buffer = new byte[FRAME_BUFFER_BYTES];
    private final List<ProbeTarget> targets;
    private ProbeTarget target;

    ProbeEncoder(final List<ProbeTarget> targets) {
        this.targets = List.copyOf(targets);
    }

    /**
     * The frame of {@code packet} as the message with {@code msn} on its stream (and, for a SEND,
     * receive buffer {@code rsn}), stamped with the tester's clock.
     */
    byte[] encode(final ProbePacket packet, final long msn, final long rsn, final long nowNs) {
        target = targets.get(packet.connection());
        final ProbeTarget.PlaneEnds plane = target.planeOf(packet.pathId());
        addresses(plane);
        if (packet.kind() == ProbePacket.Kind.PROBE) {
            return probe(packet, nowNs);
        }
        encoder.udpSourcePort(ConnectionDescriptor.FIRST_ENTROPY_PORT + packet.pathId())
            .opcode(packet.send() ? OpcodeTable.MPRT_SEND : OpcodeTable.MPRT_WRITE)
            .payloadLength(packet.payloadBytes()).begin(buffer, 0);
        final int destination = packet.has(ProbeFault.UNKNOWN_CONNECTION) ? target.deviceNumber() + 0x77 : target.deviceNumber();
        encoder.bth().destQp(destination).psn(packet.psn()).ackReq(1);
        mdeth(packet, msn, rsn, nowNs);
        for (int i = 0; i < packet.payloadBytes(); i++) {
            buffer[encoder.payloadOffset() + i] = (byte) (msn + packet.messageOffset() + i);
        }
        if (packet.opcode() >= 0) {
            encoder.bth().opcode(packet.opcode());
        }
        int length = encoder.finish();
        if (packet.has(ProbeFault.BAD_ICRC)) {
            for (int i = 0; i < ICRC_BYTES; i++) {
                buffer[encoder.icrcOffset() + i] ^= (byte) 0xFF;
            }
        }
        if (packet.has(ProbeFault.TRUNCATED_MDETH)) {
            length = truncate();
        }
        return Arrays.copyOf(buffer, length);
    }

    /** An MPRT_PROBE: no PSN of its own, BTH.PSN the path's next PSN, a probe_id the reply must echo. */
    private byte[] probe(final ProbePacket packet, final long nowNs) {
        encoder.udpSourcePort(ConnectionDescriptor.FIRST_ENTROPY_PORT + packet.pathId()).opcode(OpcodeTable.MPRT_PROBE)
            .payloadLength(0).begin(buffer, 0);
        encoder.bth().destQp(target.deviceNumber()).psn(packet.psn());
        encoder.extensions().mpeth().pathId(packet.pathId()).scn(target.testerNumber()).probeId(PROBE_ID_BASE + packet.psn())
            .txTimestamp(nowNs & 0xFFFF_FFFFL);
        return Arrays.copyOf(buffer, encoder.finish());
    }

    private void addresses(final ProbeTarget.PlaneEnds plane) {
        encoder.ethernet(plane.deviceMac(), plane.testerMac());
        final IpAddress from = plane.testerIp();
        final IpAddress to = plane.deviceIp();
        if (from.kind() == NetworkKind.IPV4) {
            encoder.ipv4(from.ipv4(), to.ipv4());
        } else {
            encoder.ipv6(from.ipv6High(), from.ipv6Low(), to.ipv6High(), to.ipv6Low());
        }
    }

    private void mdeth(final ProbePacket packet, final long msn, final long rsn, final long nowNs) {
        final int payload = packet.payloadBytes();
        final long messageLength = packet.has(ProbeFault.PAYLOAD_PAST_LENGTH) ? packet.messageLength() - (payload + 1) / 2
            : packet.messageLength();
        final boolean first = packet.messageOffset() == 0 && !packet.has(ProbeFault.FIRST_FLAG_CLEAR);
        final boolean last = packet.messageOffset() + payload == messageLength && !packet.has(ProbeFault.LAST_FLAG_CLEAR);
        final MdethFlyweight m = encoder.extensions().mdeth();
        m.pathId(packet.pathId()).f(first ? 1 : 0).l(last ? 1 : 0)
            .resv5(packet.has(ProbeFault.NON_ZERO_RESERVED) ? 1 : 0).streamId(packet.streamId())
            .scn(target.testerNumber()).msn(msn).messageOffset(packet.messageOffset()).messageLength(messageLength)
            .txTimestamp(nowNs & 0xFFFF_FFFFL);
        if (packet.send()) {
            m.rsn(rsn);
            return;
        }
        final long page = target.regionBase() + msn % Math.max(1, target.regionLength() / PAGE_BYTES) * PAGE_BYTES;
        long address = page + packet.messageOffset();
        if (packet.has(ProbeFault.ADDRESS_PAST_REGION)) {
            address = target.regionBase() + target.regionLength() - Math.max(1, payload / 2);
        } else if (packet.has(ProbeFault.ADDRESS_WRAPPING)) {
            address = -Math.max(1, payload / 2);
        }
        m.virtualAddress(address).rkey(rkey(packet));
    }

    private long rkey(final ProbePacket packet) {
        if (packet.has(ProbeFault.FORGED_RKEY)) {
            return target.rkey() ^ RKEY_FORGERY;
        }
        if (packet.has(ProbeFault.OTHER_CONNECTION_RKEY)) {
            if (targets.size() < 2) {
                throw new ScenarioInputException("'" + ProbeFault.OTHER_CONNECTION_RKEY.words() + "' needs a second probe "
                    + "connection: expected 'Given 2 probe connections from the tester to the device under test, ...'");
            }
            return targets.get((packet.connection() + 1) % targets.size()).rkey();
        }
        return target.rkey();
    }

    /**
     * Ends the datagram {@value #TRUNCATED_MDETH_BYTES} bytes into the MDETH plus four bytes where an
     * ICRC would stand, with IP and UDP lengths (and the IPv4 checksum) describing the short datagram.
     */
    private int truncate() {
        final int end = encoder.bthOffset() + org.mprt.ctk.wire.bth.BthFlyweight.BTH_LENGTH + TRUNCATED_MDETH_BYTES
            + ICRC_BYTES;
        final int network = encoder.networkOffset();
        if (encoder.networkKind() == NetworkKind.IPV4) {
            new Ipv4Flyweight().wrap(buffer, network).totalLength(end - network).updateHeaderChecksum();
        } else {
            new Ipv6Flyweight().wrap(buffer, network).payloadLength(end - network - Ipv6Flyweight.IPV6_LENGTH);
        }
        new UdpFlyweight().wrap(buffer, encoder.udpOffset()).length(end - encoder.udpOffset()).checksum(0);
        return end;
    }
}
