package org.mprt.ctk.fabric.link;

import java.util.Arrays;
import org.mprt.ctk.fabric.frame.FrameSink;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.fabric.time.Timer;

/**
 * A dumb device that holds each frame until its arrival time, then hands it on (htsim's
 * {@code Pipe}). Frames leave in order of (arrival time, order of sending), so frames with equal
 * arrival times keep their order; the link decides the arrival times, and with them whether
 * frames may overtake each other.
 *
 * <p>In-flight frames sit in a binary heap with one scheduler timer armed for the earliest, so the
 * event queue holds one event per pipe, not one per frame, and nothing is allocated per frame.
 */
public final class Pipe {

    private static final int INITIAL_SLOTS = 64;

    private final Scheduler scheduler;
    private final FrameSink receiver;
    private final Timer arrival;

    private long[] arrivalNs = new long[INITIAL_SLOTS];
    private long[] sequences = new long[INITIAL_SLOTS];
    private byte[][] frames = new byte[INITIAL_SLOTS][];
    private int[] lengths = new int[INITIAL_SLOTS];
    private int count;
    private long nextSequence;

    public Pipe(final Scheduler scheduler, final FrameSink receiver) {
        this.scheduler = scheduler;
        this.receiver = receiver;
        this.arrival = scheduler.timer(this::deliverDue);
    }

    /** Takes {@code frame} and hands it to the receiver at {@code arrivalTimeNs}. */
    public void send(final byte[] frame, final int length, final long arrivalTimeNs) {
        if (arrivalTimeNs < scheduler.now()) {
            throw new IllegalArgumentException("arrival " + arrivalTimeNs + " ns is before now (" + scheduler.now() + " ns)");
        }
        if (count == frames.length) {
            grow();
        }
        int index = count++;
        final long sequence = nextSequence++;
        while (index > 0) {
            final int parent = (index - 1) >>> 1;
            if (!before(arrivalTimeNs, sequence, parent)) {
                break;
            }
            move(parent, index);
            index = parent;
        }
        put(index, arrivalTimeNs, sequence, frame, length);
        if (index == 0) {
            arrival.at(arrivalTimeNs);
        }
    }

    /** Frames on the wire, not yet arrived. */
    public int inFlight() {
        return count;
    }

    private void deliverDue() {
        final long now = scheduler.now();
        while (count > 0 && arrivalNs[0] <= now) {
            final byte[] frame = frames[0];
            final int length = lengths[0];
            removeHead();
            receiver.receive(frame, length);
        }
        if (count > 0 && !arrival.isPending()) {
            arrival.at(arrivalNs[0]);
        }
    }

    private void removeHead() {
        count--;
        final long lastArrival = arrivalNs[count];
        final long lastSequence = sequences[count];
        final byte[] lastFrame = frames[count];
        final int lastLength = lengths[count];
        frames[count] = null;
        if (count == 0) {
            return;
        }
        int index = 0;
        final int half = count >>> 1;
        while (index < half) {
            int child = 2 * index + 1;
            if (child + 1 < count && before(arrivalNs[child + 1], sequences[child + 1], child)) {
                child++;
            }
            if (!before(arrivalNs[child], sequences[child], lastArrival, lastSequence)) {
                break;
            }
            move(child, index);
            index = child;
        }
        put(index, lastArrival, lastSequence, lastFrame, lastLength);
    }

    private boolean before(final long timeNs, final long sequence, final int slot) {
        return before(timeNs, sequence, arrivalNs[slot], sequences[slot]);
    }

    private static boolean before(final long aNs, final long aSequence, final long bNs, final long bSequence) {
        return aNs < bNs || aNs == bNs && aSequence < bSequence;
    }

    private void move(final int from, final int to) {
        put(to, arrivalNs[from], sequences[from], frames[from], lengths[from]);
    }

    private void put(final int slot, final long timeNs, final long sequence, final byte[] frame, final int length) {
        arrivalNs[slot] = timeNs;
        sequences[slot] = sequence;
        frames[slot] = frame;
        lengths[slot] = length;
    }

    private void grow() {
        final int capacity = frames.length * 2;
        arrivalNs = Arrays.copyOf(arrivalNs, capacity);
        sequences = Arrays.copyOf(sequences, capacity);
        frames = Arrays.copyOf(frames, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
    }
}
