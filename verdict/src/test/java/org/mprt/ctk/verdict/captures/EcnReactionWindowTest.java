package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-CC-002 and the judging tolerance (10 µs by default for a capture not from the fabric): the flight
 * an RTT + ACK_COALESCE_DELAY after a marked ACK is read at each frame of the following tolerance, and
 * one reading within the bound passes; a sender whose window then grows back by its additive increase is
 * not held to the cut it has grown out of.
 *
 * <p>Path 0: eight packets (PSN 0 to 7) of 4096 bytes; an ACK at 20 µs gives an RTT sample of 20 µs; the
 * ACK at 25 µs echoes ECN with seven packets in flight (F1 28672 bytes), so the flight must fall to
 * max(MIN_CWND, 0.5 x 28672) + AI_STEP = 18432 bytes (four packets) in the window from 25 + 20 + 8
 * (ACK_COALESCE_DELAY) = 53 µs to 63 µs. The sender sends PSN 8 after the mark.
 */
class EcnReactionWindowTest {

    @Test
    void shouldPassASenderWhoseFlightFellWithinTheWindowThoughItGrewBackBeforeItsEnd(@TempDir final Path dir)
        throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = marked(b, CaptureFile.ethernet("regrown.pcap"))
            .at(54, b.ack(p -> { p.cack = 6; p.echoTimestamp = 1006L; }));                      // flight PSN 7, 8: 2 packets
        for (int psn = 9; psn < 15; psn++) {
            final int s = psn;
            file.at(55 + (psn - 9) * 0.5, b.data(p -> full(p, s)));                              // grows back to 8 packets
        }
        file.at(64, b.data(p -> full(p, 15))).write(dir);                                        // after the window: 9

        final Verdict v = judged(dir.resolve("regrown.pcap"));

        assertThat(v.outcome()).isEqualTo(Outcome.PASS);
        assertThat(v.checked()).isEqualTo(1);
    }

    @Test
    void shouldFailASenderWhoseFlightStayedAboveTheBoundThroughTheWindow(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        marked(b, CaptureFile.ethernet("kept.pcap"))
            .at(54, b.ack(p -> { p.cack = 2; p.echoTimestamp = 1002L; }))                         // flight PSN 3 to 8: 6
            .at(58, b.data(p -> full(p, 9)))                                                       // 7
            .at(64, b.data(p -> full(p, 10)))                                                      // after the window: 8
            .write(dir);

        final Verdict v = judged(dir.resolve("kept.pcap"));

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.explanation()).startsWith("frame 10: mprt.maeth.e: after this ACK for path 0 echoed ECN with 28672"
            + " bytes in flight, the path still has 24576 bytes in flight or more from an RTT (20000 ns) +"
            + " ACK_COALESCE_DELAY later to the judging tolerance after, more than max(MIN_CWND, MD_FACTOR x 28672) +"
            + " AI_STEP = 18432 bytes");
    }

    /** Frames 1 to 11: the eight packets, the RTT sample, the marked ACK and PSN 8 after it. */
    private static CaptureFile marked(final BehaviourCaptures b, final CaptureFile file) {
        for (int psn = 0; psn < 8; psn++) {
            final int s = psn;
            file.at(psn, b.data(p -> full(p, s)));                                                  // 1-8
        }
        return file.at(20, b.ack(p -> p.echoTimestamp = 1000L))                                     // 9: RTT 20 µs
            .at(25, b.ack(p -> { p.cack = 1; p.ceCount = 1; p.echoTimestamp = 1001L; }))           // 10: E=1
            .at(30, b.data(p -> full(p, 8)));                                                       // 11
    }

    private static void full(final MprtPacket p, final int psn) {
        p.psn = psn;
        p.msn = psn;
        p.messageLength = 4096;
        p.payloadBytes = 4096;
    }

    private static Verdict judged(final Path capture) throws Exception {
        return CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1"))).judge(capture)
            .verdictOn("MPRT-CC-002").orElseThrow();
    }
}
