package org.mprt.ctk.conformance.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.conformance.probe.DeviceFrames.decoded;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * A RoCEv2 probe's expectations compare the responder's Acknowledge field by field, in the words
 * of STYLE.md section 4, and hold "at or after" a PSN only where the requirement says so.
 */
class RoceExpectationTest {

    private final DeviceFrames frames = DeviceFrames.create();

    @Test
    void shouldMeetAnAckWithThePsnAndMsnExpected() {
        assertThat(new RoceExpectation.Ack(3, false, 4).compare(decoded(frames.ack(3, 4)))).isEmpty();
    }

    @Test
    void shouldNameThePsnAndTheMsnThatDiffer() {
        assertThat(new RoceExpectation.Ack(3, false, 4).compare(decoded(frames.ack(4, 5)))).containsExactly(
            "bth.psn: expected 3 (0x3) vs actual 4 (0x4)", "roce.aeth.msn: expected 4 (0x4) vs actual 5 (0x5)");
    }

    @Test
    void shouldAcceptALaterPsnOnlyWhereTheExpectationSaysOrLater() {
        assertThat(new RoceExpectation.Ack(3, true, RoceExpectation.ANY_MSN).compare(decoded(frames.ack(5, 9)))).isEmpty();
        assertThat(new RoceExpectation.Ack(3, true, RoceExpectation.ANY_MSN).compare(decoded(frames.ack(2, 9))))
            .containsExactly("bth.psn: expected PSN 3 or later vs actual 2 (0x2)");
    }

    @Test
    void shouldTakeAPsnAcrossTheWrapAsLater() {
        assertThat(new RoceExpectation.Ack((1 << 24) - 1, true, RoceExpectation.ANY_MSN).compare(decoded(frames.ack(0, 1))))
            .isEmpty();
    }

    @Test
    void shouldRefuseANakWhereAnAckIsExpected() {
        final byte[] nak = frames.acknowledge(AethSyndrome.nak(AethSyndrome.NakCode.PSN_SEQUENCE_ERROR), 1, 1);

        assertThat(new RoceExpectation.Ack(1, true, RoceExpectation.ANY_MSN).compare(decoded(nak)))
            .containsExactly("roce.aeth.syndrome: expected an ACK vs actual 96 (0x60, NAK PSN_SEQUENCE_ERROR)");
    }

    @Test
    void shouldNameTheNakCodeThatDiffers() {
        final byte[] nak = frames.acknowledge(AethSyndrome.nak(AethSyndrome.NakCode.INVALID_REQUEST), 7, 0);

        assertThat(new RoceExpectation.Nak(AethSyndrome.NakCode.REMOTE_ACCESS_ERROR, 7, false).compare(decoded(nak)))
            .containsExactly("roce.aeth.syndrome: expected 98 (0x62, NAK REMOTE_ACCESS_ERROR) vs actual 97 (0x61, NAK INVALID_REQUEST)");
        assertThat(new RoceExpectation.Nak(AethSyndrome.NakCode.INVALID_REQUEST, 7, false).compare(decoded(nak))).isEmpty();
    }

    @Test
    void shouldCompareAnRnrNaksTimerCodeAndExactPsn() {
        final byte[] rnr = frames.acknowledge(AethSyndrome.rnrNak(2), 5, 0);

        assertThat(new RoceExpectation.RnrNak(5, 2).compare(decoded(rnr))).isEmpty();
        assertThat(new RoceExpectation.RnrNak(4, 1).compare(decoded(rnr))).containsExactly(
            "roce.aeth.syndrome: expected 33 (0x21, RNR NAK timer 1) vs actual 34 (0x22, RNR NAK timer 2)",
            "bth.psn: expected 4 (0x4) vs actual 5 (0x5)");
    }

    @Test
    void shouldFindACnpAmongTheAnswersAndRefuseAnAckForIt() {
        final RoceExpectation.Cnp cnp = new RoceExpectation.Cnp();

        assertThat(cnp.scope()).isEqualTo(ProbeExpectation.Scope.ANY_ANSWER);
        assertThat(cnp.compare(decoded(frames.cnp()))).isEmpty();
        assertThat(cnp.compare(decoded(frames.ack(0, 1))))
            .containsExactly("bth.opcode: expected 129 (0x81, CNP) vs actual 17 (0x11, ACKNOWLEDGE)");
    }

    @Test
    void shouldForbidRoceNaksAndRnrNaksButNotAcksInANoNakSilence() {
        final ProbeExpectation.Silence noNak = new ProbeExpectation.Silence(ProbeExpectation.Forbidden.NAK, true);

        assertThat(noNak.scope()).isEqualTo(ProbeExpectation.Scope.SILENCE_SINCE_START);
        assertThat(noNak.compare(decoded(frames.ack(0, 1)))).isEmpty();
        assertThat(noNak.compare(decoded(frames.acknowledge(AethSyndrome.rnrNak(1), 0, 0)))).hasSize(1);
        assertThat(noNak.compare(decoded(frames.acknowledge(AethSyndrome.nak(AethSyndrome.NakCode.PSN_SEQUENCE_ERROR), 0, 0))))
            .containsExactly("bth.opcode: expected no NAK vs actual 17 (0x11, ACKNOWLEDGE)");
    }

    @Test
    void shouldFindTheStreamRecordOfACompletion() {
        final ProbeExpectation.Completion completion = new ProbeExpectation.Completion(0, 1);

        assertThat(completion.compare(decoded(frames.mprtAckWithRecord(3, 0, 1)))).isEmpty();
        assertThat(completion.compare(decoded(frames.mprtAckWithRecord(3, 0, 0))))
            .containsExactly("mprt.maeth.record.cmsn: expected 1 (0x1) vs actual 0 (0x0)");
        assertThat(completion.compare(decoded(frames.mprtAckWithRecord(3, 2, 1))))
            .containsExactly("mprt.maeth.record.stream_id: expected a record for stream 0 vs actual records for streams [2]");
    }
}
