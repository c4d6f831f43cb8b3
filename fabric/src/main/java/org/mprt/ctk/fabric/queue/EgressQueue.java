package org.mprt.ctk.fabric.queue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.fabric.frame.FrameSink;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.fabric.time.Timer;
import org.mprt.ctk.wire.ip.Ecn;

/**
 * The transmit queue of one port: serialises frames one after another at the port's bit rate,
 * tail-drops a frame that does not fit in the buffer, and marks ECN on arrival (htsim's
 * {@code Queue}).
 *
 * <p>Arithmetic, all in integers:
 * <ul>
 *   <li>A frame of {@code L} bytes occupies the wire for {@code (L + wireOverheadBytes) * 8 / rate}
 *       seconds; {@code wireOverheadBytes} (default 24: preamble, start delimiter, FCS and
 *       inter-frame gap) is wire time only, not buffer. While the queue stays busy, the
 *       sub-nanosecond remainder carries into the next frame, so a busy port sends at exactly its
 *       rate over time; the remainder is dropped when the queue goes idle.</li>
 *   <li>Occupancy {@code q} counts the bytes of every frame accepted and not yet fully sent, the
 *       frame on the wire included. A frame of {@code L} bytes is tail-dropped when
 *       {@code q + L > bufferBytes}.</li>
 *   <li>An accepted ECN-capable frame is marked CE with {@link EcnProfile#markingProbability(long)}
 *       of {@code q} before it (one draw of this queue's own generator, only strictly between
 *       Kmin and Kmax); Not-ECT frames are never marked nor dropped for it.</li>
 * </ul>
 * A frame leaves to the downstream sink when its last bit is serialised.
 */
public final class EgressQueue {

    /** Preamble (7), start frame delimiter (1), FCS (4) and minimum inter-frame gap (12). */
    public static final int ETHERNET_WIRE_OVERHEAD_BYTES = 24;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final int INITIAL_SLOTS = 64;

    private final Scheduler scheduler;
    private final long rateBps;
    private final long bufferBytes;
    private final EcnProfile ecn;
    private final int wireOverheadBytes;
    private final SplittableRandom random;
    private final FrameSink downstream;
    private final Timer serialised;

    private byte[][] frames = new byte[INITIAL_SLOTS][];
    private int[] lengths = new int[INITIAL_SLOTS];
    private int head;
    private int count;
    private long occupancyBytes;
    private long carryBitNs;

    private long enqueued;
    private long tailDrops;
    private long tailDroppedBytes;
    private long ecnMarks;
    private long transmitted;
    private long transmittedBytes;

    public EgressQueue(
        final Scheduler scheduler, final long rateBps, final long bufferBytes, final EcnProfile ecn,
        final int wireOverheadBytes, final SplittableRandom random, final FrameSink downstream) {
        if (rateBps <= 0 || bufferBytes <= 0 || wireOverheadBytes < 0) {
            throw new IllegalArgumentException("rate " + rateBps + " b/s, buffer " + bufferBytes
                + " bytes, overhead " + wireOverheadBytes + " bytes: rate and buffer must be positive");
        }
        this.scheduler = scheduler;
        this.rateBps = rateBps;
        this.bufferBytes = bufferBytes;
        this.ecn = ecn;
        this.wireOverheadBytes = wireOverheadBytes;
        this.random = random;
        this.downstream = downstream;
        this.serialised = scheduler.timer(this::finishSerialising);
    }

    /** Wire time of one frame on an idle port, rounded down to whole nanoseconds. */
    public static long serialisationDelayNs(final int lengthBytes, final int wireOverheadBytes, final long rateBps) {
        return (lengthBytes + (long) wireOverheadBytes) * Byte.SIZE * NANOS_PER_SECOND / rateBps;
    }

    /** Takes {@code frame} (and its ownership); returns false when it was tail-dropped. */
    public boolean enqueue(final byte[] frame, final int length) {
        if (occupancyBytes + length > bufferBytes) {
            tailDrops++;
            tailDroppedBytes += length;
            return false;
        }
        markOnArrival(frame, length);
        if (count == frames.length) {
            grow();
        }
        final int tail = (head + count) & (frames.length - 1);
        frames[tail] = frame;
        lengths[tail] = length;
        count++;
        occupancyBytes += length;
        enqueued++;
        if (count == 1) {
            startSerialising();
        }
        return true;
    }

    public long rateBps() {
        return rateBps;
    }

    public long bufferBytes() {
        return bufferBytes;
    }

    public EcnProfile ecn() {
        return ecn;
    }

    public int wireOverheadBytes() {
        return wireOverheadBytes;
    }

    /** Bytes accepted and not yet fully sent, the frame on the wire included. */
    public long occupancyBytes() {
        return occupancyBytes;
    }

    public int occupancyFrames() {
        return count;
    }

    public long enqueued() {
        return enqueued;
    }

    public long tailDrops() {
        return tailDrops;
    }

    public long tailDroppedBytes() {
        return tailDroppedBytes;
    }

    public long ecnMarks() {
        return ecnMarks;
    }

    public long transmitted() {
        return transmitted;
    }

    public long transmittedBytes() {
        return transmittedBytes;
    }

    private void markOnArrival(final byte[] frame, final int length) {
        if (occupancyBytes <= ecn.kminBytes()) {
            return;
        }
        final int network = FrameHeaders.networkOffset(frame, length);
        if (network == FrameHeaders.NOT_IP || FrameHeaders.ecn(frame, network) == Ecn.NOT_ECT) {
            return;
        }
        final boolean mark = occupancyBytes > ecn.kmaxBytes()
            || random.nextDouble() < ecn.markingProbability(occupancyBytes);
        if (mark && FrameHeaders.markCongestionExperienced(frame, network)) {
            ecnMarks++;
        }
    }

    private void startSerialising() {
        final long bitNs = (lengths[head] + (long) wireOverheadBytes) * Byte.SIZE * NANOS_PER_SECOND + carryBitNs;
        carryBitNs = bitNs % rateBps;
        serialised.after(bitNs / rateBps);
    }

    private void finishSerialising() {
        final byte[] frame = frames[head];
        final int length = lengths[head];
        frames[head] = null;
        head = (head + 1) & (frames.length - 1);
        count--;
        occupancyBytes -= length;
        transmitted++;
        transmittedBytes += length;
        if (count > 0) {
            startSerialising();
        } else {
            carryBitNs = 0;
        }
        downstream.receive(frame, length);
    }

    private void grow() {
        final byte[][] biggerFrames = new byte[frames.length * 2][];
        final int[] biggerLengths = new int[frames.length * 2];
        for (int i = 0; i < count; i++) {
            final int slot = (head + i) & (frames.length - 1);
            biggerFrames[i] = frames[slot];
            biggerLengths[i] = lengths[slot];
        }
        Arrays.fill(frames, null);
        frames = biggerFrames;
        lengths = biggerLengths;
        head = 0;
    }
}
