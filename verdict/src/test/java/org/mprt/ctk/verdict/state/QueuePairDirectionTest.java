package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueuePairDirectionTest {

    private final QueuePairDirection qp =
        new QueuePairDirection(new CapturePoint.Address(0, 2), new CapturePoint.Address(0, 1), 0x11, 1, 0);

    private void request(final int psn, final long frame) {
        qp.request(psn, 0x0A, psn % 4 == 3, false, 1024, frame, frame * 100);
    }

    @Test
    void shouldKeepWhatItHeldOfEveryRequestWhenItsSlotsGrow() {
        for (int p = 1000; p < 1040; p++) {
            request(p, p);
        }
        request(1020, 5000);
        for (int p = 1040; p < 1200; p++) {
            request(p, p);
        }
        request(800, 6000);

        for (int p = 1000; p < 1200; p++) {
            final int slot = qp.slot(p);
            assertThat(slot).as("PSN %d", p).isNotNegative();
            assertThat(qp.firstFrame(slot)).as("PSN %d", p).isEqualTo(p);
            assertThat(qp.endsMessage(slot)).as("PSN %d", p).isEqualTo(p % 4 == 3);
        }
        assertThat(qp.transmissions(qp.slot(1020))).isEqualTo(2);
        assertThat(qp.lastFrame(qp.slot(1020))).isEqualTo(5000);
        assertThat(qp.firstFrame(qp.slot(800))).isEqualTo(6000);
    }

    @Test
    void shouldForgetRequestsThatFallOutOfItsRing() {
        for (int p = 0; p < QueuePairDirection.RING + 10; p++) {
            request(p, p + 1);
        }

        assertThat(qp.slot(5)).isNegative();
        assertThat(qp.slot(QueuePairDirection.RING + 5)).isNotNegative();
        assertThat(qp.firstFrame(qp.slot(10))).isEqualTo(11);
    }
}
