package org.mprt.ctk.conformance.probe;

import java.util.Arrays;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * Builds the exact frames of a scripted RoCEv2 probe with the codec's {@link FrameEncoder}: a
 * valid RC request of the probe's queue pair (rocev2-baseline.md sections 2 to 5: UDP 4791 from
 * the queue pair's one source port, BTH with AckReq, a RETH on a WRITE First or Only, ICRC), then
 * the faults the scenario asks for, each changing only what it names. Requests are sent Not-ECT,
 * as a device that does not declare {@code cnp} sends them (ROCE-WIRE-007), unless marked ECN CE.
 */
final class RoceProbeEncoder {

    private static final int FRAME_BUFFER_BYTES = 9_216;
    private static final int ICRC_BYTES = 4;
    /** Forged R_Keys differ from the real one in every byte. */
    private static final long RKEY_FORGERY = 0xA5A5_5A5AL;
    /** Each message starts on its own page of the device's region, by the order the tester started it. */
    private static final int PAGE_BYTES = 4_096;

    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] buffer = new byte[FRAME_BUFFER_BYTES];
    private final ProbeTarget target;
    private long messages;

    RoceProbeEncoder(final ProbeTarget target) {
        this.target = target;
    }

    /** The frame of {@code packet} on the queue pair's one path (path 0, on its plane). */
    byte[] encode(final RoceProbePacket packet) {
        final ProbeTarget.PlaneEnds plane = target.planeOf(0);
        encoder.ethernet(plane.deviceMac(), plane.testerMac());
        final IpAddress from = plane.testerIp();
        final IpAddress to = plane.deviceIp();
        if (from.kind() == NetworkKind.IPV4) {
            encoder.ipv4(from.ipv4(), to.ipv4());
        } else {
            encoder.ipv6(from.ipv6High(), from.ipv6Low(), to.ipv6High(), to.ipv6Low());
        }
        encoder.ecn(packet.has(RoceProbeFault.ECN_CE) ? Ecn.CE : Ecn.NOT_ECT)
            .udpSourcePort(ConnectionDescriptor.FIRST_ENTROPY_PORT).opcode(packet.opcode()).recordCount(0)
            .payloadLength(packet.payloadBytes()).padCount(-1).begin(buffer, 0);
        encoder.bth().destQp(packet.has(RoceProbeFault.DEST_QP_ZERO) ? 0 : target.deviceNumber()).psn(packet.psn()).ackReq(1);
        final long message = packet.startsMessage() ? messages++ : Math.max(0, messages - 1);
        if (packet.hasReth()) {
            reth(packet, message);
        }
        for (int i = 0; i < packet.payloadBytes(); i++) {
            buffer[encoder.payloadOffset() + i] = (byte) (message + packet.psn() + i);
        }
        final int length = encoder.finish();
        if (packet.has(RoceProbeFault.BAD_ICRC)) {
            for (int i = 0; i < ICRC_BYTES; i++) {
                buffer[encoder.icrcOffset() + i] ^= (byte) 0xFF;
            }
        }
        return Arrays.copyOf(buffer, length);
    }

    private void reth(final RoceProbePacket packet, final long message) {
        final long pages = Math.max(1, target.regionLength() / PAGE_BYTES);
        long address = target.regionBase() + message % pages * PAGE_BYTES;
        if (address + packet.dmaLengthBytes() > target.regionBase() + target.regionLength()) {
            address = target.regionBase();
        }
        if (packet.has(RoceProbeFault.ADDRESS_PAST_REGION)) {
            address = target.regionBase() + target.regionLength() - Math.max(1, packet.dmaLengthBytes() / 2);
        }
        final long rkey = packet.has(RoceProbeFault.FORGED_RKEY) ? target.rkey() ^ RKEY_FORGERY : target.rkey();
        final RethFlyweight reth = encoder.extensions().reth();
        reth.virtualAddress(address).rKey(rkey).dmaLength(packet.dmaLengthBytes());
    }
}
