package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class SideInferenceTest {

    private final SideInference inferred = new SideInference(CapturePoint.inferred(), Timers.defaults());

    @Test
    void shouldPlaceTheCaptureAtTheReceiverWhenItAnswersAtOnce() {
        final Direction d = Directions.answered(500, 1_500, 7_000);

        inferred.place(d, null);

        assertThat(d.side()).isEqualTo(CaptureSide.RECEIVER);
        assertThat(d.sideReason()).contains("0.5 µs to 7.0 µs");
    }

    @Test
    void shouldLeaveTheSideUnknownWhenOneDirectionIsAnsweredAfterARoundTrip() {
        final Direction d = Directions.answered(20_000, 25_000);

        inferred.place(d, null);

        assertThat(d.side()).isEqualTo(CaptureSide.UNKNOWN);
        assertThat(d.sideReason()).contains("cannot be told from a mirror port");
    }

    @Test
    void shouldPlaceTheCaptureAtTheSenderWhenTheOtherDirectionIsAnsweredAtOnce() {
        final Direction mine = Directions.answered(17_000, 20_000);
        final Direction theirs = Directions.answered(500);

        inferred.place(mine, theirs);
        inferred.place(theirs, mine);

        assertThat(mine.side()).isEqualTo(CaptureSide.SENDER);
        assertThat(theirs.side()).isEqualTo(CaptureSide.RECEIVER);
    }

    @Test
    void shouldPlaceTheCaptureBetweenTheNodesWhenBothDirectionsWaitAlike() {
        final Direction mine = Directions.answered(13_000);
        final Direction theirs = Directions.answered(21_000);

        inferred.place(mine, theirs);

        assertThat(mine.side()).isEqualTo(CaptureSide.BETWEEN);
    }

    @Test
    void shouldPlaceADirectionWithoutAnswersByItsOtherDirection() {
        final Direction silent = Directions.answered();
        final Direction theirs = Directions.answered(300);

        inferred.place(silent, theirs);

        assertThat(silent.side()).isEqualTo(CaptureSide.SENDER);
    }

    @Test
    void shouldFollowTheStatedCapturePoint() throws Exception {
        final SideInference stated = new SideInference(CapturePoint.takenAt(List.of(InetAddress.getByName("10.0.0.1"))),
            Timers.defaults());
        final Plane aToB = new Plane(0, 0x0A00_0001L, 0, 0x0A00_0002L, false);
        final Direction fromA = Directions.answered(500);
        fromA.sentBetween(aToB);
        final Direction toA = Directions.answered(20_000);
        toA.sentBetween(aToB.reversed());
        final Direction elsewhere = Directions.answered(500);
        elsewhere.sentBetween(new Plane(0, 0x0A00_0003L, 0, 0x0A00_0004L, false));

        stated.place(fromA, null);
        stated.place(toA, null);
        stated.place(elsewhere, null);

        assertThat(fromA.side()).isEqualTo(CaptureSide.SENDER);
        assertThat(toA.side()).isEqualTo(CaptureSide.RECEIVER);
        assertThat(elsewhere.side()).isEqualTo(CaptureSide.BETWEEN);
    }
}
