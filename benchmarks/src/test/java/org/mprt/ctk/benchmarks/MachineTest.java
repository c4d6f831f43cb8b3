package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A benchmark names the processor and the features that pick the JVM's CRC-32 and SHA-256 kernels. */
class MachineTest {

    @Test
    void shouldNameTheFirstProcessorAndTheKernelFeaturesItHas() {
        final Machine machine = Machine.of(List.of(
            "processor\t: 0",
            "model name\t: Example Processor 9000",
            "flags\t\t: fpu sse4_2 avx2 sha_ni avx2 pclmulqdq",
            "",
            "processor\t: 1",
            "model name\t: Another Processor"), "Runtime 17");

        assertThat(machine.processor()).isEqualTo("Example Processor 9000");
        assertThat(machine.features()).containsExactly("avx2", "sha_ni");
        assertThat(machine).hasToString("Example Processor 9000 (avx2, sha_ni); Runtime 17");
    }

    @Test
    void shouldSayWhenNoneOfTheFeaturesIsThere() {
        final Machine machine = Machine.of(List.of("model name: Plain", "flags: fpu sse2"), "Runtime 17");

        assertThat(machine).hasToString("Plain (none of avx2, avx512f, vpclmulqdq, sha_ni); Runtime 17");
    }
}
