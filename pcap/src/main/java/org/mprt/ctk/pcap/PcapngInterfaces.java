package org.mprt.ctk.pcap;

import java.util.Arrays;

/**
 * The interfaces one pcapng section has described so far, numbered from 0 in the order of their
 * Interface Description Blocks. Kept as parallel primitive arrays so that looking one up per frame
 * allocates nothing.
 */
final class PcapngInterfaces {
    /**
     * Each description costs at least 20 bytes of file, so a hostile file could otherwise grow this
     * table to a fifth of its own size; no real capture comes near this many interfaces.
     */
    static final int MAXIMUM_INTERFACES = 65_536;

    private static final int INITIAL_CAPACITY = 4;

    private int count;
    private int[] linkTypeNumbers = new int[INITIAL_CAPACITY];
    private LinkType[] linkTypes = new LinkType[INITIAL_CAPACITY];
    private long[] snapLengthsBytes = new long[INITIAL_CAPACITY];
    private int[] tsresols = new int[INITIAL_CAPACITY];
    private long[] offsetsNs = new long[INITIAL_CAPACITY];

    int count() {
        return count;
    }

    /** Forgets every interface: ids restart at 0 in each section. */
    void clear() {
        count = 0;
    }

    /** Adds the next interface; the caller has checked {@link #MAXIMUM_INTERFACES}. */
    void add(final int linkTypeNumber, final long snapLengthBytes, final int tsresol, final long offsetNs) {
        if (count == linkTypeNumbers.length) {
            final int capacity = count * 2;
            linkTypeNumbers = Arrays.copyOf(linkTypeNumbers, capacity);
            linkTypes = Arrays.copyOf(linkTypes, capacity);
            snapLengthsBytes = Arrays.copyOf(snapLengthsBytes, capacity);
            tsresols = Arrays.copyOf(tsresols, capacity);
            offsetsNs = Arrays.copyOf(offsetsNs, capacity);
        }
        linkTypeNumbers[count] = linkTypeNumber;
        linkTypes[count] = LinkType.fromLinkTypeNumber(linkTypeNumber);
        snapLengthsBytes[count] = snapLengthBytes;
        tsresols[count] = tsresol;
        offsetsNs[count] = offsetNs;
        count++;
    }

    int linkTypeNumber(final int interfaceId) {
        return linkTypeNumbers[interfaceId];
    }

    LinkType linkType(final int interfaceId) {
        return linkTypes[interfaceId];
    }

    /** 0 means the interface declared no limit. */
    long snapLengthBytes(final int interfaceId) {
        return snapLengthsBytes[interfaceId];
    }

    /** Nanoseconds since 1970 for a raw timestamp, applying {@code if_tsresol} and {@code if_tsoffset}. */
    long timestampNs(final int interfaceId, final long ticks) {
        return TimestampResolution.toNanoseconds(ticks, tsresols[interfaceId]) + offsetsNs[interfaceId];
    }
}
