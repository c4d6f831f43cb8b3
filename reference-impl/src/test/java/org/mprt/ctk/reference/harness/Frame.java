package org.mprt.ctk.reference.harness;

import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** A frame the test fabric saw leave a port, with its decoded view. */
public final class Frame {

    private final long timeNs;
    private final TestPort from;
    private final byte[] bytes;
    private final DecodedPacket decoded = new DecodedPacket();
    private final DecodeStatus status;

    Frame(final long timeNs, final TestPort from, final byte[] bytes) {
        this.timeNs = timeNs;
        this.from = from;
        this.bytes = bytes;
        this.status = PacketDecoder.decodeEthernet(bytes, 0, bytes.length, decoded);
    }

    public long timeNs() {
        return timeNs;
    }

    public TestPort from() {
        return from;
    }

    public String node() {
        return from.node();
    }

    public byte[] bytes() {
        return bytes;
    }

    public DecodeStatus status() {
        return status;
    }

    public DecodedPacket decoded() {
        return decoded;
    }

    public int etherType() {
        return new EthernetFlyweight().wrap(bytes, 0).type();
    }

    public int opcode() {
        return decoded.hasBth() ? decoded.opcodeValue() : -1;
    }

    public boolean isMprtData() {
        return opcode() == OpcodeTable.MPRT_WRITE.code() || opcode() == OpcodeTable.MPRT_SEND.code();
    }

    public boolean is(final org.mprt.ctk.wire.opcode.Opcode op) {
        return opcode() == op.code();
    }

    public int psn() {
        return decoded.bth().psn();
    }

    public MdethFlyweight mdeth() {
        return decoded.extensions().mdeth();
    }

    public MaethFlyweight maeth() {
        return decoded.extensions().maeth();
    }

    /** path_id of an MPRT data, ACK, NAK or probe packet. */
    public int pathId() {
        final var headers = decoded.extensions();
        if (headers.has(MaethFlyweight.LAYOUT)) {
            return headers.maeth().pathId();
        }
        if (headers.has(org.mprt.ctk.wire.mprt.MnethFlyweight.LAYOUT)) {
            return headers.mneth().pathId();
        }
        if (headers.has(org.mprt.ctk.wire.mprt.MpethFlyweight.LAYOUT)) {
            return headers.mpeth().pathId();
        }
        return headers.mdeth().pathId();
    }

    @Override
    public String toString() {
        return timeNs + " " + from + " " + decoded;
    }
}
