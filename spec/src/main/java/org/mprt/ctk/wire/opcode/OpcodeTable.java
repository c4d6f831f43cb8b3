package org.mprt.ctk.wire.opcode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.CnpFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * The BTH opcodes the codec knows: RoCEv2 RC, UC, UD and CNP as IBTA Vol. 1 section 9.2 and
 * Annex A17 define them, and MPRT's (mprt-v0.1.md section 3.3).
 *
 * <p>Opcodes 0xC0-0xDF that are not in the MPRT table are "reserved MPRT" opcodes (MPRT-WIRE-020,
 * MPRT-WIRE-021); every other value missing from this table is unknown to the kit (RD, XRC,
 * FLUSH and ATOMIC_WRITE among them).
 */
public final class OpcodeTable {

    private static final HeaderLayout RETH = RethFlyweight.LAYOUT;
    private static final HeaderLayout AETH = AethFlyweight.LAYOUT;
    private static final HeaderLayout IMMDT = ImmDtFlyweight.LAYOUT;
    private static final HeaderLayout IETH = IethFlyweight.LAYOUT;
    private static final HeaderLayout DETH = DethFlyweight.LAYOUT;
    private static final HeaderLayout ATOMIC_ETH = AtomicEthFlyweight.LAYOUT;
    private static final HeaderLayout ATOMIC_ACK_ETH = AtomicAckEthFlyweight.LAYOUT;
    private static final boolean PAYLOAD = true;
    private static final boolean NO_PAYLOAD = false;

    private static final Opcode[] BY_CODE = new Opcode[256];
    private static final List<Opcode> ALL_LIST = new ArrayList<>();

    public static final Opcode RC_SEND_FIRST = rc(0x00, "SEND_FIRST", PAYLOAD);
    public static final Opcode RC_SEND_MIDDLE = rc(0x01, "SEND_MIDDLE", PAYLOAD);
    public static final Opcode RC_SEND_LAST = rc(0x02, "SEND_LAST", PAYLOAD);
    public static final Opcode RC_SEND_LAST_WITH_IMMEDIATE = rc(0x03, "SEND_LAST_WITH_IMMEDIATE", PAYLOAD, IMMDT);
    public static final Opcode RC_SEND_ONLY = rc(0x04, "SEND_ONLY", PAYLOAD);
    public static final Opcode RC_SEND_ONLY_WITH_IMMEDIATE = rc(0x05, "SEND_ONLY_WITH_IMMEDIATE", PAYLOAD, IMMDT);
    public static final Opcode RC_RDMA_WRITE_FIRST = rc(0x06, "RDMA_WRITE_FIRST", PAYLOAD, RETH);
    public static final Opcode RC_RDMA_WRITE_MIDDLE = rc(0x07, "RDMA_WRITE_MIDDLE", PAYLOAD);
    public static final Opcode RC_RDMA_WRITE_LAST = rc(0x08, "RDMA_WRITE_LAST", PAYLOAD);
    public static final Opcode RC_RDMA_WRITE_LAST_WITH_IMMEDIATE = rc(0x09, "RDMA_WRITE_LAST_WITH_IMMEDIATE", PAYLOAD, IMMDT);
    public static final Opcode RC_RDMA_WRITE_ONLY = rc(0x0A, "RDMA_WRITE_ONLY", PAYLOAD, RETH);
    public static final Opcode RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE = rc(0x0B, "RDMA_WRITE_ONLY_WITH_IMMEDIATE", PAYLOAD, RETH, IMMDT);
    public static final Opcode RC_RDMA_READ_REQUEST = rc(0x0C, "RDMA_READ_REQUEST", NO_PAYLOAD, RETH);
    public static final Opcode RC_RDMA_READ_RESPONSE_FIRST = rc(0x0D, "RDMA_READ_RESPONSE_FIRST", PAYLOAD, AETH);
    public static final Opcode RC_RDMA_READ_RESPONSE_MIDDLE = rc(0x0E, "RDMA_READ_RESPONSE_MIDDLE", PAYLOAD);
    public static final Opcode RC_RDMA_READ_RESPONSE_LAST = rc(0x0F, "RDMA_READ_RESPONSE_LAST", PAYLOAD, AETH);
    public static final Opcode RC_RDMA_READ_RESPONSE_ONLY = rc(0x10, "RDMA_READ_RESPONSE_ONLY", PAYLOAD, AETH);
    public static final Opcode RC_ACKNOWLEDGE = rc(0x11, "ACKNOWLEDGE", NO_PAYLOAD, AETH);
    public static final Opcode RC_ATOMIC_ACKNOWLEDGE = rc(0x12, "ATOMIC_ACKNOWLEDGE", NO_PAYLOAD, AETH, ATOMIC_ACK_ETH);
    public static final Opcode RC_COMPARE_SWAP = rc(0x13, "COMPARE_SWAP", NO_PAYLOAD, ATOMIC_ETH);
    public static final Opcode RC_FETCH_ADD = rc(0x14, "FETCH_ADD", NO_PAYLOAD, ATOMIC_ETH);
    public static final Opcode RC_SEND_LAST_WITH_INVALIDATE = rc(0x16, "SEND_LAST_WITH_INVALIDATE", PAYLOAD, IETH);
    public static final Opcode RC_SEND_ONLY_WITH_INVALIDATE = rc(0x17, "SEND_ONLY_WITH_INVALIDATE", PAYLOAD, IETH);

