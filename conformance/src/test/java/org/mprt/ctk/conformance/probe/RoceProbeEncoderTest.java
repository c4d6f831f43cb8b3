package org.mprt.ctk.conformance.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * The RoCEv2 probe's requests decode as the requests they claim to be, and each fault changes only
 * what it names: a bad ICRC, DestQP 0, a forged R_Key, an address past the region, ECN CE.
 */
class RoceProbeEncoderTest {

    private final RoceProbeEncoder encoder = new RoceProbeEncoder(DeviceFrames.TARGET);
    private final DecodedPacket decoded = new DecodedPacket();

    private DecodeStatus decode(final byte[] frame) {
        return PacketDecoder.decodeEthernet(frame, 0, frame.length, decoded);
    }

    @Test
    void shouldEncodeAWriteFirstWithItsRethAckReqAndAValidIcrc() {
        final byte[] frame = encoder.encode(RoceProbePacket.of(OpcodeTable.RC_RDMA_WRITE_FIRST, 7, 1024).ofMessage(3072));

        assertThat(decode(frame)).isEqualTo(DecodeStatus.OK);
        assertThat(decoded.opcodeValue()).isEqualTo(OpcodeTable.RC_RDMA_WRITE_FIRST.code());
        assertThat(decoded.bth().destQp()).isEqualTo(DeviceFrames.DEVICE_NUMBER);
        assertThat(decoded.bth().psn()).isEqualTo(7);
        assertThat(decoded.bth().ackReq()).isEqualTo(1);
        assertThat(decoded.payloadLength()).isEqualTo(1024);
        assertThat(decoded.ecn()).isEqualTo(Ecn.NOT_ECT);
        final RethFlyweight reth = decoded.extensions().reth();
        assertThat(reth.rKey()).isEqualTo(DeviceFrames.TARGET.rkey());
        assertThat(reth.dmaLength()).isEqualTo(3072);
        assertThat(reth.virtualAddress()).isEqualTo(DeviceFrames.TARGET.regionBase());
    }

    @Test
    void shouldEncodeASendMiddleWithoutExtensionHeaders() {
        final byte[] frame = encoder.encode(RoceProbePacket.of(OpcodeTable.RC_SEND_MIDDLE, 1, 1024));

        assertThat(decode(frame)).isEqualTo(DecodeStatus.OK);
        assertThat(decoded.opcodeValue()).isEqualTo(OpcodeTable.RC_SEND_MIDDLE.code());
        assertThat(decoded.payloadLength()).isEqualTo(1024);
    }

    @Test
    void shouldBreakOnlyTheIcrcOfARequestWithABadIcrc() {
        final byte[] frame = encoder.encode(RoceProbePacket.of(OpcodeTable.RC_RDMA_WRITE_ONLY, 0, 256).with(RoceProbeFault.BAD_ICRC));

        assertThat(decode(frame)).isEqualTo(DecodeStatus.ICRC_MISMATCH);
        assertThat(decoded.bth().destQp()).isEqualTo(DeviceFrames.DEVICE_NUMBER);
    }

    @Test
    void shouldAddressQpZeroWithAValidIcrc() {
        final byte[] frame = encoder.encode(RoceProbePacket.of(OpcodeTable.RC_SEND_ONLY, 0, 256).with(RoceProbeFault.DEST_QP_ZERO));

        assertThat(decode(frame)).isEqualTo(DecodeStatus.OK);
        assertThat(decoded.bth().destQp()).isZero();
    }

    @Test
    void shouldForgeTheRkeyOrRunPastTheRegionAsAsked() {
        decode(encoder.encode(RoceProbePacket.of(OpcodeTable.RC_RDMA_WRITE_ONLY, 0, 256).with(RoceProbeFault.FORGED_RKEY)));
        assertThat(decoded.extensions().reth().rKey()).isNotEqualTo(DeviceFrames.TARGET.rkey());

        decode(encoder.encode(RoceProbePacket.of(OpcodeTable.RC_RDMA_WRITE_ONLY, 0, 256).with(RoceProbeFault.ADDRESS_PAST_REGION)));
        final RethFlyweight reth = decoded.extensions().reth();
        assertThat(reth.rKey()).isEqualTo(DeviceFrames.TARGET.rkey());
        assertThat(reth.virtualAddress() + reth.dmaLength())
            .isGreaterThan(DeviceFrames.TARGET.regionBase() + DeviceFrames.TARGET.regionLength());
    }

    @Test
    void shouldMarkARequestEcnCeWithAValidIcrc() {
        final byte[] frame = encoder.encode(RoceProbePacket.of(OpcodeTable.RC_RDMA_WRITE_ONLY, 0, 256).with(RoceProbeFault.ECN_CE));

        assertThat(decode(frame)).isEqualTo(DecodeStatus.OK);
        assertThat(decoded.ecn()).isEqualTo(Ecn.CE);
    }
}
