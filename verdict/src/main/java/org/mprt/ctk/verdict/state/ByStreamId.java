package org.mprt.ctk.verdict.state;

import java.util.HashMap;
import java.util.Map;

/**
 * Values by stream_id: ids under 64 by index in an array, others in a map. Packets of several
 * streams interleave, so a lookup by id for every packet must not hash or box.
 *
 * @param <V> the value kept for each stream
 */
public final class ByStreamId<V> {

    private static final int LOW_IDS = 64;

    private final Object[] low = new Object[LOW_IDS];
    private final Map<Integer, V> high = new HashMap<>();

    /** The stream's value, or null. */
    @SuppressWarnings("unchecked")
    public V get(final int streamId) {
        return streamId >= 0 && streamId < LOW_IDS ? (V) low[streamId] : high.get(streamId);
    }

    /** Sets the stream's value. */
    public void put(final int streamId, final V value) {
        if (streamId >= 0 && streamId < LOW_IDS) {
            low[streamId] = value;
        } else {
            high.put(streamId, value);
        }
    }
}
