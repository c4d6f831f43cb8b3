package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
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
 * belong to one direction, and rules ask for every data packet.
 *
 * @param <D> the kind of direction
 * @param <V> the value kept for each
 */
public final class PerDirection<D extends Direction, V> {

    private final Supplier<V> maker;
    private final Map<D, V> values = new IdentityHashMap<>();
    private final List<D> order = new ArrayList<>();
    private final List<D> orderView = Collections.unmodifiableList(order);
    private D last;
    private V lastValue;

    /** @param maker makes the value of a direction asked for the first time */
    public PerDirection(final Supplier<V> maker) {
        this.maker = maker;
    }

    /** The direction's value, made now if it has none. */
    public V of(final D d) {
        if (d == last) {
            return lastValue;
        }
        V v = values.get(d);
        if (v == null) {
            v = maker.get();
            values.put(d, v);
            order.add(d);
        }
        last = d;
        lastValue = v;
        return v;
    }

    /** The direction's value, or null when none was made. */
    public V find(final D d) {
        return d == last ? lastValue : values.get(d);
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
