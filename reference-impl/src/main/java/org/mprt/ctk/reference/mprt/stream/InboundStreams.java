package org.mprt.ctk.reference.mprt.stream;

import java.util.BitSet;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * The streams of the peer's sending direction at the receiver, and which of their CMSNs the next
 * ACK reports (mprt-v0.1.md section 6.2): every stream whose CMSN advanced since it was last
 * reported, up to 16 per ACK, the rest in the next ACKs, never a CMSN lower than one reported.
 */
public final class InboundStreams {

    private final InboundStream[] streams;
    private final long[] lastReportedCmsn;
    private final BitSet advanced = new BitSet();
    private int recordCursor;

    public InboundStreams(final int streamCount) {
        this.streams = new InboundStream[streamCount];
        this.lastReportedCmsn = new long[streamCount];
    }

    public int count() {
        return streams.length;
    }

    /** Stream {@code streamId}, created on first use (a connection may have 65535 streams). */
    public InboundStream stream(final int streamId) {
        InboundStream stream = streams[streamId];
        if (stream == null) {
            stream = new InboundStream(streamId);
            streams[streamId] = stream;
        }
        return stream;
    }

    /** Stream {@code streamId} if it exists, else null. */
    public InboundStream existing(final int streamId) {
        return streams[streamId];
    }

    /** True when a stream other than {@code streamId} has a started, incomplete message. */
    public boolean otherHasIncomplete(final int streamId) {
        for (int s = 0; s < streams.length; s++) {
            if (s != streamId && streams[s] != null && streams[s].hasIncomplete()) {
                return true;
            }
        }
        return false;
    }

    /** Notes that the CMSN of {@code streamId} moved, so the next ACKs report it. */
    public void onCmsnAdvanced(final int streamId) {
        advanced.set(streamId);
    }

    /**
     * Chooses the stream records of the next ACK into {@code ids}/{@code cmsns}: the advanced streams,
     * starting after the last one reported, plus {@code extraStream} (the stream of a duplicate being
     * acknowledged, or -1) when there is room. Returns the number of records.
     */
    public int selectRecords(final int extraStream, final int[] ids, final long[] cmsns) {
        int records = 0;
        int s = advanced.nextSetBit(recordCursor);
        if (s < 0) {
            s = advanced.nextSetBit(0);
        }
        final int first = s;
        while (s >= 0 && records < MaethFlyweight.MAX_RECORDS) {
            ids[records] = s;
            cmsns[records++] = stream(s).cmsn();
            s = advanced.nextSetBit(s + 1);
            if (s < 0) {
                s = advanced.nextSetBit(0);
            }
            if (s == first) {
                break;
            }
        }
        if (extraStream >= 0 && records < MaethFlyweight.MAX_RECORDS && !contains(ids, records, extraStream)) {
            ids[records] = extraStream;
            cmsns[records++] = stream(extraStream).cmsn();
        }
        return records;
    }

    /** Marks the records chosen by {@link #selectRecords} as sent. */
    public void markReported(final int[] ids, final long[] cmsns, final int records) {
        for (int k = 0; k < records; k++) {
            lastReportedCmsn[ids[k]] = cmsns[k];
            advanced.clear(ids[k]);
            recordCursor = ids[k] + 1;
        }
    }

    private static boolean contains(final int[] ids, final int count, final int id) {
        for (int k = 0; k < count; k++) {
            if (ids[k] == id) {
                return true;
            }
        }
        return false;
    }
}
