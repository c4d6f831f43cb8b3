package org.mprt.ctk.reference.mprt.wire;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.NetworkOrder;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;

/**
 * An IEEE 802.3x PAUSE frame (MAC control, EtherType 0x8808), which an MPRT device never sends
 * (MPRT-CC-004). It exists only for the SEND_PAUSE_FRAMES mutant. The codec has no flyweight for
 * MAC control frames: after the Ethernet header come the 16-bit opcode (0x0001, PAUSE) and the
 * 16-bit pause time in quanta, then zeros up to the 60-byte minimum frame.
 */
public final class PauseFrame {

    /** The MAC control EtherType, used by PAUSE and PFC. */
    public static final int MAC_CONTROL_ETHER_TYPE = 0x8808;
    /** The reserved multicast address PAUSE frames go to. */
    public static final long PAUSE_DESTINATION = 0x01_80_C2_00_00_01L;
    public static final int PAUSE_OPCODE = 0x0001;
    private static final int OPCODE_FIELD_OFFSET = EthernetFlyweight.ETHERNET_LENGTH;
    private static final int PAUSE_TIME_FIELD_OFFSET = OPCODE_FIELD_OFFSET + 2;
    private static final int MAX_PAUSE_QUANTA = 0xFFFF;

    private final EthernetFlyweight ethernet = new EthernetFlyweight();

    /** Writes a PAUSE frame from {@code sourceMac} into {@code frame}; returns its length. */
    public int write(final ByteBuffer frame, final long sourceMac) {
        for (int i = 0; i < EthernetFlyweight.MINIMUM_FRAME_LENGTH; i++) {
            frame.put(i, (byte) 0);
        }
        ethernet.wrap(frame, 0).destination(PAUSE_DESTINATION).source(sourceMac).type(MAC_CONTROL_ETHER_TYPE);
        NetworkOrder.putU16(frame, OPCODE_FIELD_OFFSET, PAUSE_OPCODE);
        NetworkOrder.putU16(frame, PAUSE_TIME_FIELD_OFFSET, MAX_PAUSE_QUANTA);
        return EthernetFlyweight.MINIMUM_FRAME_LENGTH;
    }
}
