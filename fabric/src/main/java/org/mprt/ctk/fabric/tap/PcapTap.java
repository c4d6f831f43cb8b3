package org.mprt.ctk.fabric.tap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.fabric.frame.FrameObserver;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.link.LinkPort;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;

/**
 * Records every frame crossing the chosen ports into one pcap (Ethernet link type, nanosecond
 * timestamps from {@link CaptureEpoch}), as the capture evidence the verdict engine judges
 * (ARCHITECTURE.md, principle 1).
 *
 * <p>A frame is recorded as it is on that wire at that moment: an egress tap sees it when its
 * last bit leaves the port, after any ECN mark of that port's queue and before the wire's faults
 * (a frame the wire then loses is still in the capture, as at a real mirror of the sender); an
 * ingress tap sees it on arrival, with every mark and corruption upstream. Frames are written in
 * event order, so timestamps never go back. The file appears, complete, on {@link #close()}.
 */
public final class PcapTap implements FrameObserver, AutoCloseable {

    private final CaptureWriter writer;
    private final List<Link> observed = new ArrayList<>();
    private long framesWritten;
    private boolean closed;

    private PcapTap(final CaptureWriter writer) {
        this.writer = writer;
    }

    /** A tap that records nothing until attached. */
    public static PcapTap create(final Path file) {
        try {
            return new PcapTap(PcapWriter.create(file, LinkType.ETHERNET));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create capture " + file, e);
        }
    }

    /** Records one port of a host or switch. */
    public static PcapTap onPort(final LinkPort port, final TapDirection direction, final Path file) {
        return create(file).attach(port, direction);
    }

    /** The DUT-side capture: every NIC port of {@code host}, both directions, in one file. */
    public static PcapTap onHost(final Host host, final Path file) {
        final PcapTap tap = create(file);
        for (final HostPort port : host.ports()) {
            tap.attach(port, TapDirection.BOTH);
        }
        return tap;
    }

    /** Adds a port to this capture. */
    public PcapTap attach(final LinkPort port, final TapDirection direction) {
        if (direction != TapDirection.INGRESS) {
            port.egressLink().observeTransmit(this);
            observed.add(port.egressLink());
        }
        if (direction != TapDirection.EGRESS) {
            port.ingressLink().observeReceive(this);
            observed.add(port.ingressLink());
        }
        return this;
    }

    @Override
    public void onFrame(final long timeNs, final byte[] frame, final int length) {
        try {
            writer.write(CaptureEpoch.timestampNs(timeNs), frame, 0, length, length);
            framesWritten++;
        } catch (final IOException e) {
            throw new UncheckedIOException("capture write failed at " + timeNs + " ns", e);
        }
    }

    public long framesWritten() {
        return framesWritten;
    }

    /** Detaches from every link and completes the file. */
    @Override
    public void close() {
        if (detach()) {
            try {
                writer.close();
            } catch (final IOException e) {
                throw new UncheckedIOException("cannot complete capture", e);
            }
        }
    }

    /**
     * Detaches from every link and discards the file: no capture, rather than one a run still holding
     * the fabric (a device stuck in one call) may be writing into.
     */
    public void abort() {
        if (detach()) {
            writer.abort();
        }
    }

    /** True the first time: later calls find the tap closed already. */
    private boolean detach() {
        if (closed) {
            return false;
        }
        closed = true;
        for (final Link link : observed) {
            link.removeObserver(this);
        }
        return true;
    }
}
