package org.mprt.ctk.verdict.state;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One direction of one MPRT connection (mprt-v0.1.md section 4): its paths, its streams and the
 * pieces of messages its data packets carried, as the capture shows them.
 */
public final class MprtDirection extends Direction {

    /** path_id is at most 63 (MPRT-WIRE-030); packets naming a higher one are left to that rule. */
    public static final int MAX_PATHS = 64;
    /** Segments remembered: 64 paths of 256 PSNs in flight, twice over. */
    static final int MAX_SEGMENTS = 1 << 15;

    private final DirectionKey key;
    private final PathRecord[] paths = new PathRecord[MAX_PATHS];
    private final Map<Integer, StreamRecord> streams = new LinkedHashMap<>();
    private final RecentArrivals recent = new RecentArrivals();
    private final Map<SegmentKey, Segment> segments = new LinkedHashMap<>(1024, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<SegmentKey, Segment> eldest) {
            if (size() > MAX_SEGMENTS) {
                segmentsForgotten = true;
                return true;
            }
            return false;
        }
    };
    private boolean segmentsForgotten;
    private final Map<Integer, CmsnReport> reported = new LinkedHashMap<>();
    private long fatalNakNs = PathRecord.NEVER;
    private long fatalNakFrame;
    private int fatalNakCode;

    /** The CMSN a receiver last reported for a stream, and the ACK that carried it. */
    public record CmsnReport(long cmsn, long frame) {
    }

    /**
     * Names one piece of a message: stream, MSN and the offset of its first byte. Offsets are
     * multiples of the PMTU and MSNs small, so the hash mixes the bits (a record's default hash leaves
     * most of them in few buckets).
     */
    record SegmentKey(int streamId, long msn, long messageOffset) {
        @Override
        public int hashCode() {
            long h = messageOffset * 0x9E3779B97F4A7C15L + msn * 0xC2B2AE3D27D4EB4FL + streamId;
            h ^= h >>> 31;
            h *= 0xBF58476D1CE4E5B9L;
            return (int) (h ^ h >>> 32);
        }

        @Override
        public boolean equals(final Object other) {
            return other instanceof SegmentKey o && messageOffset == o.messageOffset && msn == o.msn
                && streamId == o.streamId;
        }
    }

    MprtDirection(final DirectionKey key, final long firstFrame) {
        super(firstFrame);
        this.key = key;
    }

    public DirectionKey key() {
        return key;
    }

    @Override
    public String label() {
        return key.toString();
    }

    /** The path, or null when the capture holds nothing of it. */
    public PathRecord path(final int pathId) {
        return pathId >= 0 && pathId < MAX_PATHS ? paths[pathId] : null;
    }

    PathRecord pathOrNew(final int pathId) {
        if (paths[pathId] == null) {
            paths[pathId] = new PathRecord(pathId);
        }
        return paths[pathId];
    }

    /** Every path the capture holds something of, by path_id. */
    public PathRecord[] paths() {
        return paths.clone();
    }

    /** The stream, or null when no data packet of it was captured. */
    public StreamRecord stream(final int streamId) {
        return streams.get(streamId);
    }

    public Collection<StreamRecord> streams() {
        return Collections.unmodifiableCollection(streams.values());
    }

    StreamRecord streamOrNew(final int streamId, final long msn, final long frame) {
        StreamRecord s = streams.get(streamId);
        if (s == null) {
            s = new StreamRecord(streamId, msn, frame);
            streams.put(streamId, s);
            final CmsnReport r = reported.get(streamId);
            if (r != null) {
                s.reported(r.cmsn());
            }
        }
        return s;
    }

    /** The CMSN in the latest captured stream record for this stream, or null. */
    public CmsnReport reported(final int streamId) {
        return reported.get(streamId);
    }

    void report(final int streamId, final long cmsn, final long frame) {
        reported.put(streamId, new CmsnReport(cmsn, frame));
        final StreamRecord s = streams.get(streamId);
        if (s != null) {
            s.reported(cmsn);
        }
    }

    /** The piece of a message sent before with this stream, MSN and offset, or null. */
    public Segment segment(final int streamId, final long msn, final long messageOffset) {
        return segments.get(new SegmentKey(streamId, msn, messageOffset));
    }

    void remember(final Segment s) {
        segments.put(new SegmentKey(s.streamId(), s.msn(), s.messageOffset()), s);
    }

    /** True once segments have been forgotten, so that an absent one may have been sent long ago. */
    public boolean segmentsForgotten() {
        return segmentsForgotten;
    }

    /**
     * True once the capture holds a fatal NAK (mprt-v0.1.md section 3.6) answering this direction's
     * data: its receiver put the connection in ERROR (section 5.3).
     */
    public boolean hasFatalNak() {
        return fatalNakNs != PathRecord.NEVER;
    }

    /** The capture time of the first fatal NAK answering this direction, or {@link PathRecord#NEVER}. */
    public long fatalNakNs() {
        return fatalNakNs;
    }

    public long fatalNakFrame() {
        return fatalNakFrame;
    }

    public int fatalNakCode() {
        return fatalNakCode;
    }

    void fatalNak(final long ns, final long frame, final int code) {
        if (fatalNakNs == PathRecord.NEVER) {
            fatalNakNs = ns;
            fatalNakFrame = frame;
            fatalNakCode = code;
        }
    }

    /** The latest ACK progress on any path of this direction, or {@link PathRecord#NEVER}. */
    public long lastProgressNs() {
        long latest = PathRecord.NEVER;
        for (final PathRecord p : paths) {
            if (p != null) {
                latest = Math.max(latest, p.lastProgressNs());
            }
        }
        return latest;
    }

    /** The last data packets and PROBEs captured, for finding the packet a NAK names. */
    public RecentArrivals recent() {
        return recent;
    }
}
