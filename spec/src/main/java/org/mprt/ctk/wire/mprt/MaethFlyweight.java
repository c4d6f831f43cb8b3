package org.mprt.ctk.wire.mprt;

import java.util.List;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MAETH, the MPRT ACK Extended Transport Header: 48 bytes plus 8 per stream record
 * (mprt-v0.1.md section 3.5; MPRT-WIRE-040 to MPRT-WIRE-042). It follows the BTH of MPRT_ACK,
 * whose PSN is the path's cumulative PSN (cack).
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+-+-------------+-------------------------------+
 * |    path_id    |E|    resv7    |           ce_count            |  0
 * +---------------+-+-------------+-------------------------------+
 * |                        echo_timestamp                         |  4
 * +---------------------------------------------------------------+
 * |                      guidance_rate_mbps                       |  8
 * +---------------+-----------------------------------------------+
 * | record_count  |                     SCN                       | 12
 * +---------------+-----------------------------------------------+
 * |                                                               | 16
 * +                   sack_bitmap (256 bits)                      +
 * |                          ...                                  | 44
 * +-------------------------------+-------------------------------+
 * |          stream_id            |          reserved             | 48 + 8k
 * +-------------------------------+-------------------------------+
 * |                            CMSN                               | 52 + 8k
 * +---------------------------------------------------------------+
 * </pre>
 *
 * SACK bit i is bit {@code 7 - i mod 8} of byte {@code 16 + i / 8} (the first bit is the most
 * significant) and stands for PSN {@code cack + 1 + i}, modulo 2^24.
 */
public final class MaethFlyweight extends Flyweight<MaethFlyweight> {

    public static final FieldSpec PATH_ID = FieldSpec.field("mprt.maeth.path_id", "path_id", 0, 8, Base.DEC);
    public static final FieldSpec E = FieldSpec.field("mprt.maeth.e", "E (ECN echo)", 1, 7, 1, Base.FLAG);
    public static final FieldSpec RESV7 = FieldSpec.reserved("mprt.maeth.resv7", "resv7", 1, 6, 7);
    public static final FieldSpec CE_COUNT = FieldSpec.field("mprt.maeth.ce_count", "ce_count", 2, 16, Base.DEC);
    public static final FieldSpec ECHO_TIMESTAMP = FieldSpec.field("mprt.maeth.echo_timestamp", "echo_timestamp", 4, 32, Base.DEC);
    public static final FieldSpec GUIDANCE_RATE_MBPS = FieldSpec.field("mprt.maeth.guidance_rate_mbps", "guidance_rate_mbps", 8, 32, Base.DEC);
    public static final FieldSpec RECORD_COUNT = FieldSpec.field("mprt.maeth.record_count", "record_count", 12, 8, Base.DEC);
    public static final FieldSpec SCN = FieldSpec.field("mprt.maeth.scn", "SCN", 13, 24, Base.HEX);
    public static final FieldSpec SACK_BITMAP = FieldSpec.field("mprt.maeth.sack_bitmap", "sack_bitmap", 16, 256, Base.HEX);

    /** Stream record fields; offsets are from the record's first byte. */
    public static final FieldSpec RECORD_STREAM_ID = FieldSpec.field("mprt.maeth.record.stream_id", "stream_id", 0, 16, Base.DEC);
    public static final FieldSpec RECORD_RESERVED = FieldSpec.reserved("mprt.maeth.record.reserved", "reserved", 2, 7, 16);
    public static final FieldSpec RECORD_CMSN = FieldSpec.field("mprt.maeth.record.cmsn", "CMSN", 4, 32, Base.DEC);

    /** record_count is at most 16 (MPRT-WIRE-041). */
    public static final int MAX_RECORDS = 16;

