package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A benchmark's frame count is checked before anything runs, and a bad one is named. */
class BenchmarkArgumentsTest {

    @Test
    void shouldTakeTheFrameCountGivenOrTheDefault() {
        assertThat(BenchmarkArguments.frames(new String[0], 1_000_000)).isEqualTo(1_000_000);
        assertThat(BenchmarkArguments.frames(new String[] {"250000"}, 1_000_000)).isEqualTo(250_000);
    }

    @Test
    void shouldRefuseWhatIsNotAPositiveWholeNumber() {
        for (final String bad : new String[] {"--help2", "0", "-5", "1e6", "99999999999"}) {
            assertThatThrownBy(() -> BenchmarkArguments.frames(new String[] {bad}, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(bad + ": expected a positive whole number");
        }
        assertThatThrownBy(() -> BenchmarkArguments.frames(new String[] {"10", "20"}, 1))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("10 20: expected at most one argument, a frame count");
    }
}
