package org.mprt.ctk.dut.live;

import java.util.SplittableRandom;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.reference.verbs.RegionDescriptor;

/**
 * A sender's side of a loopback transfer: a region of seeded random bytes, written into the peer's
 * region by RDMA WRITEs of a given size spread over the connection's streams, and the count of those
 * completed. Used from the
 * thread that runs the sending device.
 */
final class SeededWrites {

    private final Connection connection;
    private final int messages;
    private final String sentDigest;
    private int completed;

    private SeededWrites(final Connection connection, final int messages, final String sentDigest) {
        this.connection = connection;
        this.messages = messages;
        this.sentDigest = sentDigest;
    }

    /**
     * Registers {@code bytes} of seeded random bytes on {@code device} and posts them on {@code connection}
     * into {@code target}, in messages of {@code messageBytes} (the last one shorter if need be), message
     * i on stream i mod {@code streams}.
     */
    static SeededWrites post(final RdmaDevice device, final Connection connection, final RegionDescriptor target,
                             final int bytes, final int messageBytes, final int streams, final long seed) {
        final MemoryRegion source = device.registerRegion(bytes);
        final byte[] content = new byte[bytes];
        new SplittableRandom(seed).nextBytes(content);
        source.put(0, content);
        int messages = 0;
        for (int offset = 0; offset < bytes; offset += messageBytes) {
            final int length = Math.min(messageBytes, bytes - offset);
            connection.postWrite(messages, messages % streams, source, offset, length, target.baseAddress() + offset,
                target.rkey());
            messages++;
        }
        return new SeededWrites(connection, messages, RegionDigest.of(content));
    }

    /** True once every WRITE has completed. */
    boolean completed() {
        completed += connection.completionQueue().drain().size();
        return completed >= messages;
    }

    /** The SHA-256 of the bytes written, as {@link RegionDigest} gives it. */
    String sentDigest() {
        return sentDigest;
    }
}