    public static final Opcode UC_SEND_FIRST = uc(0x20, "SEND_FIRST");
    public static final Opcode UC_SEND_MIDDLE = uc(0x21, "SEND_MIDDLE");
    public static final Opcode UC_SEND_LAST = uc(0x22, "SEND_LAST");
    public static final Opcode UC_SEND_LAST_WITH_IMMEDIATE = uc(0x23, "SEND_LAST_WITH_IMMEDIATE", IMMDT);
    public static final Opcode UC_SEND_ONLY = uc(0x24, "SEND_ONLY");
    public static final Opcode UC_SEND_ONLY_WITH_IMMEDIATE = uc(0x25, "SEND_ONLY_WITH_IMMEDIATE", IMMDT);
    public static final Opcode UC_RDMA_WRITE_FIRST = uc(0x26, "RDMA_WRITE_FIRST", RETH);
    public static final Opcode UC_RDMA_WRITE_MIDDLE = uc(0x27, "RDMA_WRITE_MIDDLE");
    public static final Opcode UC_RDMA_WRITE_LAST = uc(0x28, "RDMA_WRITE_LAST");
    public static final Opcode UC_RDMA_WRITE_LAST_WITH_IMMEDIATE = uc(0x29, "RDMA_WRITE_LAST_WITH_IMMEDIATE", IMMDT);
    public static final Opcode UC_RDMA_WRITE_ONLY = uc(0x2A, "RDMA_WRITE_ONLY", RETH);
    public static final Opcode UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE = uc(0x2B, "RDMA_WRITE_ONLY_WITH_IMMEDIATE", RETH, IMMDT);

    public static final Opcode UD_SEND_ONLY = add(new Opcode(0x64, TransportService.UD, "SEND_ONLY", PAYLOAD, DETH));
    public static final Opcode UD_SEND_ONLY_WITH_IMMEDIATE =
        add(new Opcode(0x65, TransportService.UD, "SEND_ONLY_WITH_IMMEDIATE", PAYLOAD, DETH, IMMDT));

    public static final Opcode CNP = add(new Opcode(0x81, TransportService.CNP, "CNP", NO_PAYLOAD, CnpFlyweight.LAYOUT));

    public static final Opcode MPRT_WRITE = mprt(0xC0, "MPRT_WRITE", PAYLOAD, MdethFlyweight.WRITE_LAYOUT);
    public static final Opcode MPRT_SEND = mprt(0xC1, "MPRT_SEND", PAYLOAD, MdethFlyweight.SEND_LAYOUT);
    public static final Opcode MPRT_ACK = mprt(0xC8, "MPRT_ACK", NO_PAYLOAD, MaethFlyweight.LAYOUT);
    public static final Opcode MPRT_NAK = mprt(0xC9, "MPRT_NAK", NO_PAYLOAD, MnethFlyweight.LAYOUT);
    public static final Opcode MPRT_PROBE = mprt(0xCA, "MPRT_PROBE", NO_PAYLOAD, MpethFlyweight.LAYOUT);
    public static final Opcode MPRT_PROBE_REPLY = mprt(0xCB, "MPRT_PROBE_REPLY", NO_PAYLOAD, MpethFlyweight.LAYOUT);

    /** First and last value of the range MPRT owns (section 3.3). */
    public static final int MPRT_RANGE_FIRST = 0xC0;
    public static final int MPRT_RANGE_LAST = 0xDF;

    private static final List<Opcode> ALL = Collections.unmodifiableList(ALL_LIST);

    private OpcodeTable() {
    }

    /** The opcode with this value, or null when the kit does not know it. */
    public static Opcode lookup(final int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** True for values 0xC0-0xDF that MPRT v0.1 does not define (MPRT-WIRE-021). */
    public static boolean isReservedMprt(final int code) {
        return code >= MPRT_RANGE_FIRST && code <= MPRT_RANGE_LAST && BY_CODE[code] == null;
    }

    /** Every known opcode in ascending order. */
    public static List<Opcode> all() {
        return ALL;
    }

    private static Opcode rc(final int code, final String name, final boolean payload, final HeaderLayout... headers) {
        return add(new Opcode(code, TransportService.RC, name, payload, headers));
    }

    // Every UC opcode carries a payload.
    private static Opcode uc(final int code, final String name, final HeaderLayout... headers) {
        return add(new Opcode(code, TransportService.UC, name, PAYLOAD, headers));
    }

    private static Opcode mprt(final int code, final String name, final boolean payload, final HeaderLayout... headers) {
        return add(new Opcode(code, TransportService.MPRT, name, payload, headers));
    }

    private static Opcode add(final Opcode opcode) {
        if (BY_CODE[opcode.code()] != null) {
            throw new IllegalStateException("opcode declared twice: " + opcode);
        }
        BY_CODE[opcode.code()] = opcode;
        ALL_LIST.add(opcode);
        return opcode;
    }
}
