package org.mprt.ctk.wire.roce;

/**
 * The AETH syndrome byte (IBTA Vol. 1 section 9.3, AETH; PEERS.md section 6; Linux {@code ib_hdrs.h}):
 *
 * <pre>
 *  7   6 5   4 3 2 1 0
 * +-+-----+-----------+
 * |0| op  |   value   |
 * +-+-----+-----------+
 * op 00: ACK, value = credit count (0x1F: credit count not valid)
 * op 01: RNR NAK, value = RNR timer
 * op 10: reserved
 * op 11: NAK, value = NAK code (0x60 + code)
 * </pre>
 *
 * Static helpers over the raw byte, so a decoded AETH needs no object per packet.
 */
public final class AethSyndrome {

    /** What the two op bits say. */
    public enum Kind { ACK, RNR_NAK, RESERVED, NAK }

    /** The NAK codes (Linux {@code IB_NAK_*}), as full syndrome values. */
    public enum NakCode {
        PSN_SEQUENCE_ERROR(0x60),
        INVALID_REQUEST(0x61),
        REMOTE_ACCESS_ERROR(0x62),
        REMOTE_OPERATIONAL_ERROR(0x63),
        INVALID_RD_REQUEST(0x64);

        private final int syndrome;

        NakCode(final int syndrome) {
            this.syndrome = syndrome;
        }

        /** The whole syndrome byte of a NAK with this code. */
        public int syndrome() {
            return syndrome;
        }

        /** The code of a NAK syndrome, or null for a reserved code. */
        public static NakCode of(final int syndrome) {
            final NakCode[] codes = values();
            for (int i = 0; i < codes.length; i++) {
                if (codes[i].syndrome == syndrome) {
                    return codes[i];
                }
            }
            return null;
        }
    }

    /** Credit count value meaning "no credit information" (IB_AETH_CREDIT_INVAL). */
    public static final int CREDIT_COUNT_INVALID = 0x1F;

    private static final Kind[] KINDS = Kind.values();

    private AethSyndrome() {
    }

    public static Kind kind(final int syndrome) {
        return KINDS[(syndrome >>> 5) & 0x3];
    }

    /** Bit 7, reserved (0). */
    public static int reservedBit(final int syndrome) {
        return (syndrome >>> 7) & 0x1;
    }

    /** The low 5 bits: credit count, RNR timer or NAK code, depending on the kind. */
    public static int value(final int syndrome) {
        return syndrome & 0x1F;
    }

    public static int creditCount(final int syndrome) {
        return value(syndrome);
    }

    public static int rnrTimer(final int syndrome) {
        return value(syndrome);
    }

    public static int ack(final int creditCount) {
        return checked(creditCount);
    }

    public static int rnrNak(final int timer) {
        return 0x20 | checked(timer);
    }

    public static int nak(final NakCode code) {
        return code.syndrome();
    }

    private static int checked(final int value) {
        if ((value & ~0x1F) != 0) {
            throw new IllegalArgumentException("AETH syndrome value is 5 bits: " + value);
        }
        return value;
    }
}