    public static final HeaderLayout LAYOUT = HeaderLayout.withRecords("mprt.maeth", "MAETH", "mprt-v0.1.md section 3.5",
        List.of(PATH_ID, E, RESV7, CE_COUNT, ECHO_TIMESTAMP, GUIDANCE_RATE_MBPS, RECORD_COUNT, SCN, SACK_BITMAP),
        RECORD_COUNT, MAX_RECORDS,
        List.of(RECORD_STREAM_ID, RECORD_RESERVED, RECORD_CMSN));

    public static final int PATH_ID_FIELD_OFFSET = PATH_ID.byteOffset();
    public static final int CE_COUNT_FIELD_OFFSET = CE_COUNT.byteOffset();
    public static final int RECORD_COUNT_FIELD_OFFSET = RECORD_COUNT.byteOffset();
    public static final int SACK_BITMAP_FIELD_OFFSET = SACK_BITMAP.byteOffset();
    /** Length of the fixed part. */
    public static final int MAETH_LENGTH = LAYOUT.length();
    public static final int STREAM_RECORD_LENGTH = LAYOUT.recordLength();
    public static final int SACK_BITMAP_BITS = SACK_BITMAP.bitWidth();
    /** 64-bit words of the bitmap ({@link #sackBitmap}). */
    public static final int SACK_BITMAP_WORDS = SACK_BITMAP_BITS / Long.SIZE;
    /** guidance_rate_mbps value meaning "no limit". */
    public static final long GUIDANCE_NO_LIMIT = 0xFFFF_FFFFL;

    /**
     * The fixed part's fields and the SACK bitmap, as a memoizing view read them once for all the readers
     * of one ACK (as {@link MdethFlyweight} keeps its own): the tracker and a dozen rules read the bitmap
     * of every ACK, a word at a time. Taken while {@code snapshotOf} is the view's generation; 0 never is.
     */
    private long snapshotOf;
    private int pathIdSnapshot;
    private int eSnapshot;
    private int resv7Snapshot;
    private int ceCountSnapshot;
    private long echoTimestampSnapshot;
    private long guidanceRateMbpsSnapshot;
    private int recordCountSnapshot;
    private int scnSnapshot;
    private final long[] sackWordsSnapshot = new long[SACK_BITMAP_WORDS];

    /** Where {@link #remember()} finds each field in its word, as constants ({@link FieldSpec#shiftIn}). */
    private static final int PATH_ID_SHIFT = PATH_ID.shiftIn(0),
        E_SHIFT = E.shiftIn(0),
        RESV7_SHIFT = RESV7.shiftIn(0),
        CE_COUNT_SHIFT = CE_COUNT.shiftIn(0),
        ECHO_TIMESTAMP_SHIFT = ECHO_TIMESTAMP.shiftIn(0),
        GUIDANCE_RATE_MBPS_SHIFT = GUIDANCE_RATE_MBPS.shiftIn(8),
        RECORD_COUNT_SHIFT = RECORD_COUNT.shiftIn(8),
        SCN_SHIFT = SCN.shiftIn(8);
    private static final long PATH_ID_MASK = PATH_ID.maxValue(),
        E_MASK = E.maxValue(),
        RESV7_MASK = RESV7.maxValue(),
        CE_COUNT_MASK = CE_COUNT.maxValue(),
        ECHO_TIMESTAMP_MASK = ECHO_TIMESTAMP.maxValue(),
        GUIDANCE_RATE_MBPS_MASK = GUIDANCE_RATE_MBPS.maxValue(),
        RECORD_COUNT_MASK = RECORD_COUNT.maxValue(),
        SCN_MASK = SCN.maxValue();

