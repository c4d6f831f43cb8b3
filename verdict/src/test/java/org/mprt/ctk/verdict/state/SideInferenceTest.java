package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkDirection;

class SideInferenceTest {

    private final SideInference inferred = new SideInference(CapturePoint.inferred(), Timers.defaults(), false);

    @Test
    void shouldPlaceTheCaptureAtTheReceiverWhenItAnswersAtOnce() {
        final Direction d = Directions.answered(500, 1_500, 7_000);

        inferred.place(d, null);

        assertThat(d.side()).isEqualTo(CaptureSide.RECEIVER);
        assertThat(d.sideReason()).contains("0.5 µs to 7.0 µs");
    }

    @Test
    void shouldNotTimeAnswersWhenFramesRecordNoTimeButStillTakeAStatedPointOrTheLinkMarks() throws Exception {
        final SideInference untimed = new SideInference(CapturePoint.inferred(), Timers.defaults(), true);
        final Direction quick = Directions.answered(500, 1_500);
        final Direction marked = Directions.answered(0);
        marked.linkMarked(LinkDirection.INBOUND);

        untimed.place(quick, null);
        untimed.place(marked, null);

        assertThat(quick.side()).isEqualTo(CaptureSide.UNKNOWN);
        assertThat(quick.sideReason()).isEqualTo("frames of the capture record no capture time (pcapng simple packet"
            + " blocks), so no answer can be timed against the packet it answers; state the capture point");
        assertThat(marked.side()).isEqualTo(CaptureSide.RECEIVER);
        final Direction stated = ipv4(0, 0x0A00_0001L, 0x0A00_0002L);
        new SideInference(CapturePoint.takenAt(List.of(InetAddress.getByName("10.0.0.2"))), Timers.defaults(), true)
            .place(stated, null);
        assertThat(stated.side()).isEqualTo(CaptureSide.RECEIVER);
    }

    @Test
    void shouldGiveOneTimeWhenEveryAnswerTookAsLong() {
        final Direction d = Directions.answered(500, 500);

        inferred.place(d, null);

        assertThat(d.sideReason()).contains("within 0.5 µs, as at its own port").doesNotContain(" to ");
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
        final SideInference stated = takenAt("10.0.0.1");
        final Plane aToB = new Plane(0, 0x0A00_0001L, 0, 0x0A00_0002L, false);
        final Direction fromA = Directions.answered(500);
        fromA.sentBetween(aToB);
        final Direction toA = Directions.answered(20_000);
        toA.sentBetween(aToB.reversed());
        final Direction elsewhere = ipv4(500, 0x0A00_0003L, 0x0A00_0004L);

        stated.place(fromA, null);
        stated.place(toA, null);
        stated.place(elsewhere, null);

        assertThat(fromA.side()).isEqualTo(CaptureSide.SENDER);
        assertThat(toA.side()).isEqualTo(CaptureSide.RECEIVER);
        assertThat(elsewhere.side()).isEqualTo(CaptureSide.BETWEEN);
    }

    @Test
    void shouldPlaceDataBetweenAddressesOfOneHostAtBothEnds() {
        // Answered within 20 µs both ways, which alone would put the capture between the nodes.
        final Direction loopback = ipv4(20_000, 0x7F00_0001L, 0x7F00_0002L);
        final Direction ipv6Loopback = Directions.answered(20_000);
        ipv6Loopback.sentBetween(new Plane(0, 1, 0, 1, true));
        final Direction toItself = ipv4(20_000, 0x0A00_0001L, 0x0A00_0001L);
        final Direction halfLoopback = ipv4(20_000, 0x7F00_0001L, 0x0A00_0002L);
        final Direction wire = ipv4(20_000, 0x0A00_0001L, 0x0A00_0002L);

        for (final Direction d : List.of(loopback, ipv6Loopback, toItself, halfLoopback, wire)) {
            inferred.place(d, wire);
        }

        assertThat(loopback.side()).isEqualTo(CaptureSide.BOTH_ENDS);
        assertThat(loopback.sideReason()).contains("127.0.0.1", "127.0.0.2", "addresses of one host");
        assertThat(ipv6Loopback.side()).isEqualTo(CaptureSide.BOTH_ENDS);
        assertThat(toItself.side()).isEqualTo(CaptureSide.BOTH_ENDS);
        assertThat(halfLoopback.side()).isEqualTo(CaptureSide.BETWEEN);
        assertThat(wire.side()).isEqualTo(CaptureSide.BETWEEN);
    }

