package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.mprt.Deviation;

/** The rehearsal a node runs before it is judged in real time: a whole transfer, in virtual time. */
class RehearsalTest {

    private static final int MESSAGES = Rehearsal.BYTES / (256 * 1024);

    @Test
    void shouldCompleteEveryWriteThroughItsLossesOverTheLiveTransfersPathsAndStreams() {
        assertThat(Rehearsal.run(LiveTransfer.SOFTWARE_TIMERS, LiveTransfer.PATHS, 1)).isEqualTo(MESSAGES);
        assertThat(Rehearsal.run(LiveTransfer.SOFTWARE_TIMERS, LiveTransfer.PATHS, 4)).isEqualTo(MESSAGES);
    }

    @Test
    void shouldEndWithoutJudgingWhenADeviationKeepsTheWritesFromCompleting() {
        // Every packet's ICRC is wrong, so every one is dropped: the rehearsal ends at its virtual-time limit.
        assertThat(Rehearsal.run(LiveTransfer.SOFTWARE_TIMERS.toBuilder().deviate(Deviation.BAD_ICRC).build(),
            LiveTransfer.PATHS, 1)).isZero();
    }
}
