package org.mprt.ctk.verdict.timeline;

import java.util.Arrays;

/**
 * Points (time and frame number, one or two values) kept at a bounded count: every {@code stride}-th point is kept;
 * when the buffer is full every other kept point is dropped and the stride doubles, so that the
 * points stay spread over the whole capture, deterministically.
 */
final class SampledSeries {

    private final long[] ns;
    private final long[] frames;
    private final long[] a;
    private final long[] b;
    private int size;
    private long stride = 1;
    private long seen;

    SampledSeries(final int capacity) {
        ns = new long[capacity];
        frames = new long[capacity];
        a = new long[capacity];
        b = new long[capacity];
    }

    void add(final long timeNs, final long frameNumber, final long first, final long second) {
        final long index = seen++;
        // The stride is a power of two: a mask, where a remainder would divide for every point.
        if ((index & (stride - 1)) != 0) {
            return;
        }
        if (size == ns.length) {
            // Kept points are those whose index is a multiple of the stride: the even ones of them
            // are the multiples of the doubled stride.
            for (int i = 0; i < (size + 1) / 2; i++) {
                ns[i] = ns[2 * i];
                frames[i] = frames[2 * i];
                a[i] = a[2 * i];
                b[i] = b[2 * i];
            }
            size = (size + 1) / 2;
            stride *= 2;
            if ((index & (stride - 1)) != 0) {
                return;
            }
        }
        ns[size] = timeNs;
        frames[size] = frameNumber;
        a[size] = first;
        b[size] = second;
        size++;
    }

    long seen() {
        return seen;
    }

    long[] ns() {
        return Arrays.copyOf(ns, size);
    }

    long[] frames() {
        return Arrays.copyOf(frames, size);
    }

    long[] first() {
        return Arrays.copyOf(a, size);
    }

    long[] second() {
        return Arrays.copyOf(b, size);
    }
}
