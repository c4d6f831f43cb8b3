package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The completion frontier a stream's captured arrivals show (MPRT-STREAM-005, MPRT-STREAM-006): from
 * MSN 0, or from the first CMSN an ACK reports when the capture begins later, it moves past each
 * message whose every byte arrived, in MSN order, and remembers when it moved.
 */
class StreamRecordTest {

    @Test
    void shouldMoveTheFrontierInMsnOrderOnlyOverWholeMessages() {
        final StreamRecord s = new StreamRecord(0, 0, 1);

        s.carried(1, false, 0, 0, 2048, 0, 2048, 1, 1_000);
        assertThat(s.isFrontierKnown()).isFalse();
        s.carried(0, false, 0, 0, 2048, 0, 1024, 2, 2_000);
        assertThat(s.isFrontierKnown()).isTrue();
        assertThat(s.frontier()).isZero();
        s.carried(0, false, 0, 0, 2048, 1024, 1024, 3, 3_000);

        assertThat(s.frontier()).isEqualTo(2);
        assertThat(s.frontierNs()).isEqualTo(3_000);
        assertThat(s.frontierFrame()).isEqualTo(3);
        assertThat(s.frontierAt(2_500)).isZero();
        assertThat(s.frontierAt(3_000)).isEqualTo(2);
    }

    @Test
    void shouldTellTheFrontierAtAnyTimeOfTheLastMovesItRemembers() {
        final StreamRecord s = new StreamRecord(0, 0, 1);
        for (int m = 0; m < 100; m++) {
            // Message m, one packet, completes at (m + 1) µs and moves the frontier to m + 1.
            s.carried(m, false, 0, 0, 1024, 0, 1024, m + 1, 1_000L * (m + 1));
            final int moves = m + 1;
            assertThat(s.frontierAt(500)).as("before the first move, after %d", moves)
                .isEqualTo(moves <= StreamRecord.HISTORY ? 0 : StreamRecord.UNKNOWN);
            for (int k = 0; k < moves; k++) {
                assertThat(s.frontierAt(1_000L * (k + 1) + 500)).as("after move %d of %d", k + 1, moves)
                    .isEqualTo(moves - k <= StreamRecord.HISTORY ? k + 1 : StreamRecord.UNKNOWN);
            }
        }
    }

    @Test
    void shouldStartFromTheFirstReportedCmsnWhenTheCaptureBeginsInMidStream() {
        final StreamRecord s = new StreamRecord(0, 40, 1);
        s.carried(40, false, 0, 0, 2048, 1024, 1024, 1, 1_000);
        assertThat(s.isFrontierKnown()).isFalse();

        s.reported(41);
        s.carried(41, false, 0, 0, 1024, 0, 1024, 2, 2_000);

        assertThat(s.frontierBase()).isEqualTo(41);
        assertThat(s.frontier()).isEqualTo(42);
        assertThat(s.frontierAt(1_500)).isEqualTo(41);
    }
}
