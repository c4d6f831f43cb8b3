package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.pcap4j.core.PcapNativeException;

/**
 * Reads a capture file with both the kit's {@link CaptureReader} and pcap4j (the system libpcap)
 * in lockstep, and lists where they differ: per frame the captured and original lengths, the
 * nanosecond timestamp, the bytes and the link type; per file the frame count and whether each
 * reader accepted the file.
 *
 * <p>For use from any test that holds a capture; call {@link Pcap4jReader#assumeLibpcapLoads()}
 * first. Known, deliberate differences, seen with libpcap 1.10.3, which this class reports rather
 * than hides:
 * <ul>
 *   <li>a classic pcap record longer than the snap length (but within 262144 bytes): libpcap cuts
 *       it to the snap length, the kit delivers what the file holds;</li>
 *   <li>a record over 262144 bytes in a file whose snap length allows it, or a pcapng packet over
 *       its interface's snap length: libpcap rejects the file, the kit reads it;</li>
 *   <li>pcapng sections of different byte order, or interfaces of different link types in one
 *       section: libpcap rejects the file, the kit reads it;</li>
 *   <li>a microsecond field of 1000000 or more: pcap4j cannot build its timestamp and stops;</li>
 *   <li>binary {@code if_tsresol} finer than about 2^-33 s: libpcap's arithmetic overflows, the
 *       kit's does not.</li>
 * </ul>
 */
public final class CaptureAgreement {
    /** Enough to diagnose a file; a wholly different file would otherwise list every frame. */
    public static final int MAXIMUM_DISAGREEMENTS = 100;

    /** libpcap's LINKTYPE to DLT mapping for the numbers where they differ (pcap-common.c). */
    private static final int LINKTYPE_ATM_RFC1483 = 100;
    private static final int DLT_ATM_RFC1483 = 11;
    private static final int LINKTYPE_RAW = 101;
    private static final int DLT_RAW = 12;

    private final List<Disagreement> disagreements = new ArrayList<>();
    private final Frame frame = new Frame();
    private CaptureReader kit;
    private Pcap4jReader pcap4j;
    private String kitRejection;
    private String pcap4jRejection;
    private long kitFrames;
    private long pcap4jFrames;

    private CaptureAgreement() {
    }

