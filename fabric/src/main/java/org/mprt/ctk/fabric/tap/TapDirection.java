package org.mprt.ctk.fabric.tap;

/** Which frames of a port a tap records. */
public enum TapDirection {
    /** Frames the port sends, as their last bit leaves it. */
    EGRESS,
    /** Frames the port receives, as their last bit arrives. */
    INGRESS,
    BOTH
}
