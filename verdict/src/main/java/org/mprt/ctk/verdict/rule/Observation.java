package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * One frame of the capture as the rules see it: where it is in the file, what its link layer
 * holds, and (for UDP port 4791) the decoded packet. One instance is refilled for every frame, so
 * a rule copies what it keeps.
 */
public final class Observation {

    private static final int IPV6_HEADER_LENGTH = 40;
    private static final int UDP_HEADER_LENGTH = 8;
    /** The opcode range MPRT takes, defined or reserved (mprt-v0.1.md section 3.3). */
    private static final int MPRT_OPCODE_FIRST = 0xC0;
    private static final int MPRT_OPCODE_LAST = 0xDF;

    private final Frame frame = new Frame();
    private final NetworkLayer network = new NetworkLayer();
    private final DecodedPacket packet = new DecodedPacket();
    private DecodeStatus status;

    /** The capture record: number, timestamp, lengths, bytes. */
    public Frame frame() {
        return frame;
    }

    public long frameNumber() {
        return frame.frameNumber();
    }

    public long timestampNs() {
        return frame.timestampNs();
    }

    /** Where the link layer put the network header, and the EtherType and VLAN tags it saw. */
    public NetworkLayer network() {
        return network;
    }

    /** The decoded RoCEv2 or MPRT packet; meaningful only when {@link #isTransport()} holds. */
    public DecodedPacket packet() {
        return packet;
    }

    /** The decoder's status, or null when the frame was not IP. */
    public DecodeStatus status() {
        return status;
    }

    /**
     * True for a packet whose headers are all readable (OK, or an ICRC mismatch), so that rules
     * about fields can judge it.
     */
    public boolean isTransport() {
        return status == DecodeStatus.OK || status == DecodeStatus.ICRC_MISMATCH;
    }

    public boolean isMprt() {
        return isTransport() && packet.profile() == Profile.MPRT;
    }

    public boolean isRocev2() {
        return isTransport() && packet.profile() == Profile.ROCEV2;
    }

    /**
     * A frame the capture cut short (captured length under the length on the wire, a snap length):
     * its missing bytes are the capture's doing, not the sender's, so no rule holds them against it.
     */
    public boolean isSnapped() {
        return frame.isTruncated();
    }

    /**
     * True when decoding stopped because of this field (a structural error such as a length that
     * disagrees, TVer not 0, a reserved opcode), in a frame the capture holds whole.
     */
    public boolean isMalformedAt(final FieldSpec field) {
        return status == DecodeStatus.MALFORMED && !isSnapped() && packet.error().field() == field;
    }

    /**
     * The profile a packet belongs to, also when decoding stopped before its opcode was checked:
     * from the opcode byte after the UDP header, MPRT for 0xC0-0xDF, RoCEv2 otherwise; null when
     * that byte is not in the frame.
     */
    public Profile profileHint() {
        if (packet.profile() != null) {
            return packet.profile();
        }
        if (status == null || status == DecodeStatus.NOT_ROCE || packet.networkKind() == null) {
            return null;
        }
        final int ipHeader = packet.networkKind() == NetworkKind.IPV4 ? packet.networkHeaderLength() : IPV6_HEADER_LENGTH;
        final int opcodeIndex = packet.networkOffset() + ipHeader + UDP_HEADER_LENGTH;
        if (ipHeader == 0 || opcodeIndex >= frame.dataOffset() + frame.capturedLengthBytes()) {
            return null;
        }
        final int opcode = packet.buffer().get(opcodeIndex) & 0xFF;
        return opcode >= MPRT_OPCODE_FIRST && opcode <= MPRT_OPCODE_LAST ? Profile.MPRT : Profile.ROCEV2;
    }

    void status(final DecodeStatus status) {
        this.status = status;
    }
}
