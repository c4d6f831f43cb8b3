package org.mprt.ctk.conformance.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Numbers in feature files are read exactly, and any that cannot be meant is an input error that says why. */
class QuantityTest {

    @Test
    void shouldReadWholeNumbersUpToTheirBound() {
        assertThat(Quantity.whole("0", "path", 63)).isZero();
        assertThat(Quantity.whole("63", "path", 63)).isEqualTo(63);
        assertThat(Quantity.whole("007", "path", 63)).isEqualTo(7);
        assertThat(Quantity.whole(Long.toString(Long.MAX_VALUE), "count", Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void shouldRefuseANumberPastItsBoundHoweverManyItsDigits() {
        for (final String digits : new String[] {"64", "99999999999999999999", "9223372036854775808", "1" + "0".repeat(40)}) {
            assertThatThrownBy(() -> Quantity.whole(digits, "path", 63)).as(digits)
                .isInstanceOf(ScenarioInputException.class).hasMessage("path " + digits + ": expected a whole number from 0 to 63");
        }
        assertThatThrownBy(() -> Quantity.whole("9223372036854775808", "count", Long.MAX_VALUE))
            .isInstanceOf(ScenarioInputException.class);
        assertThatThrownBy(() -> Quantity.whole("", "count", 9)).isInstanceOf(ScenarioInputException.class);
        assertThatThrownBy(() -> Quantity.whole("1x", "count", 99)).isInstanceOf(ScenarioInputException.class);
    }

    @Test
    void shouldRefuseASizeWhoseBytesALongCannotHold() {
        assertThat(Quantity.bytes("64 KiB")).isEqualTo(65_536);
        assertThat(Quantity.bytes((Long.MAX_VALUE >> 20) + " MiB")).isEqualTo((Long.MAX_VALUE >> 20) << 20);
        for (final String size : new String[] {((Long.MAX_VALUE >> 20) + 1) + " MiB", "99999999999999999999 bytes"}) {
            assertThatThrownBy(() -> Quantity.bytes(size)).as(size).isInstanceOf(ScenarioInputException.class)
                .hasMessageContaining("expected a whole number from 0 to");
        }
    }
}
