package org.mprt.ctk.reference.roce;

import java.nio.ByteBuffer;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Writes the RC frames of the baseline through the codec's {@link FrameEncoder}. Packets are sent
 * Not-ECT: the baseline does not implement RoCEv2 congestion management (PICS {@code cnp: false},
 * ROCE-WIRE-007). The UDP checksum is 0 (ROCE-WIRE-006); the ICRC protects every packet.
 */
final class RoceFrameWriter {

    static final int MAX_FRAME_BYTES = 4352;

    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] frame = new byte[MAX_FRAME_BYTES];
    private final ByteBuffer frameView = ByteBuffer.wrap(frame);

    byte[] frame() {
        return frame;
    }

    ByteBuffer frameBuffer() {
        return frameView;
    }

    FrameEncoder beginRequest(final PlaneLink link, final int udpSourcePort, final Opcode opcode, final int payloadBytes) {
        link.configure(encoder, udpSourcePort, Ecn.NOT_ECT);
        encoder.opcode(opcode).recordCount(0).payloadLength(payloadBytes).padCount(-1).begin(frame, 0);
        return encoder;
    }

    FrameEncoder beginAcknowledge(final PlaneLink link, final int udpSourcePort) {
        link.configure(encoder, udpSourcePort, Ecn.NOT_ECT);
        encoder.opcode(OpcodeTable.RC_ACKNOWLEDGE).recordCount(0).payloadLength(0).padCount(-1).begin(frame, 0);
        return encoder;
    }

    int finish() {
        return encoder.finish();
    }
}
