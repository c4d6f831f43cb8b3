package org.mprt.ctk.verdict.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * One direction of one MPRT connection (mprt-v0.1.md section 4): its paths, its streams and the
 * pieces of messages its data packets carried, as the capture shows them.
 */
public final class MprtDirection extends Direction {

    /** path_id is at most 63 (MPRT-WIRE-030); packets naming a higher one are left to that rule. */
    public static final int MAX_PATHS = 64;
    /**
     * Segments remembered per path the direction has shown: 256 PSNs in flight, twice over. The table
     * grows its limit with the paths, up to 32768 for {@link #MAX_PATHS}, so that a connection of few paths
     * keeps a table that stays in the processor's caches (eight paths: 4096 segments, not 32768; the
     * pass over the benchmark's capture 2.6 to 5 % faster in side-by-side rounds).
     */
    static final int SEGMENTS_PER_PATH = 2 * PathRecord.WINDOW;

    private final DirectionKey key;
    private MprtDirection reverse;
    private final PathRecord[] paths = new PathRecord[MAX_PATHS];
    /** The paths that exist, in the order they appeared, so that a scan over them skips the empty ones. */
    private final PathRecord[] known = new PathRecord[MAX_PATHS];
    private int knownCount;
    /** The streams in the order they appeared. */
    private final List<StreamRecord> streams = new ArrayList<>();
    private final RecentArrivals recent = new RecentArrivals();
    /** The stream asked for last: streams are never dropped, and consecutive packets mostly share one. */
    private StreamRecord lastStream;
    /** The streams by id, for the lookup of every packet; {@link #streams} in the order they appeared. */
    private final ByStreamId<StreamRecord> streamsById = new ByStreamId<>();
    /** Segments by (stream, MSN, offset), the oldest forgotten first. */
    private final RecentSegments segments = new RecentSegments(SEGMENTS_PER_PATH);
    /** The highest report of each stream. */
    private final ByStreamId<CmsnReport> reported = new ByStreamId<>();
    private long fatalNakNs = PathRecord.NEVER;
    private long fatalNakFrame;
    private int fatalNakCode;

    /**
     * The highest CMSN a receiver reported for a stream, and the ACK that carried it: its frame, its
     * capture time (when its record holds one) and the plane it travelled.
     */
    public record CmsnReport(long cmsn, long frame, long ns, boolean timed, Plane plane) {
    }

    MprtDirection(final DirectionKey key, final long firstFrame, final int number) {
        super(firstFrame, number);
        this.key = key;
    }

    public DirectionKey key() {
        return key;
    }

    /** The other direction of the same connection (its pair reversed), or null while the capture holds none. */
    public MprtDirection reverse() {
        return reverse;
    }

    void reverse(final MprtDirection other) {
        reverse = other;
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
            known[knownCount++] = paths[pathId];
            segments.raiseCapacity(knownCount * SEGMENTS_PER_PATH);
        }
        return paths[pathId];
    }

    /** How many paths the capture holds something of: {@link #knownPath} takes 0 to this less one. */
    public int knownPaths() {
        return knownCount;
    }

    /** The {@code k}-th path the capture showed, in the order they first appeared. */
    public PathRecord knownPath(final int k) {
        return known[k];
    }

    /** Every path the capture holds something of, by path_id. */
    public PathRecord[] paths() {
        return paths.clone();
    }

    /** The stream, or null when no data packet of it was captured. */
    public StreamRecord stream(final int streamId) {
        if (lastStream != null && lastStream.streamId() == streamId) {
            return lastStream;
        }
        final StreamRecord s = streamsById.get(streamId);
        if (s != null) {
            lastStream = s;
        }
        return s;
    }

    public Collection<StreamRecord> streams() {
        return Collections.unmodifiableList(streams);
    }

    StreamRecord streamOrNew(final int streamId, final long msn, final long frame) {
        StreamRecord s = stream(streamId);
        if (s == null) {
            s = new StreamRecord(streamId, msn, frame);
            streams.add(s);
            streamsById.put(streamId, s);
            final CmsnReport r = reported.get(streamId);
            if (r != null) {
                s.reported(r.cmsn());
            }
        }
        return s;
    }

    /** The highest CMSN the captured stream records for this stream carried, and the latest ACK that carried it; or null. */
    public CmsnReport reported(final int streamId) {
        return reported.get(streamId);
    }

    void report(final int streamId, final long cmsn, final Frame ack, final Plane plane) {
        final CmsnReport before = reported.get(streamId);
        if (before != null && SerialNumber.precedes32(cmsn, before.cmsn())) {
            // A lower CMSN leaves the highest reported: answers of two planes sent at once reach the capture
            // in either order (mprt-v0.1.md section 16.3), and a receiver that moved back is MPRT-STREAM-004's.
            return;
        }
        reported.put(streamId, new CmsnReport(cmsn, ack.frameNumber(), ack.timestampNs(), ack.isTimed(), plane));
        final StreamRecord s = stream(streamId);
        if (s != null) {
            s.reported(cmsn);
        }
    }

    /**
     * The piece of a message sent before with this stream, MSN and offset, or null.
     *
     * <p>A first transmission, the common case, is told by the stream's records without a probe of the
     * large segment table (a cache miss): every data packet that leaves a segment is also carried by its
     * stream, so a stream without a record, or a message that never started, has no segment; and a
     * message's record, made with its first packet and never made again once forgotten, has seen every
     * later packet, so an offset none of them carried has none either.
     */
    public Segment segment(final int streamId, final long msn, final long messageOffset) {
        final StreamRecord s = stream(streamId);
        if (s == null) {
            return null;
        }
        final MessageRecord m = s.message(msn);
        if (m == null ? s.started(msn) == Presence.NO : !m.mayHaveCarriedAt(messageOffset)) {
            return null;
        }
        return segments.find(streamId, msn, messageOffset);
    }

    /** Segments remembered at most now: {@link #SEGMENTS_PER_PATH} for each path shown so far (at least one). */
    int segmentCapacity() {
        return segments.capacity();
    }

    /** Remembers a segment not remembered yet. */
    void remember(final Segment s) {
        segments.remember(s);
    }

    /** True once segments have been forgotten, so that an absent one may have been sent long ago. */
    public boolean segmentsForgotten() {
        return segments.forgotten() > 0;
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