    /**
     * Takes the snapshot, from the header's words, when the view is memoizing and the snapshot is not of
     * what it reads now: the decoder calls it once it has placed the view.
     */
    public MaethFlyweight remember() {
        if (snapshotOf == generation() || !isMemoizing()) {
            return this;
        }
        final long w0 = wordAt(0);
        final long w8 = wordAt(8);
        pathIdSnapshot = (int) (w0 >>> PATH_ID_SHIFT & PATH_ID_MASK);
        eSnapshot = (int) (w0 >>> E_SHIFT & E_MASK);
        resv7Snapshot = (int) (w0 >>> RESV7_SHIFT & RESV7_MASK);
        ceCountSnapshot = (int) (w0 >>> CE_COUNT_SHIFT & CE_COUNT_MASK);
        echoTimestampSnapshot = (w0 >>> ECHO_TIMESTAMP_SHIFT & ECHO_TIMESTAMP_MASK);
        guidanceRateMbpsSnapshot = (w8 >>> GUIDANCE_RATE_MBPS_SHIFT & GUIDANCE_RATE_MBPS_MASK);
        recordCountSnapshot = (int) (w8 >>> RECORD_COUNT_SHIFT & RECORD_COUNT_MASK);
        scnSnapshot = (int) (w8 >>> SCN_SHIFT & SCN_MASK);
        for (int w = 0; w < SACK_BITMAP_WORDS; w++) {
            sackWordsSnapshot[w] = wordAt(SACK_BITMAP_FIELD_OFFSET + w * Long.BYTES);
        }
        snapshotOf = generation();
        return this;
    }

    /** True when the snapshot holds what the view reads now ({@link #remember()}); else the accessors read the buffer. */
    private boolean snapped() {
        return snapshotOf == generation();
    }

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    /** 48 + 8 x record_count. */
    @Override
    public int lengthBytes() {
        return LAYOUT.length(recordCount());
    }

    public int pathId() {
        return snapped() ? pathIdSnapshot : (int) get(PATH_ID);
    }

    public MaethFlyweight pathId(final int value) {
        return set(PATH_ID, value);
    }

    public int e() {
        return snapped() ? eSnapshot : (int) get(E);
    }

    public MaethFlyweight e(final int value) {
        return set(E, value);
    }

    public int resv7() {
        return snapped() ? resv7Snapshot : (int) get(RESV7);
    }

    public MaethFlyweight resv7(final int value) {
        return set(RESV7, value);
    }

    public int ceCount() {
        return snapped() ? ceCountSnapshot : (int) get(CE_COUNT);
    }

    public MaethFlyweight ceCount(final int value) {
        return set(CE_COUNT, value);
    }

    public long echoTimestamp() {
        return snapped() ? echoTimestampSnapshot : get(ECHO_TIMESTAMP);
    }

    public MaethFlyweight echoTimestamp(final long value) {
        return set(ECHO_TIMESTAMP, value);
    }

    public long guidanceRateMbps() {
        return snapped() ? guidanceRateMbpsSnapshot : get(GUIDANCE_RATE_MBPS);
    }

    public MaethFlyweight guidanceRateMbps(final long value) {
        return set(GUIDANCE_RATE_MBPS, value);
    }

    public int recordCount() {
        return snapped() ? recordCountSnapshot : (int) get(RECORD_COUNT);
    }

    public MaethFlyweight recordCount(final int value) {
        return set(RECORD_COUNT, value);
    }

    public int scn() {
        return snapped() ? scnSnapshot : (int) get(SCN);
    }

    public MaethFlyweight scn(final int value) {
        return set(SCN, value);
    }

    /** SACK bit {@code i} (0 to 255): 1 when PSN cack + 1 + i has arrived. */
    public int sackBit(final int i) {
        return (buffer().get(sackByteIndex(i)) >>> (7 - (i & 7))) & 1;
    }

    public MaethFlyweight sackBit(final int i, final int value) {
        final int index = sackByteIndex(i);
        final int bit = 1 << (7 - (i & 7));
        final int old = buffer().get(index);
        buffer().put(index, (byte) (value != 0 ? old | bit : old & ~bit));
        changed();
        return this;
    }

