package org.mprt.ctk.reference.verbs;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The regions of one node: hands out virtual addresses and rkeys and resolves an rkey to its
 * region. Addresses start at {@link #FIRST_BASE_ADDRESS} and leave an unmapped guard page between
 * regions; rkeys come from the node's seeded random source, so runs are repeatable while rkeys
 * are not guessable from one another.
 */
public final class MemoryRegistry {

    public static final long FIRST_BASE_ADDRESS = 0x1_0000_0000L;
    private static final long PAGE_BYTES = 4096;
    private static final long RKEY_MASK = 0xFFFF_FFFFL;

    private final SplittableRandom random;
    private final Map<Long, MemoryRegion> byRkey = new HashMap<>();
    private long nextBaseAddress = FIRST_BASE_ADDRESS;

    public MemoryRegistry(final SplittableRandom random) {
        this.random = random;
    }

    /** Registers a zero-filled region of {@code lengthBytes}. */
    public MemoryRegion register(final int lengthBytes) {
        return register(ByteBuffer.allocate(lengthBytes));
    }

    /** Registers {@code memory} (its whole capacity) as a region. */
    public MemoryRegion register(final ByteBuffer memory) {
        long rkey;
        do {
            rkey = random.nextLong() & RKEY_MASK;
        } while (rkey == 0 || byRkey.containsKey(rkey));
        final MemoryRegion region = new MemoryRegion(rkey, nextBaseAddress, memory);
        byRkey.put(rkey, region);
        final long pages = (memory.capacity() + PAGE_BYTES - 1) / PAGE_BYTES;
        nextBaseAddress += (pages + 1) * PAGE_BYTES;
        return region;
    }

    /** The region named by {@code rkey}, or null. */
    public MemoryRegion lookup(final long rkey) {
        return byRkey.get(rkey);
    }

    /** Exposes the regions of {@code descriptor} to connection {@code number}; they must be this node's. */
    public void bind(final ConnectionDescriptor descriptor) {
        for (final RegionDescriptor exposed : descriptor.regions()) {
            final MemoryRegion region = byRkey.get(exposed.rkey());
            if (region == null || region.baseAddress() != exposed.baseAddress()) {
                throw new IllegalArgumentException("not a region of this node: " + exposed);
            }
            region.bindTo(descriptor.connectionNumber());
        }
    }

    /** Withdraws the regions of a torn-down connection. */
    public void unbind(final ConnectionDescriptor descriptor) {
        for (final RegionDescriptor exposed : descriptor.regions()) {
            final MemoryRegion region = byRkey.get(exposed.rkey());
            if (region != null && region.connectionNumber() == descriptor.connectionNumber()) {
                region.unbind();
            }
        }
    }
}
