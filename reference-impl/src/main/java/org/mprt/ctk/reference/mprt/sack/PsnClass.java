package org.mprt.ctk.reference.mprt.sack;

/** How a receiver classifies the PSN of an arriving data packet (mprt-v0.1.md section 4.4). */
public enum PsnClass {
    /** 1 to 256 after cack and not yet received. */
    NEW,
    /** At or before cack (by less than 2^23), or already marked in the bitmap. */
    DUPLICATE,
    /** 257 to 2^23 after cack: NAK PSN_OUT_OF_WINDOW. */
    OUT_OF_WINDOW
}
