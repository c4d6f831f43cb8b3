package org.mprt.ctk.conformance.probe;

import java.util.Arrays;
import org.mprt.ctk.conformance.runtime.DutLedger;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;

/** Frames a device under test might send to the tester, built with the codec, for the probe's tests. */
final class DeviceFrames {

    static final int DEVICE_NUMBER = 0x1001;
    static final int TESTER_NUMBER = 0x2001;
    static final IpAddress DEVICE_IP = IpAddress.ipv4("10.0.0.1");
    static final IpAddress TESTER_IP = IpAddress.ipv4("10.0.0.2");
    static final ProbeTarget TARGET = new ProbeTarget(DEVICE_NUMBER, TESTER_NUMBER, 1, 1, 1024, 0x1234_5678L, 0x10_0000L,
        64 * 1024, java.util.List.of(new ProbeTarget.PlaneEnds(0, 0x02_0000_0000_02L, TESTER_IP, 0x02_0000_0000_01L, DEVICE_IP)));

    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] buffer = new byte[9216];

    private DeviceFrames() {
    }

    static DeviceFrames create() {
        return new DeviceFrames();
    }

    private FrameEncoder begin(final int opcode, final int payloadBytes) {
        encoder.ethernet(0x02_0000_0000_02L, 0x02_0000_0000_01L).ipv4(DEVICE_IP.ipv4(), TESTER_IP.ipv4()).udpSourcePort(0xC000)
            .opcode(opcode).recordCount(0).payloadLength(payloadBytes).padCount(-1).begin(buffer, 0);
        return encoder;
    }

    /** An RC Acknowledge with {@code syndrome}, {@code psn} and {@code msn}. */
    byte[] acknowledge(final int syndrome, final int psn, final int msn) {
        begin(OpcodeTable.RC_ACKNOWLEDGE.code(), 0).bth().destQp(TESTER_NUMBER).psn(psn);
        encoder.extensions().aeth().syndrome(syndrome).msn(msn);
        return Arrays.copyOf(buffer, encoder.finish());
    }

    byte[] ack(final int psn, final int msn) {
        return acknowledge(AethSyndrome.ack(AethSyndrome.CREDIT_COUNT_INVALID), psn, msn);
    }

    byte[] cnp() {
        begin(OpcodeTable.CNP.code(), 0).bth().destQp(TESTER_NUMBER).psn(0);
        return Arrays.copyOf(buffer, encoder.finish());
    }

    /** An MPRT_WRITE of one packet on {@code pathId} with {@code psn} and R = {@code r}. */
    byte[] mprtWrite(final int pathId, final int psn, final int r) {
        begin(OpcodeTable.MPRT_WRITE.code(), 64).bth().destQp(TESTER_NUMBER).psn(psn).ackReq(1);
        encoder.extensions().mdeth().pathId(pathId).f(1).l(1).r(r).scn(DEVICE_NUMBER).messageLength(64).rkey(0x7E57);
        return Arrays.copyOf(buffer, encoder.finish());
    }

    /** An MPRT_ACK for stream {@code streamId} at CMSN {@code cmsn} on path 0. */
    byte[] mprtAckWithRecord(final int cack, final int streamId, final long cmsn) {
        encoder.ethernet(0x02_0000_0000_02L, 0x02_0000_0000_01L).ipv4(DEVICE_IP.ipv4(), TESTER_IP.ipv4()).udpSourcePort(0xC000)
            .opcode(OpcodeTable.MPRT_ACK.code()).recordCount(1).payloadLength(0).padCount(-1).begin(buffer, 0);
        encoder.bth().destQp(TESTER_NUMBER).psn(cack);
        encoder.extensions().maeth().pathId(0).scn(DEVICE_NUMBER).guidanceRateMbps(1000).recordStreamId(0, streamId)
            .recordCmsn(0, cmsn);
        return Arrays.copyOf(buffer, encoder.finish());
    }

    static DecodedPacket decoded(final byte[] frame) {
        final DecodedPacket packet = new DecodedPacket();
        final DecodeStatus status = PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
        if (status != DecodeStatus.OK && status != DecodeStatus.ICRC_MISMATCH) {
            throw new AssertionError("the test frame does not decode: " + status);
        }
        return packet;
    }

    static DutLedger.SentFrame sent(final long number, final long timeNs, final byte[] frame) {
        return new DutLedger.SentFrame(number, timeNs, frame);
    }
}