    /** Every {@code .pcap} and {@code .pcapng} file under {@code folder}, in name order; none if it is absent. */
    public static List<Path> capturesIn(final Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile)
                .filter(path -> {
                    final String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
                    return name.endsWith(".pcap") || name.endsWith(".pcapng");
                })
                .sorted()
                .toList();
        }
    }

    /** The differences only; empty when the readers agree, rejections included. */
    public static List<Disagreement> disagreements(final Path file) throws IOException {
        return compare(file).disagreements();
    }

    /** Reads {@code file} with both readers. */
    public static AgreementReport compare(final Path file) throws IOException {
        final CaptureAgreement agreement = new CaptureAgreement();
        try {
            agreement.open(file);
            agreement.readInLockstep();
        } finally {
            agreement.close();
        }
        return agreement.report(file);
    }

    private void open(final Path file) throws IOException {
        try {
            kit = CaptureReader.open(file);
        } catch (final CaptureFormatException e) {
            kitRejection = e.getMessage();
        }
        try {
            pcap4j = Pcap4jReader.open(file);
        } catch (final PcapNativeException e) {
            pcap4jRejection = e.getMessage();
        }
    }

    private void readInLockstep() throws IOException {
        boolean kitHasFrame = kit != null;
        boolean pcap4jHasFrame = pcap4j != null;
        while (kitHasFrame || pcap4jHasFrame) {
            kitHasFrame = kitHasFrame && nextKitFrame();
            pcap4jHasFrame = pcap4jHasFrame && nextPcap4jFrame();
            if (kitHasFrame && pcap4jHasFrame) {
                compareFrame();
            }
        }
    }

    private boolean nextKitFrame() throws IOException {
        try {
            final boolean hasFrame = kit.next(frame);
            kitFrames += hasFrame ? 1 : 0;
            return hasFrame;
        } catch (final CaptureFormatException e) {
            kitRejection = e.getMessage();
            return false;
        }
    }

    private boolean nextPcap4jFrame() {
        try {
            final boolean hasFrame = pcap4j.next();
            pcap4jFrames += hasFrame ? 1 : 0;
            return hasFrame;
        } catch (final PcapNativeException e) {
            pcap4jRejection = e.getMessage();
            return false;
        }
    }

    private AgreementReport report(final Path file) {
        if (kitFrames != pcap4jFrames) {
            add(0, "file.frame_count", number(kitFrames), number(pcap4jFrames));
        }
        if ((kitRejection == null) != (pcap4jRejection == null)) {
            add(0, "file.verdict", verdict(kitRejection), verdict(pcap4jRejection));
        }
        return new AgreementReport(file, kitFrames, pcap4jFrames, kitRejection, pcap4jRejection, disagreements);
    }

    private void close() throws IOException {
        if (pcap4j != null) {
            pcap4j.close();
        }
        if (kit != null) {
            kit.close();
        }
    }

    private void compareFrame() {
        final long frameNumber = frame.frameNumber();
        final byte[] pcap4jData = pcap4j.data();
        if (frame.capturedLengthBytes() != pcap4jData.length) {
            add(frameNumber, "frame.cap_len", number(frame.capturedLengthBytes()), number(pcap4jData.length));
        }
        // What the record states: the kit reads an understated one as the captured length, libpcap as stated.
        if (frame.statedOriginalLengthBytes() != pcap4j.originalLengthBytes()) {
            add(frameNumber, "frame.len", number(frame.statedOriginalLengthBytes()), number(pcap4j.originalLengthBytes()));
        }
        if (frame.timestampNs() != pcap4j.timestampNs()) {
            add(frameNumber, "frame.time_epoch_ns", number(frame.timestampNs()), number(pcap4j.timestampNs()));
        }
        final int mismatch = firstMismatch(frame, pcap4jData);
        if (mismatch >= 0) {
            add(frameNumber, "frame.data", byteAt(frame.copyData(), mismatch), byteAt(pcap4jData, mismatch));
        }
        final int kitDlt = dataLinkType(frame.linkTypeNumber());
        if (kitDlt != pcap4j.dataLinkType()) {
            add(frameNumber, "frame.dlt", number(kitDlt), number(pcap4j.dataLinkType()));
        }
    }

    private static int firstMismatch(final Frame frame, final byte[] other) {
        final ByteBuffer buffer = frame.buffer();
        final int commonBytes = Math.min(frame.capturedLengthBytes(), other.length);
        for (int i = 0; i < commonBytes; i++) {
            if (buffer.get(frame.dataOffset() + i) != other[i]) {
                return i;
            }
        }
        return -1;
    }

    private static int dataLinkType(final int linkTypeNumber) {
        if (linkTypeNumber == LINKTYPE_RAW) {
            return DLT_RAW;
        }
        return linkTypeNumber == LINKTYPE_ATM_RFC1483 ? DLT_ATM_RFC1483 : linkTypeNumber;
    }

    private void add(final long frameNumber, final String fieldId, final String kitValue, final String pcap4jValue) {
        if (disagreements.size() < MAXIMUM_DISAGREEMENTS) {
            disagreements.add(new Disagreement(frameNumber, fieldId, kitValue, pcap4jValue));
        }
    }

    private static String number(final long value) {
        return value + " (0x" + Long.toHexString(value) + ")";
    }

    private static String byteAt(final byte[] data, final int index) {
        return String.format("byte %d = 0x%02x", index, data[index]);
    }

    private static String verdict(final String rejection) {
        return rejection == null ? "accepted the file" : "rejected the file: " + rejection;
    }
}
