package org.mprt.ctk.verdict.rule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.state.CaptureSide;
import org.mprt.ctk.verdict.state.Direction;
import org.mprt.ctk.verdict.state.Directions;

/**
 * Values per direction are held to a map of their own, over directions asked for in random turn:
 * distinct numbers, numbers shared by several directions (two kinds of direction, or directions of
 * another capture), and numbers past those filed by number.
 */
class PerDirectionTest {

    @Test
    void shouldGiveEachDirectionItsOwnValueWhateverItsNumber() {
        final List<Direction> directions = new ArrayList<>();
        for (int n = 0; n < 300; n++) {
            directions.add(Directions.placed("distinct " + n, CaptureSide.UNKNOWN, true, n));
        }
        for (int n = 0; n < 50; n++) {
            directions.add(Directions.placed("shared " + n, CaptureSide.UNKNOWN, true, n % 7));
        }
        for (int n = 0; n < 20; n++) {
            directions.add(Directions.placed("far " + n, CaptureSide.UNKNOWN, true, 5000 + n));
        }
        final PerDirection<Direction, Object> perDirection = new PerDirection<>(Object::new);
        final Map<Direction, Object> expected = new IdentityHashMap<>();
        final List<Direction> firstAsked = new ArrayList<>();
        final Random random = new Random(17);
        for (int i = 0; i < 20_000; i++) {
            final Direction d = directions.get(random.nextInt(directions.size()));
            if (random.nextBoolean()) {
                final Object v = perDirection.of(d);
                if (!expected.containsKey(d)) {
                    expected.put(d, v);
                    firstAsked.add(d);
                }
                assertThat(v).as(d.label()).isSameAs(expected.get(d));
            } else {
                assertThat(perDirection.find(d)).as(d.label()).isSameAs(expected.get(d));
            }
        }
        assertThat(perDirection.directions()).containsExactlyElementsOf(firstAsked);
        perDirection.forEach((d, v) -> assertThat(v).isSameAs(expected.get(d)));
    }
}
