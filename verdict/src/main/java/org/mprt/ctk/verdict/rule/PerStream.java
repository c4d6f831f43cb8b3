package org.mprt.ctk.verdict.rule;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.state.MprtDirection;

/**
 * A value per stream of a connection direction that a rule keeps. Streams with ids under 64 are
 * found by id in an array of their direction, since packets of several streams interleave; the
 * stream asked for last is answered without a lookup.
 *
 * @param <V> the value kept for each stream
 */
public final class PerStream<V> {

    private static final int LOW_IDS = 64;

    /** One direction's streams. */
    private static final class Streams {
        final Object[] low = new Object[LOW_IDS];
        final Map<Integer, Object> high = new HashMap<>();
    }

    private final PerDirection<MprtDirection, Streams> byDirection = new PerDirection<>(Streams::new);
    private MprtDirection lastDirection;
    private int lastStreamId;
    private V lastValue;

    /** The stream's value, or null when none was put. */
    @SuppressWarnings("unchecked")
    public V find(final MprtDirection d, final int streamId) {
        if (d == lastDirection && streamId == lastStreamId && lastValue != null) {
            return lastValue;
        }
        final Streams s = byDirection.of(d);
        final V v = (V) (streamId >= 0 && streamId < LOW_IDS ? s.low[streamId] : s.high.get(streamId));
        if (v != null) {
            lastDirection = d;
            lastStreamId = streamId;
            lastValue = v;
        }
        return v;
    }

    /** Sets the stream's value (one not put before). */
    public void put(final MprtDirection d, final int streamId, final V value) {
        final Streams s = byDirection.of(d);
        if (streamId >= 0 && streamId < LOW_IDS) {
            s.low[streamId] = value;
        } else {
            s.high.put(streamId, value);
        }
        lastDirection = d;
        lastStreamId = streamId;
        lastValue = value;
    }
}
