package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;

/**
 * What a captured frame is, in the words a scenario uses for the frames a verdict points at
 * ({@code fails at data packets the device under test sent}).
 */
public enum FrameKind {
    DATA("data packets"),
    ACK("ACKs"),
    NAK("NAKs"),
    PROBE("PROBEs"),
    PROBE_REPLY("PROBE_REPLYs"),
    RESERVED_MPRT("packets with a reserved opcode"),
    ROCEV2("RoCEv2 packets"),
    PAUSE("PAUSE frames"),
    OTHER("other frames"),
    /** Any frame: only as a selector in a scenario. */
    ANY("frames");

    private static final int ETHERTYPE_MAC_CONTROL = 0x8808;
    private static final int ETHERTYPE_OFFSET = 12;

    private final String plural;

    FrameKind(final String plural) {
        this.plural = plural;
    }

    public String plural() {
        return plural;
    }

    public boolean includes(final FrameKind kind) {
        return this == ANY || this == kind;
    }

    /** The kind named by its plural, as a scenario writes it. */
    public static FrameKind fromPlural(final String words) {
        for (final FrameKind k : values()) {
            if (k.plural.equals(words)) {
                return k;
            }
        }
        throw new ScenarioInputException("'" + words + "': expected one of data packets, ACKs, NAKs, PROBEs, PROBE_REPLYs,"
            + " RoCEv2 packets, PAUSE frames or frames");
    }

    /** Classifies an Ethernet frame, decoding it into {@code scratch}. */
    public static FrameKind of(final byte[] frame, final int length, final DecodedPacket scratch) {
        if (length >= ETHERTYPE_OFFSET + 2
            && ((frame[ETHERTYPE_OFFSET] & 0xFF) << 8 | frame[ETHERTYPE_OFFSET + 1] & 0xFF) == ETHERTYPE_MAC_CONTROL) {
            return PAUSE;
        }
        if (PacketDecoder.decodeEthernet(frame, 0, length, scratch) == DecodeStatus.NOT_ROCE || !scratch.hasBth()) {
            return OTHER;
        }
        if (scratch.profile() != Profile.MPRT) {
            return ROCEV2;
        }
        return switch (org.mprt.ctk.verdict.rule.FrameKind.ofMprtOpcode(scratch.opcodeValue())) {
            case MPRT_DATA -> DATA;
            case MPRT_ACK -> ACK;
            case MPRT_NAK -> NAK;
            case MPRT_PROBE -> PROBE;
            case MPRT_PROBE_REPLY -> PROBE_REPLY;
            default -> RESERVED_MPRT;
        };
    }
}
