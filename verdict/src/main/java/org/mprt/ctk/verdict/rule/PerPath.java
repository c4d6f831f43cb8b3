package org.mprt.ctk.verdict.rule;

import java.util.function.Supplier;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;

/**
 * A value per path of a connection direction that a rule keeps, made when first asked for. A path
 * record is the path of one direction, so the direction and the path's path_id place it: an array
 * index, where a map keyed by path record would be a lookup for every packet of interleaved paths.
 *
 * @param <V> the value kept for each path
 */
public final class PerPath<V> {

    private final Supplier<V> maker;
    private final PerDirection<MprtDirection, Object[]> byDirection =
        new PerDirection<>(() -> new Object[MprtDirection.MAX_PATHS]);

    /** @param maker makes the value of a path asked for the first time by {@link #of} */
    public PerPath(final Supplier<V> maker) {
        this.maker = maker;
    }

    /** For values that are only {@link #put} and found. */
    public PerPath() {
        this(() -> {
            throw new IllegalStateException("values of this PerPath are put, not made");
        });
    }

    /** The value of direction {@code d}'s path {@code path}, made now if it has none. */
    @SuppressWarnings("unchecked")
    public V of(final MprtDirection d, final PathRecord path) {
        final Object[] paths = byDirection.of(d);
        Object v = paths[path.pathId()];
        if (v == null) {
            v = maker.get();
            paths[path.pathId()] = v;
        }
        return (V) v;
    }

    /** Sets the value of direction {@code d}'s path {@code path}. */
    public void put(final MprtDirection d, final PathRecord path, final V value) {
        byDirection.of(d)[path.pathId()] = value;
    }

    /** The value of direction {@code d}'s path {@code path}, or null when none was made. */
    @SuppressWarnings("unchecked")
    public V find(final MprtDirection d, final PathRecord path) {
        final Object[] paths = byDirection.find(d);
        return paths == null ? null : (V) paths[path.pathId()];
    }
}
