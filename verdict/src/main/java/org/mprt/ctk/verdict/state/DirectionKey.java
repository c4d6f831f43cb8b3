package org.mprt.ctk.verdict.state;

/**
 * One direction of an MPRT connection, named as its data packets name it (mprt-v0.1.md section 5.2):
 * BTH.DestQP (the receiver's DCN) and the SCN (the sender's number). Answers travel the other way
 * and carry the reverse pair.
 */
public record DirectionKey(int destQp, int scn) {

    @Override
    public int hashCode() {
        return destQp * 0x9E3779B1 ^ scn * 0x85EBCA77;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof DirectionKey o && destQp == o.destQp && scn == o.scn;
    }

    public DirectionKey reversed() {
        return new DirectionKey(scn, destQp);
    }

    @Override
    public String toString() {
        return String.format("DestQP 0x%06x, SCN 0x%06x", destQp, scn);
    }
}
