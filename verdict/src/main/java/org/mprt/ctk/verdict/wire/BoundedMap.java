package org.mprt.ctk.verdict.wire;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map that forgets its least recently used entry beyond a capacity, so that rule state stays
 * bounded by the protocol's windows rather than by the capture's length.
 */
final class BoundedMap<K, V> extends LinkedHashMap<K, V> {

    private static final long serialVersionUID = 1L;

    private final int capacity;

    BoundedMap(final int capacity) {
        super(16, 0.75f, true);
        this.capacity = capacity;
    }

    @Override
    protected boolean removeEldestEntry(final Map.Entry<K, V> eldest) {
        return size() > capacity;
    }
}