    @Test
    void shouldNarrowACaptureOnOneHostToTheStatedNodesPortWhenItIsOneEnd() throws Exception {
        final SideInference atB = takenAt("127.0.0.2");
        final SideInference elsewhere = takenAt("127.0.0.9");
        final Direction toB = ipv4(20_000, 0x7F00_0001L, 0x7F00_0002L);
        final Direction fromB = ipv4(20_000, 0x7F00_0002L, 0x7F00_0001L);
        final Direction notB = ipv4(20_000, 0x7F00_0001L, 0x7F00_0003L);

        atB.place(toB, fromB);
        atB.place(fromB, toB);
        elsewhere.place(notB, null);

        assertThat(toB.side()).isEqualTo(CaptureSide.RECEIVER);
        assertThat(toB.sideReason()).isEqualTo("stated: taken at [127.0.0.2], where this direction's data arrives; the"
            + " capture, on one host, holds both ends and is judged at the stated node's port");
        assertThat(fromB.side()).isEqualTo(CaptureSide.SENDER);
        assertThat(notB.side()).as("a stated node that is neither end").isEqualTo(CaptureSide.BOTH_ENDS);
    }

    @Test
    void shouldPlaceAtBothEndsADirectionWhoseEndsTheStatedNodeOwnsBoth() throws Exception {
        final SideInference stated = new SideInference(CapturePoint.takenAt(List.of(InetAddress.getByName("10.0.0.1"),
            InetAddress.getByName("10.1.0.1"))), Timers.defaults(), false);
        // From one of the node's addresses to another: the stated node is both ends.
        final Direction toItself = ipv4(500, 0x0A00_0001L, 0x0A01_0001L);

        stated.place(toItself, null);

        assertThat(toItself.side()).isEqualTo(CaptureSide.BOTH_ENDS);
    }

    @Test
    void shouldPlaceTheCaptureWhereItsCookedHeadersMarkTheDataAsSentOrReceived() {
        final Direction sent = Directions.answered(20_000);
        final Direction received = Directions.answered(20_000);
        final Direction mixed = Directions.answered(20_000);
        for (int i = 0; i < 3; i++) {
            sent.linkMarked(LinkDirection.OUTBOUND);
            received.linkMarked(LinkDirection.INBOUND);
        }
        mixed.linkMarked(LinkDirection.OUTBOUND);
        mixed.linkMarked(LinkDirection.INBOUND);
        final Direction partly = Directions.answered(20_000);
        partly.linkMarked(LinkDirection.OUTBOUND);
        partly.linkMarked(LinkDirection.NEITHER);

        for (final Direction d : List.of(sent, received, mixed, partly)) {
            inferred.place(d, null);
        }

        assertThat(sent.side()).isEqualTo(CaptureSide.SENDER);
        assertThat(sent.sideReason()).contains("all 3 of this direction's data frames as sent");
        assertThat(received.side()).isEqualTo(CaptureSide.RECEIVER);
        assertThat(mixed.side()).as("timing decides").isEqualTo(CaptureSide.UNKNOWN);
        assertThat(partly.side()).as("timing decides").isEqualTo(CaptureSide.UNKNOWN);
    }

    /** Judging a capture stated to be taken at the node with this address. */
    private static SideInference takenAt(final String address) throws UnknownHostException {
        return new SideInference(CapturePoint.takenAt(List.of(InetAddress.getByName(address))), Timers.defaults(), false);
    }

    /** A direction answered after {@code delayNs}, its data sent from one IPv4 address to another. */
    private static Direction ipv4(final long delayNs, final long source, final long destination) {
        final Direction d = Directions.answered(delayNs);
        d.sentBetween(new Plane(0, source, 0, destination, false));
        return d;
    }
}
