package org.mprt.ctk.reference.verbs;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * A registered memory region (mprt-v0.1.md glossary "region"): a buffer the node's transport may
 * read (as a source) and write (as a destination), named on the wire by its rkey and addressed by
 * virtual addresses from {@link #baseAddress()}. A region is exposed to at most one connection
 * (section 5.1), which is what makes an rkey useless on every other connection (MPRT-SEC-003).
 */
public final class MemoryRegion {

    private static final int UNBOUND = -1;

    private final long rkey;
    private final long baseAddress;
    private final ByteBuffer memory;
    private int connectionNumber = UNBOUND;

    MemoryRegion(final long rkey, final long baseAddress, final ByteBuffer memory) {
        this.rkey = rkey;
        this.baseAddress = baseAddress;
        this.memory = memory;
    }

    public long rkey() {
        return rkey;
    }

    public long baseAddress() {
        return baseAddress;
    }

    public int lengthBytes() {
        return memory.capacity();
    }

    /** The backing memory; absolute indexes 0 to length - 1 are the region's bytes. */
    public ByteBuffer memory() {
        return memory;
    }

    public RegionDescriptor descriptor() {
        return new RegionDescriptor(rkey, baseAddress, lengthBytes());
    }

    /** The number of the connection this region is exposed to, or -1. */
    public int connectionNumber() {
        return connectionNumber;
    }

    /**
     * True when [address, address + lengthBytes) lies inside the region, with addresses as unsigned
     * 64-bit values, so that a range that wraps past 2^64 is outside (MPRT-SEC-002).
     */
    public boolean contains(final long address, final long length) {
        if (length < 0 || Long.compareUnsigned(address, baseAddress) < 0) {
            return false;
        }
        final long offset = address - baseAddress;
        return Long.compareUnsigned(offset, lengthBytes()) <= 0 && length <= lengthBytes() - offset;
    }

    /** Copies {@code length} bytes of {@code source} from index {@code sourceIndex} to region offset {@code offset}. */
    public void write(final long offset, final ByteBuffer source, final int sourceIndex, final int length) {
        memory.put(Math.toIntExact(offset), source, sourceIndex, length);
    }

    /** Copies {@code length} region bytes from {@code offset} into {@code target} at {@code targetIndex}. */
    public void read(final long offset, final ByteBuffer target, final int targetIndex, final int length) {
        target.put(targetIndex, memory, Math.toIntExact(offset), length);
    }

    /** Writes {@code bytes} at region offset {@code offset} (application side: filling a source buffer). */
    public void put(final int offset, final byte[] bytes) {
        memory.put(offset, bytes);
    }

    /** Copies the region's bytes [offset, offset + length) into a new array. */
    public byte[] get(final int offset, final int length) {
        final byte[] bytes = new byte[length];
        memory.get(offset, bytes);
        return bytes;
    }

    /** CRC-32 of the whole region, to compare a destination with its source. */
    public long checksum() {
        return checksum(0, lengthBytes());
    }

    /** CRC-32 of the region's bytes [offset, offset + length). */
    public long checksum(final int offset, final int length) {
        final CRC32 crc = new CRC32();
        crc.update(memory.duplicate().position(offset).limit(offset + length));
        return crc.getValue();
    }

    void bindTo(final int number) {
        if (connectionNumber != UNBOUND && connectionNumber != number) {
            throw new IllegalStateException("region rkey 0x" + Long.toHexString(rkey) + " is already exposed to connection "
                + connectionNumber + " (a region belongs to one connection, section 5.1)");
        }
        connectionNumber = number;
    }

    void unbind() {
        connectionNumber = UNBOUND;
    }

    @Override
    public String toString() {
        return String.format("MemoryRegion[rkey=0x%08x base=0x%x length=%d]", rkey, baseAddress, lengthBytes());
    }
}
