package org.mprt.ctk.wire.sequence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SerialNumberTest {

    private static final int MAX_PSN = 0xFFFFFF;
    private static final long MAX_MSN = 0xFFFF_FFFFL;

    @Test
    void shouldWrapPsnAdditionModulo2To24() {
        assertThat(SerialNumber.add24(MAX_PSN, 1)).isZero();
        assertThat(SerialNumber.add24(MAX_PSN, 2)).isEqualTo(1);
        assertThat(SerialNumber.add24(0, -1)).isEqualTo(MAX_PSN);
        assertThat(SerialNumber.add24(5, 1 << 24)).isEqualTo(5);
    }

    @Test
    void shouldMeasurePsnDistanceForwardAcrossTheWrap() {
        assertThat(SerialNumber.distance24(MAX_PSN, 0)).isEqualTo(1);
        assertThat(SerialNumber.distance24(MAX_PSN - 1, 2)).isEqualTo(4);
        assertThat(SerialNumber.distance24(0, MAX_PSN)).isEqualTo(MAX_PSN);
        assertThat(SerialNumber.signedDistance24(0, MAX_PSN)).isEqualTo(-1);
        assertThat(SerialNumber.signedDistance24(MAX_PSN, 0)).isEqualTo(1);
    }

    @Test
    void shouldOrderPsnsAcrossTheWrapPoint() {
        assertThat(SerialNumber.precedes24(MAX_PSN, 0)).isTrue();
        assertThat(SerialNumber.precedes24(0, MAX_PSN)).isFalse();
        assertThat(SerialNumber.precedes24(MAX_PSN - 10, 10)).isTrue();
        assertThat(SerialNumber.precedes24(7, 7)).isFalse();
        assertThat(SerialNumber.precedesOrEquals24(7, 7)).isTrue();
        assertThat(SerialNumber.max24(MAX_PSN, 3)).isEqualTo(3);
    }

    @Test
    void shouldTreatPsnsHalfTheSpaceApartAsUnordered() {
        final int half = 1 << 23;
        assertThat(SerialNumber.precedes24(0, half - 1)).isTrue();
        assertThat(SerialNumber.precedes24(0, half)).isFalse();
        assertThat(SerialNumber.precedes24(half, 0)).isFalse();
        assertThat(SerialNumber.precedes24(half + 1, 0)).isTrue();
    }

    @Test
    void shouldKeepPrecedenceAntisymmetricForRandomPairs() {
        final SplittableRandom random = new SplittableRandom(24);
        for (int i = 0; i < 10_000; i++) {
            final int a = random.nextInt(1 << 24);
            final int b = random.nextInt(1 << 24);
            assertThat(SerialNumber.precedes24(a, b) && SerialNumber.precedes24(b, a)).isFalse();
            assertThat(SerialNumber.add24(a, SerialNumber.distance24(a, b))).isEqualTo(b);
            assertThat(SerialNumber.add24(a, SerialNumber.signedDistance24(a, b))).isEqualTo(b);
        }
    }

    @Test
    void shouldFindPsnsInAWindowThatWraps() {
        assertThat(SerialNumber.inWindow24(2, MAX_PSN - 1, 8)).isTrue();
        assertThat(SerialNumber.inWindow24(MAX_PSN - 2, MAX_PSN - 1, 8)).isFalse();
        assertThat(SerialNumber.inWindow24(5, MAX_PSN - 1, 8)).isTrue();
        assertThat(SerialNumber.inWindow24(6, MAX_PSN - 1, 8)).isFalse();
    }

    @Test
    void shouldOrderMsnsAcrossTheWrapPoint() {
        assertThat(SerialNumber.add32(MAX_MSN, 1)).isZero();
        assertThat(SerialNumber.distance32(MAX_MSN, 1)).isEqualTo(2);
        assertThat(SerialNumber.signedDistance32(1, MAX_MSN)).isEqualTo(-2);
        assertThat(SerialNumber.precedes32(MAX_MSN, 0)).isTrue();
        assertThat(SerialNumber.precedes32(0, MAX_MSN)).isFalse();
        assertThat(SerialNumber.precedes32(0, 1L << 31)).isFalse();
        assertThat(SerialNumber.precedes32(0, (1L << 31) - 1)).isTrue();
        assertThat(SerialNumber.max32(MAX_MSN, 0)).isZero();
        assertThat(SerialNumber.inWindow32(1, MAX_MSN, 3)).isTrue();
        assertThat(SerialNumber.isValid32(1L << 32)).isFalse();
        assertThat(SerialNumber.isValid24(1 << 24)).isFalse();
    }
}
