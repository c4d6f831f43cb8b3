package org.mprt.ctk.fabric.node;

import java.util.Arrays;

/**
 * Exact-match table from a 128-bit key (an IP address in {@link org.mprt.ctk.fabric.address.IpAddress}
 * form, or a MAC address in the low bits) to the set of equal-cost egress ports. Open addressing
 * with linear probing over primitive arrays, so a lookup per frame neither boxes nor allocates.
 * Host routes are enough: a fabric of a few hundred hosts per plane needs no prefixes.
 */
final class ForwardingTable {

    private static final int INITIAL_CAPACITY = 64;

    private long[] highs = new long[INITIAL_CAPACITY];
    private long[] lows = new long[INITIAL_CAPACITY];
    private int[][] values = new int[INITIAL_CAPACITY][];
    private int size;

    /** Sets the egress ports for {@code key}, replacing any earlier entry. */
    void put(final long high, final long low, final int[] ports) {
        if (ports == null || ports.length == 0) {
            throw new IllegalArgumentException("at least one egress port is needed");
        }
        if (2 * (size + 1) > values.length) {
            rehash(values.length * 2);
        }
        final int slot = slotOf(high, low);
        if (values[slot] == null) {
            size++;
        }
        highs[slot] = high;
        lows[slot] = low;
        values[slot] = ports.clone();
    }

    /** The egress ports for {@code key}, or null; the caller must not modify the array. */
    int[] lookup(final long high, final long low) {
        return values[slotOf(high, low)];
    }

    int size() {
        return size;
    }

    private int slotOf(final long high, final long low) {
        final int mask = values.length - 1;
        int slot = (int) EcmpHash.mix(high ^ EcmpHash.mix(low)) & mask;
        while (values[slot] != null && (highs[slot] != high || lows[slot] != low)) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void rehash(final int capacity) {
        final long[] oldHighs = highs;
        final long[] oldLows = lows;
        final int[][] oldValues = values;
        highs = new long[capacity];
        lows = new long[capacity];
        values = new int[capacity][];
        for (int i = 0; i < oldValues.length; i++) {
            if (oldValues[i] != null) {
                final int slot = slotOf(oldHighs[i], oldLows[i]);
                highs[slot] = oldHighs[i];
                lows[slot] = oldLows[i];
                values[slot] = oldValues[i];
            }
        }
        Arrays.fill(oldValues, null);
    }
}
