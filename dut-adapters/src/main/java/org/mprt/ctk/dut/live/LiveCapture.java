package org.mprt.ctk.dut.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Optional;
import org.mprt.ctk.pcap.PcapWriter;

/**
 * A capture taken live on a network interface through libpcap, written by the kit's pcap writer:
 * how the kit records what devices on a real interface put on the wire. It is armed when
 * {@link #start} returns, so nothing sent after that is missed; {@link #awaitFrames} waits until it
 * holds every frame the caller knows was sent, and {@link #stop} says how many the kernel dropped.
 * The file is complete after {@link #stop}, and absent when the capture failed.
 */
public final class LiveCapture implements AutoCloseable {

    /** What a stopped capture holds. {@code dropped} counts the frames libpcap says the kernel dropped. */
    public record Summary(Path file, long frames, long dropped) {
    }

    private final LiveInterface live;
    private final PcapWriter writer;
    private final Path file;
    private boolean stopped;

    private LiveCapture(final Path file, final LiveInterface live, final PcapWriter writer) {
        this.file = file;
        this.live = live;
        this.writer = writer;
    }

    /**
     * Starts capturing on {@code interfaceName} what matches the BPF {@code filter} into {@code file}.
     *
     * @throws LiveCaptureException saying what to do when libpcap does not load, the interface cannot be
     *                              opened (that needs root or CAP_NET_RAW), or the filter is refused
     */
    public static LiveCapture start(final String interfaceName, final String filter, final Path file) {
        final PcapWriter[] writer = new PcapWriter[1];
        try {
            final LiveInterface live = LiveInterface.open(interfaceName, filter, "capture on " + interfaceName, link -> {
                writer[0] = PcapWriter.create(file, link);
                return (ns, frame, original) -> writer[0].write(ns, frame, 0, frame.length, original);
            });
            return new LiveCapture(file, live, writer[0]);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the capture " + file, e);
        }
    }

    /**
     * Why this machine cannot capture on {@code interfaceName} (libpcap missing, not root), found by
     * starting and stopping a capture; empty when it can.
     */
    public static Optional<String> whyNotOn(final String interfaceName) {
        try {
            final Path probe = Files.createTempFile("ctk-live-probe", ".pcap");
            try {
                start(interfaceName, "udp port " + PacketPort.TRANSPORT_PORT, probe).stop();
            } finally {
                Files.deleteIfExists(probe);
            }
            return Optional.empty();
        } catch (final LiveCaptureException | IOException | UncheckedIOException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Waits until the capture holds at least {@code count} frames; false when {@code timeout} passed first. */
    public boolean awaitFrames(final long count, final Duration timeout) {
        return live.awaitFrames(count, timeout);
    }

    /**
     * Stops capturing and completes the file.
     *
     * @throws LiveCaptureException when reading failed; the file is then not written
     */
    public Summary stop() {
        stopped = true;
        final long dropped;
        try {
            dropped = live.stop();
        } catch (final RuntimeException e) {
            writer.abort();
            throw e;
        }
        try {
            writer.close();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot complete the capture " + file, e);
        }
        return new Summary(file, live.frames(), dropped);
    }

    /** Stops the capture and discards the file if it was not stopped: for try-with-resources after a failure. */
    @Override
    public void close() {
        if (!stopped) {
            stopped = true;
            try {
                live.stop();
            } catch (final RuntimeException ignored) {
                // Closing after another failure, which is the one to report.
            }
            writer.abort();
        }
    }
}
