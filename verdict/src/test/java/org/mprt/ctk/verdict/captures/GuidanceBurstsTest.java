package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.verdict.captures.BehaviourCaptures.connection;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-RECV-003 over several connections at once, each holding more packets in one window than a
 * direction's rings start with: every window of every connection is judged, once, with its bytes
 * counted right.
 *
 * <p>Each of three connections sends a packet at 0 and gets a guidance of 1000 Mb/s at 20 µs, which
 * allows 2750 bytes plus one full-size packet (4176): 6926 bytes of IP length counted over 10 µs
 * (GUIDANCE_WINDOW with the judging tolerance). From 50 µs, connections 1 and 2 each send a burst of
 * 600 packets of 144 bytes, 5 ns apart and interleaved: the window starting at the burst's j-th
 * packet holds the 600 - j packets from it, too many while 600 - j > 48, so for j = 0 to 551. Connection
 * 3 sends 600 such packets 3 µs apart: at most 4 in a window. The packets at 0 start windows with no
 * guidance in force yet, which are not judged.
 */
class GuidanceBurstsTest {

    private static final int BURST = 600;
    /** IPv4 20 + UDP 8 + BTH 12 + MDETH 36 + payload 64 + ICRC 4. */
    private static final int PACKET_BYTES = 144;
    private static final int ALLOWED_BYTES = 2750 + 4176;

    @Test
    void judgesEveryWindowOfEveryConnection(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("guidance-bursts.pcap");
        for (int c = 1; c <= 3; c++) {
            final int conn = c;
            file.at(0.001 * c, b.data(p -> connection(p, conn)));
            file.at(20 + 0.001 * c, b.ack(p -> { connection(p, conn); p.guidanceRateMbps = 1000;
                p.echoTimestamp = 1000L; }));
            final double gapMicros = c == 3 ? 3 : 0.005;
            for (int j = 0; j < BURST; j++) {
                final int psn = j + 1;
                file.at(50 + j * gapMicros + 0.001 * c, b.data(p -> { connection(p, conn); p.psn = psn;
                    p.msn = psn; p.messageLength = 64; p.payloadBytes = 64; }));
            }
            file.at(2000 + 0.001 * c, b.ack(p -> { connection(p, conn); p.cack = BURST;
                p.guidanceRateMbps = 1000; p.echoTimestamp = 1000L + BURST; }));
        }
        file.inTimeOrder().write(dir);

        final Verdict v = CaptureJudge.standard()
            .takenAt(List.of(InetAddress.getByName("10.0.0.1"), InetAddress.getByName("10.1.0.1")))
            .judge(dir.resolve("guidance-bursts.pcap")).verdictOn("MPRT-RECV-003").orElseThrow();

        final long violatingPerBurst = BURST - ALLOWED_BYTES / PACKET_BYTES;
        assertThat(violatingPerBurst).isEqualTo(552);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
        assertThat(v.checked()).as(v.explanation()).isEqualTo(3L * BURST);
        assertThat(v.violations()).as(v.explanation()).isEqualTo(2 * violatingPerBurst);
        assertThat(v.explanation()).contains("total " + BURST * PACKET_BYTES + " bytes of IP length");
    }
}