    /** 64 bits of the bitmap, word 0 holding bits 0-63 with bit 0 as its most significant bit. */
    public long sackBitmapWord(final int word) {
        checkWord(word);
        if (snapped()) {
            return sackWordsSnapshot[word];
        }
        long value = 0;
        final int start = offset() + SACK_BITMAP_FIELD_OFFSET + word * 8;
        for (int i = 0; i < 8; i++) {
            value = (value << 8) | (buffer().get(start + i) & 0xFF);
        }
        return value;
    }

    /**
     * The whole bitmap, its {@link #SACK_BITMAP_WORDS} words as {@link #sackBitmapWord} reads each, into
     * {@code words} (reused by a caller that reads every ACK); returns {@code words}.
     */
    public long[] sackBitmap(final long[] words) {
        if (snapped()) {
            System.arraycopy(sackWordsSnapshot, 0, words, 0, SACK_BITMAP_WORDS);
            return words;
        }
        for (int w = 0; w < SACK_BITMAP_WORDS; w++) {
            words[w] = sackBitmapWord(w);
        }
        return words;
    }

    public MaethFlyweight sackBitmapWord(final int word, final long value) {
        checkWord(word);
        final int start = offset() + SACK_BITMAP_FIELD_OFFSET + word * 8;
        for (int i = 0; i < 8; i++) {
            buffer().put(start + i, (byte) (value >>> (56 - 8 * i)));
        }
        changed();
        return this;
    }

    /** True when the bitmap reports {@code psn} as arrived, given cumulative PSN {@code cack}. */
    public boolean isSacked(final int cack, final int psn) {
        final int distance = SerialNumber.distance24(cack, psn);
        return distance != 0 && distance <= SACK_BITMAP_BITS && sackBit(distance - 1) == 1;
    }

    /** Marks {@code psn} as arrived; it must lie in cack + 1 .. cack + 256. */
    public MaethFlyweight sack(final int cack, final int psn) {
        final int distance = SerialNumber.distance24(cack, psn);
        if (distance == 0 || distance > SACK_BITMAP_BITS) {
            throw new IllegalArgumentException("PSN " + psn + " is outside the SACK window after cack " + cack);
        }
        return sackBit(distance - 1, 1);
    }

    public int recordStreamId(final int k) {
        return (int) RECORD_STREAM_ID.read(buffer(), recordOffset(k));
    }

    public MaethFlyweight recordStreamId(final int k, final int value) {
        RECORD_STREAM_ID.write(buffer(), recordOffset(k), value);
        return this;
    }

    public int recordReserved(final int k) {
        return (int) RECORD_RESERVED.read(buffer(), recordOffset(k));
    }

    public MaethFlyweight recordReserved(final int k, final int value) {
        RECORD_RESERVED.write(buffer(), recordOffset(k), value);
        return this;
    }

    public long recordCmsn(final int k) {
        return RECORD_CMSN.read(buffer(), recordOffset(k));
    }

    public MaethFlyweight recordCmsn(final int k, final long value) {
        RECORD_CMSN.write(buffer(), recordOffset(k), value);
        return this;
    }

    /** Absolute index of stream record {@code k} in the buffer. */
    public int recordOffset(final int k) {
        if (k < 0 || k >= MAX_RECORDS) {
            throw new IndexOutOfBoundsException("stream record " + k + " (at most " + MAX_RECORDS + ")");
        }
        return offset() + MAETH_LENGTH + k * STREAM_RECORD_LENGTH;
    }

    private int sackByteIndex(final int i) {
        if (i < 0 || i >= SACK_BITMAP_BITS) {
            throw new IndexOutOfBoundsException("SACK bit " + i + " (256 bits)");
        }
        return offset() + SACK_BITMAP_FIELD_OFFSET + (i >>> 3);
    }

    private static void checkWord(final int word) {
        if (word < 0 || word >= SACK_BITMAP_BITS / 64) {
            throw new IndexOutOfBoundsException("SACK word " + word + " (4 words)");
        }
    }
}
