package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.mprt.ctk.verdict.state.Direction;

/**
 * A value per connection direction that a rule keeps, made when first asked for and visited in that
 * order. The direction asked for last is answered without a lookup: consecutive frames mostly
 * belong to one direction, and rules ask for every data packet. Where a capture interleaves many
 * connections, a direction's value is found by its {@link Direction#number()} in an array, which
 * also holds the direction itself: a number that belongs to another direction (one of the other
 * kind, or of another capture) is simply not a match, and the map answers.
 *
 * @param <D> the kind of direction
 * @param <V> the value kept for each
 */
public final class PerDirection<D extends Direction, V> {

    /** Directions filed by number at most: more than either tracker follows. */
    private static final int MAX_NUMBERED = 4096;

    private final Supplier<V> maker;
    private final Map<D, V> values = new IdentityHashMap<>();
    private final List<D> order = new ArrayList<>();
    private final List<D> orderView = Collections.unmodifiableList(order);
    private D last;
    private V lastValue;
    /** By direction number: the direction whose value {@link #byNumber} holds there, or null. */
    private Direction[] numbered = new Direction[0];
    private Object[] byNumber = new Object[0];

    /** @param maker makes the value of a direction asked for the first time */
    public PerDirection(final Supplier<V> maker) {
        this.maker = maker;
    }

    /** The direction's value, made now if it has none. */
    public V of(final D d) {
        if (d == last) {
            return lastValue;
        }
        V v = numbered(d);
        if (v == null) {
            v = values.get(d);
            if (v == null) {
                v = maker.get();
                values.put(d, v);
                order.add(d);
            }
            number(d, v);
        }
        last = d;
        lastValue = v;
        return v;
    }

    /** The direction's value, or null when none was made. */
    public V find(final D d) {
        if (d == last) {
            return lastValue;
        }
        final V v = numbered(d);
        return v != null ? v : values.get(d);
    }

    @SuppressWarnings("unchecked")
    private V numbered(final D d) {
        final int n = d.number();
        return n < numbered.length && numbered[n] == d ? (V) byNumber[n] : null;
    }

    /** Files the value under the direction's number; numbers past what the trackers' caps allow stay in the map alone. */
    private void number(final D d, final V v) {
        final int n = d.number();
        if (n >= MAX_NUMBERED) {
            return;
        }
        if (n >= numbered.length) {
            final int length = Math.min(MAX_NUMBERED, Math.max(16, Integer.highestOneBit(n) << 1));
            numbered = Arrays.copyOf(numbered, length);
            byNumber = Arrays.copyOf(byNumber, length);
        }
        numbered[n] = d;
        byNumber[n] = v;
    }

    /** Every direction with a value, in the order first asked for. */
    public List<D> directions() {
        return orderView;
    }

    /** Visits every direction with its value, in the order first asked for. */
    public void forEach(final BiConsumer<? super D, ? super V> action) {
        for (final D d : order) {
            action.accept(d, values.get(d));
        }
    }
}
