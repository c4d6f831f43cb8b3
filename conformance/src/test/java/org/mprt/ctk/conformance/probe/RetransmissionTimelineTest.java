package org.mprt.ctk.conformance.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.conformance.probe.DeviceFrames.sent;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.conformance.runtime.DutLedger;

/**
 * MPRT-LOSS-003 as the probe checks it: counted from the first transmission, a retransmission of
 * the packet (same path and PSN, R = 1) at each RTO expiry, within the bound, and none earlier.
 */
class RetransmissionTimelineTest {

    private static final long[] EXPIRIES = {100_000, 300_000};
    private static final long T0 = 5_000;

    private final DeviceFrames frames = DeviceFrames.create();
    private final RetransmissionTimeline timeline = new RetransmissionTimeline(DeviceFrames.TESTER_NUMBER, 0, 0, 2_000, 0,
        "ACK_REQ_DELAY");

    private List<ProbeCheck> check(final DutLedger.SentFrame... sent) {
        return timeline.checks(List.of(sent), EXPIRIES);
    }

    @Test
    void shouldMeetRetransmissionsAtEachExpiry() {
        final List<ProbeCheck> checks = check(sent(1, T0, frames.mprtWrite(0, 0, 0)), sent(2, T0 + 10, frames.mprtWrite(0, 1, 0)),
            sent(3, T0 + 100_000, frames.mprtWrite(0, 0, 1)), sent(4, T0 + 301_500, frames.mprtWrite(0, 0, 1)));

        assertThat(checks).hasSize(2).allMatch(ProbeCheck::met);
        assertThat(checks.get(1).frames()).containsExactly(4L);
    }

    @Test
    void shouldReportARetransmissionBeforeTheExpiry() {
        final List<ProbeCheck> checks = check(sent(1, T0, frames.mprtWrite(0, 0, 0)), sent(2, T0 + 50_000, frames.mprtWrite(0, 0, 1)),
            sent(3, T0 + 100_000, frames.mprtWrite(0, 0, 1)), sent(4, T0 + 300_000, frames.mprtWrite(0, 0, 1)));

        assertThat(checks.get(0).mismatches()).containsExactly("frame 2: time: expected no retransmission on path 0 before the"
            + " 1st RTO expiry, 100000 ns after the first transmission of PSN 0 (tolerance 0 ns) vs actual PSN 0 retransmitted"
            + " 50000 ns after it");
    }

    @Test
    void shouldReportALateRetransmissionAndAMissingOne() {
        final List<ProbeCheck> checks = check(sent(1, T0, frames.mprtWrite(0, 0, 0)), sent(2, T0 + 103_000, frames.mprtWrite(0, 0, 1)));

        assertThat(checks.get(0).mismatches()).containsExactly("frame 2: time: expected at most 2000 ns after the 1st RTO expiry"
            + " (bound 2000 ns, tolerance 0 ns) vs actual 3000 ns");
        assertThat(checks.get(1).mismatches()).singleElement().asString().startsWith("bth.psn: expected a retransmission of PSN 0"
            + " on path 0 at the 2nd RTO expiry (300000 ns after its first transmission)").endsWith("vs actual none");
    }

    @Test
    void shouldReportARetransmissionWithoutR() {
        final List<ProbeCheck> checks = check(sent(1, T0, frames.mprtWrite(0, 0, 0)), sent(2, T0 + 100_000, frames.mprtWrite(0, 0, 0)),
            sent(3, T0 + 300_000, frames.mprtWrite(0, 0, 1)));

        assertThat(checks.get(0).mismatches()).containsExactly("frame 2: mprt.mdeth.r: expected 1 (0x1) vs actual 0 (0x0)");
        assertThat(checks.get(1).met()).isTrue();
    }

    @Test
    void shouldIgnoreOtherPathsAndReportANeverSentPacket() {
        assertThat(check(sent(1, T0, frames.mprtWrite(1, 0, 0))).get(0).mismatches())
            .containsExactly("bth.psn: expected a first transmission of PSN 0 on path 0 vs actual none");
    }
}
