package org.mprt.ctk.fabric.tap;

/**
 * Maps virtual time onto capture timestamps: virtual time 0 is 2026-01-01T00:00:00Z, so Wireshark
 * shows sane dates while the nanoseconds stay those of the run, and a capture does not depend on
 * when it was made.
 */
public final class CaptureEpoch {

    /** 2026-01-01T00:00:00Z in nanoseconds since the Unix epoch. */
    public static final long EPOCH_NS = 1_767_225_600_000_000_000L;

    private CaptureEpoch() {
    }

    public static long timestampNs(final long virtualNs) {
        return EPOCH_NS + virtualNs;
    }

    public static long virtualNs(final long timestampNs) {
        return timestampNs - EPOCH_NS;
    }
}
