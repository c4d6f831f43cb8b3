package org.mprt.ctk.reference.mprt.stream;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkOpcode;

/**
 * The streams of this node's sending direction. New data is cut round-robin across the streams
 * that have some, one segment at a time, so a long message on one stream does not hold back the
 * others at the sender either (section 6.1).
 */
public final class OutboundStreams {

    private final OutboundStream[] streams;
    private final int pmtuBytes;
    private int cursor;
    private int streamsWithUncut;

    public OutboundStreams(final int streamCount, final int pmtuBytes) {
        this.streams = new OutboundStream[streamCount];
        this.pmtuBytes = pmtuBytes;
    }

    public int count() {
        return streams.length;
    }

    /** Queues a WRITE or SEND; assigns its MSN (and RSN for a SEND) on its stream. */
    public OutboundMessage post(final WorkOpcode opcode, final long wrId, final int streamId, final MemoryRegion local,
                                final long localOffset, final int lengthBytes, final long remoteAddress, final long rkey) {
        final OutboundStream stream = stream(streamId);
        final long msn = stream.takeMsn();
        final long rsn = opcode == WorkOpcode.SEND ? stream.takeRsn() : 0;
        final OutboundMessage message = new OutboundMessage(wrId, opcode, streamId, msn, rsn, local, localOffset,
            lengthBytes, remoteAddress, rkey, pmtuBytes);
        if (!stream.hasUncut()) {
            streamsWithUncut++;
        }
        stream.add(message);
        return message;
    }

    public boolean hasUncut() {
        return streamsWithUncut > 0;
    }

    /** Payload length of the segment {@link #cut()} would return next, or -1 when there is no new data. */
    public int peekSegmentLength() {
        final OutboundStream next = nextWithUncut();
        return next == null ? -1 : next.peekSegmentLength(pmtuBytes);
    }

    /** Cuts the next segment of new data; call only when {@link #peekSegmentLength()} is not -1. */
    public Segment cut() {
        final OutboundStream next = nextWithUncut();
        final Segment segment = next.cut(pmtuBytes);
        if (!next.hasUncut()) {
            streamsWithUncut--;
        }
        cursor = (segment.message().streamId() + 1) % streams.length;
        return segment;
    }

    /** Completes, in MSN order, the messages of {@code streamId} whose segments are all acknowledged. */
    public void collectCompleted(final int streamId, final List<OutboundMessage> completed) {
        final OutboundStream stream = streams[streamId];
        OutboundMessage message = stream.pollCompleted();
        while (message != null) {
            completed.add(message);
            message = stream.pollCompleted();
        }
    }

    /** Every message not yet complete, stream by stream in MSN order; the streams are left empty. */
    public List<OutboundMessage> drainIncomplete() {
        final List<OutboundMessage> rest = new ArrayList<>();
        for (final OutboundStream stream : streams) {
            if (stream != null) {
                rest.addAll(stream.drainIncomplete());
            }
        }
        streamsWithUncut = 0;
        return rest;
    }

    private OutboundStream stream(final int streamId) {
        OutboundStream stream = streams[streamId];
        if (stream == null) {
            stream = new OutboundStream();
            streams[streamId] = stream;
        }
        return stream;
    }

    private OutboundStream nextWithUncut() {
        if (streamsWithUncut == 0) {
            return null;
        }
        for (int i = 0; i < streams.length; i++) {
            final OutboundStream stream = streams[(cursor + i) % streams.length];
            if (stream != null && stream.hasUncut()) {
                return stream;
            }
        }
        return null;
    }
}
