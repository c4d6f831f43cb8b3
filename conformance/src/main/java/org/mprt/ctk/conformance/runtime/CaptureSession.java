package org.mprt.ctk.conformance.runtime;

import java.nio.file.Path;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.fabric.tap.PcapTap;

/**
 * The device-side capture of a scenario (mprt-v0.1.md section 16.3): every port of the device's
 * host, both directions, in one nanosecond pcap, with the ledger that numbers the same frames.
 */
public final class CaptureSession implements AutoCloseable {

    private final Path file;
    private final PcapTap tap;
    private final DutLedger ledger;
    private boolean closed;

    private CaptureSession(final Path file, final PcapTap tap, final DutLedger ledger) {
        this.file = file;
        this.tap = tap;
        this.ledger = ledger;
    }

    /** Starts capturing at {@code host}'s ports into {@code file}. */
    public static CaptureSession onDevice(final Host host, final Path file, final boolean keepSentFrames) {
        final PcapTap tap = PcapTap.onHost(host, file);
        return new CaptureSession(file, tap, DutLedger.onHost(host, keepSentFrames));
    }

    public Path file() {
        return file;
    }

    public DutLedger ledger() {
        return ledger;
    }

    public long framesWritten() {
        return tap.framesWritten();
    }

    /** Completes the file; later frames are not recorded. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            tap.close();
        }
    }

    /** Discards the file: nothing half-written is left where a capture was expected. */
    public void abort() {
        if (!closed) {
            closed = true;
            tap.abort();
        }
    }
}
