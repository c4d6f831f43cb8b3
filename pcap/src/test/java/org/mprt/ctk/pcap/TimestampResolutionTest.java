package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TimestampResolutionTest {
    @Test
    void shouldScaleDecimalResolutionsCoarserThanNanoseconds() {
        assertThat(TimestampResolution.toNanoseconds(7, 0)).isEqualTo(7_000_000_000L);
        assertThat(TimestampResolution.toNanoseconds(7, 3)).isEqualTo(7_000_000L);
        assertThat(TimestampResolution.toNanoseconds(7, 6)).isEqualTo(7_000L);
        assertThat(TimestampResolution.toNanoseconds(7, 9)).isEqualTo(7L);
    }

    @Test
    void shouldRoundDownDecimalResolutionsFinerThanNanoseconds() {
        assertThat(TimestampResolution.toNanoseconds(1_999, 12)).isEqualTo(1L);
        // An unsigned tick count above 2^63 at 10^-19 s: 18446744073709551615 / 10^10.
        assertThat(TimestampResolution.toNanoseconds(-1L, 19)).isEqualTo(1_844_674_407L);
    }

    @Test
    void shouldConvertBinaryResolutionsWithoutOverflow() {
        // 2^-32 s, as NTP fractions: 3 s and a half.
        assertThat(TimestampResolution.toNanoseconds((3L << 32) | 0x8000_0000L, 0x80 | 32)).isEqualTo(3_500_000_000L);
        // All 64 bits set at 2^-63 s is just under 2 s.
        assertThat(TimestampResolution.toNanoseconds(-1L, 0x80 | 63)).isEqualTo(1_999_999_999L);
        assertThat(TimestampResolution.toNanoseconds(5, 0x80)).isEqualTo(5_000_000_000L);
    }
}
