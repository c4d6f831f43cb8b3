package org.mprt.ctk.fabric.seed;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunSeedTest {

    @Test
    void shouldHandOutTheSameGeneratorsInOrderForTheSameSeed() {
        final RunSeed first = new RunSeed(42);
        final RunSeed second = new RunSeed(42);

        for (int i = 0; i < 10; i++) {
            assertThat(first.split().nextLong()).isEqualTo(second.split().nextLong());
        }
        assertThat(first.splits()).isEqualTo(10);
        assertThat(first.value()).isEqualTo(42);
    }

    @Test
    void shouldHandOutDifferentGeneratorsForDifferentSeeds() {
        assertThat(new RunSeed(1).split().nextLong()).isNotEqualTo(new RunSeed(2).split().nextLong());
    }
}
