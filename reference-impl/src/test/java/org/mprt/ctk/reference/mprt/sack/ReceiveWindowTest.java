package org.mprt.ctk.reference.mprt.sack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.sequence.SerialNumber;

/** mprt-v0.1.md section 4.4: cack, the 256-bit bitmap, the classes of an arriving PSN, and the wrap at 2^24. */
class ReceiveWindowTest {

    private static final int LAST_PSN = SerialNumber.MASK_24;

    @Test
    void shouldStartAtPsnMinusOneWithAnEmptyBitmap() {
        final ReceiveWindow window = new ReceiveWindow();
        assertThat(window.cack()).isEqualTo(LAST_PSN);
        assertThat(window.classify(0)).isEqualTo(PsnClass.NEW);
        assertThat(window.isNextInOrder(0)).isTrue();
    }

    @Test
    void shouldSackOutOfOrderArrivalsAndMoveCackWhenTheGapFills() {
        final ReceiveWindow window = new ReceiveWindow();
        window.markReceived(0);
        window.markReceived(2);
        window.markReceived(3);
        assertThat(window.cack()).isZero();
        assertThat(window.bitmap().get(0)).isFalse();
        assertThat(window.bitmap().get(1)).isTrue();
        assertThat(window.bitmap().get(2)).isTrue();
        assertThat(window.classify(2)).isEqualTo(PsnClass.DUPLICATE);

        window.markReceived(1);

        assertThat(window.cack()).isEqualTo(3);
        assertThat(window.bitmap().countFrom(0)).isZero();
    }

    @Test
    void shouldClassifyTheEdgesOfTheWindow() {
        final ReceiveWindow window = new ReceiveWindow();
        window.markReceived(0);
        assertThat(window.classify(256)).isEqualTo(PsnClass.NEW);
        assertThat(window.classify(257)).isEqualTo(PsnClass.OUT_OF_WINDOW);
        assertThat(window.classify(SerialNumber.HALF_24)).isEqualTo(PsnClass.OUT_OF_WINDOW);
        assertThat(window.classify(SerialNumber.HALF_24 + 1)).isEqualTo(PsnClass.DUPLICATE);
        assertThat(window.classify(0)).isEqualTo(PsnClass.DUPLICATE);
        assertThat(window.classify(LAST_PSN)).isEqualTo(PsnClass.DUPLICATE);
    }

    @Test
    void shouldKeepCountingAcrossTheWrapAtTwoToTheTwentyFour() {
        final ReceiveWindow window = new ReceiveWindow();
        // A resynchronisation moves cack forward by less than 2^23, so two of them bring it near the wrap.
        assertThat(window.resynchronise(LAST_PSN - 2)).isFalse();
        window.resynchronise(SerialNumber.HALF_24 - 1);
        window.resynchronise(LAST_PSN - 2);
        assertThat(window.cack()).isEqualTo(LAST_PSN - 3);

        window.markReceived(1);
        window.markReceived(LAST_PSN - 2);
        window.markReceived(LAST_PSN);
        assertThat(window.cack()).isEqualTo(LAST_PSN - 2);
        assertThat(window.isAcknowledged(LAST_PSN)).isTrue();
        assertThat(window.isAcknowledged(1)).isTrue();
        assertThat(window.isAcknowledged(0)).isFalse();

        window.markReceived(LAST_PSN - 1);
        window.markReceived(0);
        assertThat(window.cack()).isEqualTo(1);
        assertThat(window.classify(LAST_PSN)).isEqualTo(PsnClass.DUPLICATE);
        assertThat(window.classify(257)).isEqualTo(PsnClass.NEW);
        assertThat(window.classify(258)).isEqualTo(PsnClass.OUT_OF_WINDOW);
    }

    @Test
    void shouldResynchroniseForwardOnlyOnAProbe() {
        final ReceiveWindow window = new ReceiveWindow();
        window.markReceived(0);
        window.markReceived(5);
        window.markReceived(12);

        assertThat(window.resynchronise(10)).isTrue();
        assertThat(window.cack()).isEqualTo(9);
        assertThat(window.bitmap().get(2)).isTrue();
        assertThat(window.classify(5)).isEqualTo(PsnClass.DUPLICATE);

        assertThat(window.resynchronise(4)).isFalse();
        assertThat(window.cack()).isEqualTo(9);
    }

    @Test
    void shouldAbsorbAnAlreadyReceivedPsnRightAfterAResynchronisation() {
        final ReceiveWindow window = new ReceiveWindow();
        window.markReceived(0);
        window.markReceived(10);
        window.resynchronise(10);
        assertThat(window.cack()).isEqualTo(10);
        assertThat(window.bitmap().get(0)).isFalse();
    }
}
