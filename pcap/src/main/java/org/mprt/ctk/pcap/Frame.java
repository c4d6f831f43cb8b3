package org.mprt.ctk.pcap;

import java.nio.ByteBuffer;

/**
 * One captured frame, as a reusable view that {@link CaptureReader#next(Frame)} refills.
 *
 * <p>The frame bytes are not copied: they are {@link #capturedLengthBytes()} bytes of
 * {@link #buffer()} starting at index {@link #dataOffset()}. That buffer is a read-only,
 * big-endian (network order) view of a window of the file, which the next {@code next} may
 * refill: copy what must outlive it, or note its file position ({@link #positionOf(int)}) and read
 * it again ({@link CaptureReader#read(long, java.nio.ByteBuffer)}).
 */
public final class Frame {
    private long frameNumber;
    private long timestampNs;
    private boolean timed = true;
    private long overlongFractionNs;
    private int capturedLengthBytes;
    private long originalLengthBytes;
    private long statedOriginalLengthBytes;
    private int linkTypeNumber;
    private LinkType linkType = LinkType.UNKNOWN;
    private int interfaceId;
    private long recordOffsetBytes;
    private ByteBuffer buffer;
    private int dataOffset;
    private long dataPositionBytes;
    private LinkDirection direction = LinkDirection.NOT_STATED;

    /**
     * 1-based, as Wireshark numbers frames; 0 before the first {@code next}. Wireshark also numbers a
     * pcapng file's custom blocks and systemd journal entries, which are not packets: the packet after
     * one carries the number Wireshark shows for it, and no frame carries the block's.
     */
    public long frameNumber() {
        return frameNumber;
    }

    /**
     * Capture time in nanoseconds since 1970-01-01T00:00:00Z, exact for nanosecond files and
     * converted (rounded down) from coarser resolutions; 0 for a frame that records no time
     * ({@link #isTimed()}).
     */
    public long timestampNs() {
        return timestampNs;
    }

    /**
     * False for a frame whose record holds no capture time: a pcapng simple packet block, which the
     * format defines without one, so that nothing can be said of when it was seen.
     */
    public boolean isTimed() {
        return timed;
    }

    /**
     * The record's fraction of a second, in nanoseconds, when it is a second or more: a classic pcap
     * record whose microseconds or nanoseconds field is past its range, read as carried into the
     * seconds ({@link #timestampNs()}); 0 for every other record. A writer that put nanoseconds under
     * the microsecond magic number makes such records, and then every time in the capture is wrong.
     */
    public long overlongFractionNs() {
        return overlongFractionNs;
    }

    /** Bytes present in the file for this frame. */
    public int capturedLengthBytes() {
        return capturedLengthBytes;
    }

    /**
     * Length of the frame on the wire, at least {@link #capturedLengthBytes()}: the record's original
     * length, or its captured length where the record states less ({@link #isOriginalLengthUnderstated()}).
     */
    public long originalLengthBytes() {
        return originalLengthBytes;
    }

    /** The original length as the record states it, which some writers set below the captured length. */
    public long statedOriginalLengthBytes() {
        return statedOriginalLengthBytes;
    }

    /**
     * True when the record states an original length under its captured length. libpcap and Wireshark
     * read such records, some writers make them (a length of 0, or one that leaves out an FCS the
     * capture kept), and every captured byte was on the wire: the frame is read whole, its length on the
     * wire taken as its captured length, and the reports count such records rather than refuse the file.
     */
    public boolean isOriginalLengthUnderstated() {
        return statedOriginalLengthBytes < capturedLengthBytes;
    }

    /** True when the capture kept fewer bytes than were on the wire (snap length). */
    public boolean isTruncated() {
        return capturedLengthBytes < originalLengthBytes;
    }

    /** The LINKTYPE number as found in the file, including numbers the kit does not know. */
    public int linkTypeNumber() {
        return linkTypeNumber;
    }

    /** The link type, {@link LinkType#UNKNOWN} when the kit does not unwrap it. */
    public LinkType linkType() {
        return linkType;
    }

