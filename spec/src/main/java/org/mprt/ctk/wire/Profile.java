package org.mprt.ctk.wire;

/**
 * The transport profile a packet belongs to, named by its BTH opcode (mprt-v0.1.md section 3.3):
 * opcodes 0xC0-0xDF are MPRT's, every other opcode the codec knows is RoCEv2's.
 */
public enum Profile {
    /** IBTA RoCEv2 (Vol. 1 + Annex A17). */
    ROCEV2,
    /** The multipath profile of mprt-v0.1.md. */
    MPRT
}
