package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.verdict.state.ByStreamId;
import org.mprt.ctk.verdict.state.MprtDirection;

/**
 * A value per stream of a connection direction that a rule keeps, by direction and then by id
 * ({@link ByStreamId}, since packets of several streams interleave); the stream asked for last is
 * answered without a lookup.
 *
 * @param <V> the value kept for each stream
 */
public final class PerStream<V> {

    private final PerDirection<MprtDirection, ByStreamId<V>> byDirection = new PerDirection<>(ByStreamId::new);
    private MprtDirection lastDirection;
    private int lastStreamId;
    private V lastValue;

    /** The stream's value, or null when none was put. */
    public V find(final MprtDirection d, final int streamId) {
        if (d == lastDirection && streamId == lastStreamId && lastValue != null) {
            return lastValue;
        }
        final V v = byDirection.of(d).get(streamId);
        if (v != null) {
            lastDirection = d;
            lastStreamId = streamId;
            lastValue = v;
        }
        return v;
    }

    /** Sets the stream's value (one not put before). */
    public void put(final MprtDirection d, final int streamId, final V value) {
        byDirection.of(d).put(streamId, value);
        lastDirection = d;
        lastStreamId = streamId;
        lastValue = value;
    }
}