    /** pcapng interface id within its section; always 0 for classic pcap. */
    public int interfaceId() {
        return interfaceId;
    }

    /** Offset in the file of this frame's record header (classic) or block (pcapng). */
    public long recordOffsetBytes() {
        return recordOffsetBytes;
    }

    /** Read-only big-endian buffer holding the frame; see {@link #dataOffset()}. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** Index in {@link #buffer()} of the first frame byte. */
    public int dataOffset() {
        return dataOffset;
    }

    /** File position of the byte at {@code bufferIndex} of {@link #buffer()}, a frame byte. */
    public long positionOf(final int bufferIndex) {
        return dataPositionBytes + bufferIndex - dataOffset;
    }

    /** Frame byte at {@code index} (0-based within the frame), bounds-checked against the frame. */
    public byte byteAt(final int index) {
        if (index < 0 || index >= capturedLengthBytes) {
            throw new IndexOutOfBoundsException(
                "frame byte " + index + " outside captured length " + capturedLengthBytes);
        }
        return buffer.get(dataOffset + index);
    }

    /** A fresh buffer positioned on the frame bytes; allocates, so not for the per-frame path. */
    public ByteBuffer dataSlice() {
        return buffer.slice(dataOffset, capturedLengthBytes);
    }

    /** A copy of the frame bytes; allocates, so not for the per-frame path. */
    public byte[] copyData() {
        final byte[] copy = new byte[capturedLengthBytes];
        buffer.get(dataOffset, copy);
        return copy;
    }

    void fill(
        final long frameNumber,
        final long timestampNs,
        final int capturedLengthBytes,
        final long originalLengthBytes,
        final int linkTypeNumber,
        final LinkType linkType,
        final int interfaceId,
        final long recordOffsetBytes) {
        this.frameNumber = frameNumber;
        this.timestampNs = timestampNs;
        this.timed = true;
        this.overlongFractionNs = 0;
        this.capturedLengthBytes = capturedLengthBytes;
        this.originalLengthBytes = Math.max(originalLengthBytes, capturedLengthBytes);
        this.statedOriginalLengthBytes = originalLengthBytes;
        this.linkTypeNumber = linkTypeNumber;
        this.linkType = linkType;
        this.interfaceId = interfaceId;
        this.recordOffsetBytes = recordOffsetBytes;
        this.direction = LinkDirection.NOT_STATED;
    }

    /** Set after {@link #fill} by a record that holds no capture time. */
    void untimed() {
        this.timed = false;
    }

    /** Set after {@link #fill} by a record whose fraction of a second, {@code fractionNs}, is a second or more. */
    void overlongFraction(final long fractionNs) {
        this.overlongFractionNs = fractionNs;
    }

    /** Set after {@link #fill} by a record that says which way the capturing host saw the frame. */
    void direction(final LinkDirection way) {
        this.direction = way;
    }

    /**
     * Which way the capturing host saw the frame, as its record says (a pcapng epb_flags option);
     * NOT_STATED when the record does not say. Linux cooked headers say it in the link layer instead
     * ({@link org.mprt.ctk.pcap.link.NetworkLayer#direction()}).
     */
    public LinkDirection direction() {
        return direction;
    }

    /** The frame's bytes: those of {@code window} from file position {@code dataPositionBytes} on. */
    void data(final FileWindow window, final long dataPositionBytes) {
        this.buffer = window.frameBuffer();
        this.dataOffset = window.index(dataPositionBytes);
        this.dataPositionBytes = dataPositionBytes;
    }

    @Override
    public String toString() {
        return "Frame{frameNumber=" + frameNumber
            + ", timestampNs=" + (timed ? timestampNs : "none")
            + ", capturedLengthBytes=" + capturedLengthBytes
            + ", originalLengthBytes=" + originalLengthBytes
            + ", linkTypeNumber=" + linkTypeNumber
            + ", interfaceId=" + interfaceId
            + ", recordOffsetBytes=" + recordOffsetBytes + '}';
    }
}
