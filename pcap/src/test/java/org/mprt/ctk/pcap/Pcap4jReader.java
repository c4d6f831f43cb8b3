package org.mprt.ctk.pcap;

import java.io.EOFException;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;

/**
 * pcap4j over the system libpcap, as an independent second reader of capture files. Opens files
 * at nanosecond precision, so that libpcap scales microsecond files up rather than our nanoseconds
 * down.
 */
public final class Pcap4jReader implements AutoCloseable {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long MILLIS_PER_SECOND = 1_000L;
    private static final String LIBPCAP_PROBLEM = libpcapProblem();

    private final PcapHandle handle;
    private byte[] data;
    private long timestampNs;
    private long originalLengthBytes;

    private Pcap4jReader(final PcapHandle handle) {
        this.handle = handle;
    }

    /** Skips the calling test, with the reason, when libpcap cannot be loaded on this machine. */
    public static void assumeLibpcapLoads() {
        Assumptions.assumeTrue(LIBPCAP_PROBLEM == null, () -> "pcap4j needs the native libpcap, which did not load ("
            + LIBPCAP_PROBLEM + "); on Debian or Ubuntu run: apt-get install -y libpcap0.8");
    }

    /** The libpcap version string, e.g. "libpcap version 1.10.3"; fails if it does not load. */
    public static String libpcapVersion() {
        return Pcaps.libVersion();
    }

    /** Opens {@code file}; throws {@link PcapNativeException} with libpcap's message if libpcap rejects it. */
    public static Pcap4jReader open(final Path file) throws PcapNativeException {
        return new Pcap4jReader(Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO));
    }

    /** The DLT libpcap reports for the file (after its LINKTYPE to DLT mapping). */
    public int dataLinkType() {
        return handle.getDlt().value();
    }

    /** Advances to the next frame; false at the end; {@link PcapNativeException} if libpcap rejects it. */
    public boolean next() throws PcapNativeException {
        final Timestamp timestamp;
        try {
            data = handle.getNextRawPacketEx();
            timestamp = handle.getTimestamp();
        } catch (final EOFException end) {
            return false;
        } catch (final TimeoutException | NotOpenException impossibleOffline) {
            throw new IllegalStateException("offline handle reported " + impossibleOffline, impossibleOffline);
        } catch (final IllegalArgumentException e) {
            // pcap4j builds a java.sql.Timestamp, which refuses a fraction of a second of 10^9 ns or
            // more, as a microsecond field of 1000000 or more gives. Report it like a libpcap error.
            throw new PcapNativeException("pcap4j cannot represent the timestamp of this frame: " + e.getMessage());
        }
        timestampNs = Math.floorDiv(timestamp.getTime(), MILLIS_PER_SECOND) * NANOS_PER_SECOND + timestamp.getNanos();
        originalLengthBytes = Integer.toUnsignedLong(handle.getOriginalLength());
        return true;
    }

    public byte[] data() {
        return data;
    }

    public long timestampNs() {
        return timestampNs;
    }

    public long originalLengthBytes() {
        return originalLengthBytes;
    }

    @Override
    public void close() {
        handle.close();
    }

    private static String libpcapProblem() {
        try {
            Pcaps.libVersion();
            return null;
        } catch (final Throwable e) {
            // UnsatisfiedLinkError or NoClassDefFoundError from JNA: report it, do not fail the class.
            return e.toString();
        }
    }
}
