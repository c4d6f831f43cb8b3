package org.mprt.ctk.verdict.state;

import java.util.Arrays;

/**
 * Which bytes of one message the captured data packets carried: a sorted set of disjoint
 * half-open intervals, merged as packets come. Bounded: past {@link #MAX_INTERVALS} separate
 * pieces (far more than 256 PSNs on 64 paths can leave open) it stops and says it does not know.
 */
public final class ByteCoverage {

    static final int MAX_INTERVALS = 4096;

    /**
     * The one interval while there is at most one: packets mostly come in order, so most messages
     * stay one piece throughout and never need the arrays.
     */
    private long start0;
    private long end0;
    /** The intervals once there have been two apart; null before. */
    private long[] starts;
    private long[] ends;
    private int size;
    private boolean overflowed;

    /** Adds [start, end); an empty range adds nothing. */
    void add(final long start, final long end) {
        if (start >= end || overflowed) {
            return;
        }
        if (starts == null) {
            if (size == 0) {
                start0 = start;
                end0 = end;
                size = 1;
                return;
            }
            if (start <= end0 && end >= start0) {
                start0 = Math.min(start0, start);
                end0 = Math.max(end0, end);
                return;
            }
            starts = new long[] {start0, 0, 0, 0};
            ends = new long[] {end0, 0, 0, 0};
        }
        int first = 0;
        while (first < size && ends[first] < start) {
            first++;
        }
        int last = first;
        long s = start;
        long e = end;
        while (last < size && starts[last] <= end) {
            s = Math.min(s, starts[last]);
            e = Math.max(e, ends[last]);
            last++;
        }
        final int removed = last - first;
        if (removed == 0) {
            if (size == MAX_INTERVALS) {
                overflowed = true;
                return;
            }
            grow();
            System.arraycopy(starts, first, starts, first + 1, size - first);
            System.arraycopy(ends, first, ends, first + 1, size - first);
            size++;
        } else if (removed > 1) {
            System.arraycopy(starts, last, starts, first + 1, size - last);
            System.arraycopy(ends, last, ends, first + 1, size - last);
            size -= removed - 1;
        }
        starts[first] = s;
        ends[first] = e;
    }

    private void grow() {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
    }

    /** True when [0, length) is carried whole. */
    public boolean covers(final long length) {
        return !overflowed && (length == 0 || size == 1 && start(0) == 0 && end(0) >= length);
    }

    private long start(final int i) {
        return starts == null ? start0 : starts[i];
    }

    private long end(final int i) {
        return starts == null ? end0 : ends[i];
    }

    /** The first byte of [0, length) not carried, or -1 when all are (or when the count overflowed). */
    public long firstMissing(final long length) {
        if (overflowed) {
            return -1;
        }
        if (size == 0 || start(0) > 0) {
            return length == 0 ? -1 : 0;
        }
        return end(0) >= length ? -1 : end(0);
    }

    /** True when byte {@code offset} was carried (or the count overflowed, so that it may have been). */
    public boolean mayContain(final long offset) {
        if (overflowed) {
            return true;
        }
        int low = 0;
        int high = size - 1;
        while (low <= high) {
            final int mid = (low + high) >>> 1;
            if (start(mid) > offset) {
                high = mid - 1;
            } else if (end(mid) <= offset) {
                low = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    public boolean isKnown() {
        return !overflowed;
    }
}
