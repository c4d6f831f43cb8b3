package org.mprt.ctk.reference.mprt.sack;

import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The receive window of one path (mprt-v0.1.md section 4.4): the cumulative PSN {@code cack} and
 * the bitmap of the 256 PSNs after it. All PSN arithmetic goes through {@link SerialNumber}.
 */
public final class ReceiveWindow {

    private int cack = SerialNumber.MASK_24;
    private final SackBitmap bitmap = new SackBitmap();

    /** The path's cumulative PSN; 2^24 - 1 before anything arrived. */
    public int cack() {
        return cack;
    }

    public SackBitmap bitmap() {
        return bitmap;
    }

    public PsnClass classify(final int psn) {
        final int d = SerialNumber.distance24(cack, psn);
        if (d == 0 || d > SerialNumber.HALF_24) {
            return PsnClass.DUPLICATE;
        }
        if (d > SackBitmap.BITS) {
            return PsnClass.OUT_OF_WINDOW;
        }
        return bitmap.get(d - 1) ? PsnClass.DUPLICATE : PsnClass.NEW;
    }

    /** True when {@code psn} is cack + 1, i.e. it arrives in order, not beyond a gap (section 8.2). */
    public boolean isNextInOrder(final int psn) {
        return psn == SerialNumber.add24(cack, 1);
    }

    /** True when the ACK state acknowledges {@code psn}: at or before cack, or its bit set. */
    public boolean isAcknowledged(final int psn) {
        return classify(psn) == PsnClass.DUPLICATE;
    }

    /** Marks a {@link PsnClass#NEW} PSN received and moves cack over every PSN now contiguous. */
    public void markReceived(final int psn) {
        final int d = SerialNumber.distance24(cack, psn);
        if (d == 0 || d > SackBitmap.BITS) {
            throw new IllegalArgumentException("PSN " + psn + " is not in the window after cack " + cack);
        }
        bitmap.set(d - 1);
        advance();
    }

    /**
     * PROBE resynchronisation (section 10.6): when q - 1 follows cack, cack becomes q - 1 and the bits
     * up to it are dropped; otherwise nothing changes, so cack never moves back (MPRT-SACK-004).
     *
     * @return true when cack moved
     */
    public boolean resynchronise(final int probePsn) {
        final int target = SerialNumber.add24(probePsn, -1);
        if (!SerialNumber.precedes24(cack, target)) {
            return false;
        }
        final int d = SerialNumber.distance24(cack, target);
        bitmap.shiftOut(d);
        cack = target;
        advance();
        return true;
    }

    /** The highest PSN that arrived: the last set bit, or cack. */
    public int highestReceived() {
        return SerialNumber.add24(cack, bitmap.highestSet() + 1);
    }

    // Bit 0 is never left set (MPRT-WIRE-040): cack absorbs every contiguous arrival.
    private void advance() {
        final int ones = bitmap.leadingOnes();
        if (ones > 0) {
            bitmap.shiftOut(ones);
            cack = SerialNumber.add24(cack, ones);
        }
    }
}
