package org.mprt.ctk.reference.mprt.stream;

import java.util.Arrays;

/**
 * The byte ranges of a message that have been placed, as sorted disjoint half-open intervals, so
 * that a message completes exactly when [0, message_length) is covered (mprt-v0.1.md section 6.1)
 * whatever the order and duplication of its packets.
 */
public final class ByteRangeSet {

    private long[] starts = new long[4];
    private long[] ends = new long[4];
    private int count;

    /** Adds [start, end); overlapping and touching ranges merge. */
    public void add(final long start, final long end) {
        if (end <= start) {
            return;
        }
        if (count > 0 && start >= ends[count - 1]) {
            if (start == ends[count - 1]) {
                ends[count - 1] = end;
            } else {
                append(start, end);
            }
            return;
        }
        insert(start, end);
    }

    /** True when [0, length) is covered; a length of 0 is always covered. */
    public boolean covers(final long length) {
        return length == 0 || count == 1 && starts[0] == 0 && ends[0] >= length;
    }

    /** Bytes covered. */
    public long coveredBytes() {
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += ends[i] - starts[i];
        }
        return total;
    }

    public int rangeCount() {
        return count;
    }

    private void insert(final long start, final long end) {
        long mergedStart = start;
        long mergedEnd = end;
        int first = 0;
        while (first < count && ends[first] < start) {
            first++;
        }
        int last = first;
        while (last < count && starts[last] <= end) {
            mergedStart = Math.min(mergedStart, starts[last]);
            mergedEnd = Math.max(mergedEnd, ends[last]);
            last++;
        }
        final int removed = last - first;
        if (removed == 0) {
            ensureRoom();
            System.arraycopy(starts, first, starts, first + 1, count - first);
            System.arraycopy(ends, first, ends, first + 1, count - first);
            count++;
        } else if (removed > 1) {
            System.arraycopy(starts, last, starts, first + 1, count - last);
            System.arraycopy(ends, last, ends, first + 1, count - last);
            count -= removed - 1;
        }
        starts[first] = mergedStart;
        ends[first] = mergedEnd;
    }

    private void append(final long start, final long end) {
        ensureRoom();
        starts[count] = start;
        ends[count] = end;
        count++;
    }

    private void ensureRoom() {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
    }
}
