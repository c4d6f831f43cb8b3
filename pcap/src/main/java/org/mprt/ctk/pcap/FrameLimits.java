package org.mprt.ctk.pcap;

/**
 * What both writers accept for one frame, checked before a byte is buffered so that a rejected
 * frame leaves the file as it was. Violations are bugs in the caller, hence unchecked.
 */
final class FrameLimits {
    /** Both formats store lengths as unsigned 32-bit fields. */
    static final long LARGEST_LENGTH_BYTES = 0xFFFF_FFFFL;

    private FrameLimits() {
    }

    /**
     * The number of bytes to store for a frame of {@code lengthBytes}: all of them, or the first
     * {@code snapLengthBytes} as a capture with that snap length would keep.
     */
    static int capturedLengthBytes(
        final long timestampNs, final int lengthBytes, final long originalLengthBytes, final int snapLengthBytes) {
        if (timestampNs < 0) {
            throw new IllegalArgumentException("timestampNs " + timestampNs + " is before 1970 (expected >= 0)");
        }
        if (originalLengthBytes < lengthBytes || originalLengthBytes > LARGEST_LENGTH_BYTES) {
            throw new IllegalArgumentException("originalLengthBytes " + originalLengthBytes + " for a frame of "
                + lengthBytes + " bytes (expected " + lengthBytes + " to " + LARGEST_LENGTH_BYTES + ")");
        }
        return Math.min(lengthBytes, snapLengthBytes);
    }

    static int checkSnapLength(final int snapLengthBytes) {
        if (snapLengthBytes <= 0) {
            throw new IllegalArgumentException("snapLengthBytes " + snapLengthBytes + " (expected > 0)");
        }
        return snapLengthBytes;
    }
}
