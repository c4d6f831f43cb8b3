package org.mprt.ctk.wire.ip;

/** The two ECN bits of the IPv4 TOS and IPv6 traffic class (RFC 3168 section 5). */
public final class Ecn {

    public static final int NOT_ECT = 0b00;
    public static final int ECT_1 = 0b01;
    public static final int ECT_0 = 0b10;
    public static final int CE = 0b11;

    private Ecn() {
    }

    /** True for ECT(0), ECT(1) and CE: the sender declared the packet ECN-capable (MPRT-WIRE-006). */
    public static boolean isEcnCapable(final int ecn) {
        return ecn != NOT_ECT;
    }

    public static String name(final int ecn) {
        switch (ecn) {
            case NOT_ECT:
                return "Not-ECT";
            case ECT_1:
                return "ECT(1)";
            case ECT_0:
                return "ECT(0)";
            case CE:
                return "CE";
            default:
                throw new IllegalArgumentException("ECN is two bits: " + ecn);
        }
    }
}
