package org.mprt.ctk.dut.live;

import java.io.IOException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.mprt.ctk.pcap.LinkType;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;
import org.pcap4j.core.Pcaps;

/**
 * A libpcap handle on a live network interface (through pcap4j): a thread of its own reads the frames
 * its BPF filter passes and hands each to a consumer, and {@link #send} puts whole frames on the
 * interface as they are, headers and ICRC included. The kit's live capture and the ports of devices on
 * a real interface are both made of one.
 */
final class LiveInterface {

    /** What the reading thread does with each frame; the array is the frame's own. */
    @FunctionalInterface
    interface Frames {
        void frame(long timestampNs, byte[] frame, int originalLengthBytes) throws IOException;
    }

    /** Makes the consumer of the frames once the interface's link type is known (a capture file's header needs it). */
    @FunctionalInterface
    interface FramesOfLink {
        Frames of(LinkType linkType) throws IOException;
    }

    private static final int SNAP_LENGTH_BYTES = 65_535;
    /**
     * libpcap hands each frame over as it arrives (immediate mode): a device's port must not hold an
     * ACK for a buffer's timeout. A read then waits for a frame however long, so {@link #stop} wakes it
     * with pcap_breakloop, which libpcap 1.10 and later honour; the timeout only bounds how long an
     * older libpcap's read may wait past a stop when frames still arrive.
     */
    private static final int READ_TIMEOUT_MS = 10;
    private static final int BUFFER_BYTES = 32 << 20;
    private static final long NS_PER_SECOND = 1_000_000_000L;

    private final PcapHandle handle;
    private final String interfaceName;
    private final Frames frames;
    private final Thread reader;
    private volatile boolean stopping;
    private volatile long read;
    private volatile Throwable failure;

    private LiveInterface(final PcapHandle handle, final String interfaceName, final String readerName,
                          final Frames frames) {
        this.handle = handle;
        this.interfaceName = interfaceName;
        this.frames = frames;
        this.reader = new Thread(this::read, readerName);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Opens {@code interfaceName}, armed with the BPF {@code filter} when this returns, and starts
     * handing what passes it, on a thread named {@code readerName}, to the consumer {@code framesOfLink}
     * makes for the interface's link type before the first frame is read.
     *
     * @throws LiveCaptureException saying what to do when libpcap does not load, the interface cannot be
     *                              opened (that needs root or CAP_NET_RAW), or the filter is refused
     * @throws IOException          when the consumer cannot be made; the interface is then closed
     */
    static LiveInterface open(final String interfaceName, final String filter, final String readerName,
                              final FramesOfLink framesOfLink) throws IOException {
        final PcapHandle handle = handle(interfaceName);
        try {
            handle.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
            final LinkType link = LinkType.fromLinkTypeNumber(handle.getDlt().value());
            if (link == LinkType.UNKNOWN) {
                throw new LiveCaptureException("interface " + interfaceName + " has link type " + handle.getDlt()
                    + ", which the kit does not know");
            }
            return new LiveInterface(handle, interfaceName, readerName, framesOfLink.of(link));
        } catch (final PcapNativeException | NotOpenException e) {
            handle.close();
            throw new LiveCaptureException("libpcap refused the filter \"" + filter + "\" on " + interfaceName + ": "
                + e.getMessage(), e);
        } catch (final IOException | RuntimeException e) {
            handle.close();
            throw e;
        }
    }

    /** Frames handed to the consumer so far. */
    long frames() {
        return read;
    }

    /** Puts {@code frame[0, length)} on the interface. */
    void send(final byte[] frame, final int length) {
        try {
            handle.sendPacket(frame, length);
        } catch (final PcapNativeException | NotOpenException e) {
            throw new LiveCaptureException("libpcap could not send a frame of " + length + " bytes on "
                + interfaceName + ": " + e.getMessage(), e);
        }
    }

    /**
     * Waits until at least {@code count} frames were handed over: the reading thread takes each from
     * libpcap after it crossed the interface.
     *
     * @return false when {@code timeout} passed first, or reading failed
     */
    boolean awaitFrames(final long count, final Duration timeout) {
        final long endNs = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            while (read < count && failure == null && reader.isAlive()) {
                final long leftNs = endNs - System.nanoTime();
                if (leftNs <= 0) {
                    return false;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, leftNs);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return read >= count;
    }

    /**
     * Stops reading and closes the handle.
     *
     * @return how many frames libpcap says the kernel dropped
     * @throws LiveCaptureException when reading failed or would not stop
     */
    long stop() {
        if (stopping) {
            return 0;
        }
        stopping = true;
        try {
            handle.breakLoop();
            reader.join(TimeUnit.SECONDS.toMillis(10));
        } catch (final NotOpenException e) {
            failure = failure == null ? e : failure;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (reader.isAlive()) {
            // Closing the handle would wait for the read that holds it.
            throw new LiveCaptureException("reading " + interfaceName + " did not stop: its read of libpcap waits"
                + " for a frame (" + Pcaps.libVersion() + "; 1.10 or later wakes it)");
        }
        long dropped = 0;
        try {
            final PcapStat stats = handle.getStats();
            dropped = stats.getNumPacketsDropped() + stats.getNumPacketsDroppedByIf();
        } catch (final PcapNativeException | NotOpenException e) {
            failure = failure == null ? e : failure;
        }
        handle.close();
        if (failure != null) {
            throw new LiveCaptureException("reading " + interfaceName + " failed: " + failure, failure);
        }
        return dropped;
    }

    private void read() {
        try {
            while (!stopping) {
                final byte[] frame = handle.getNextRawPacket();
                if (frame == null) {
                    continue;
                }
                frames.frame(timestampNs(handle.getTimestamp()), frame, handle.getOriginalLength());
                synchronized (this) {
                    read++;
                    notifyAll();
                }
            }
        } catch (final NotOpenException | IOException | RuntimeException e) {
            failure = e;
            synchronized (this) {
                notifyAll();
            }
        }
    }

    private static long timestampNs(final Timestamp t) {
        return Math.floorDiv(t.getTime(), 1000L) * NS_PER_SECOND + t.getNanos();
    }

    private static PcapHandle handle(final String interfaceName) {
        try {
            return new PcapHandle.Builder(interfaceName).snaplen(SNAP_LENGTH_BYTES)
                .promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS).timeoutMillis(READ_TIMEOUT_MS)
                .bufferSize(BUFFER_BYTES).timestampPrecision(PcapHandle.TimestampPrecision.NANO).immediateMode(true).build();
        } catch (final PcapNativeException e) {
            throw new LiveCaptureException("libpcap cannot open " + interfaceName + ": " + e.getMessage()
                + " (capturing and sending on an interface needs root or CAP_NET_RAW)", e);
        } catch (final UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new LiveCaptureException("pcap4j needs the native libpcap, which did not load (" + e
                + "); on Debian or Ubuntu run: apt-get install -y libpcap0.8", e);
        }
    }
}
