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
 * MPRT-RECV-004 counts each connection's data at the receiver it arrives at, whatever ports of it the
 * connection's planes reach: two connections that each send their share of B's two ports share B
 * fairly, however each splits its data over the planes; one that sends half its share does not.
 */
class FairShareTwoPlanesTest {

    @Test
    void passesTwoConnectionsThatEachSendTheirShareToBothPorts(@TempDir final Path dir) throws Exception {
        final CaptureFile file = twoConnections(new BehaviourCaptures());
        file.inTimeOrder().write(dir);

        final Verdict v = judge(dir, file);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
    }

    @Test
    void leavesOutAPacketStampedBeforeItsPortsFirstInterval(@TempDir final Path dir) throws Exception {
        // A capture's clock can step back (merged interfaces, an adjusted clock): this packet, captured
        // last, is stamped a second before the first interval, which it cannot be counted in.
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = twoConnections(b).inTimeOrder();
        file.at(-1_000_000, b.data(p -> { connection(p, 1); p.psn = 120; p.msn = 240; p.messageLength = 4096;
            p.payloadBytes = 4096; }));
        file.write(dir);

        final Verdict v = judge(dir, file);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
    }

    @Test
    void addsUpEachConnectionsDataOverTheReceiversPortsHoweverItSplitsIt(@TempDir final Path dir) throws Exception {
        // Connection 1 sends three packets in four to plane 0: at each port alone it is far from half of
        // that port's rate, while over B's two ports it sends its share, as connection 2 does.
        final CaptureFile file = twoConnections(new BehaviourCaptures(), (c, j) -> c == 1 ? (j % 4 == 3 ? 1 : 0) : j % 2,
            (c, j) -> true);
        file.inTimeOrder().write(dir);

        final Verdict v = judge(dir, file);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
    }

    @Test
    void judgesAReceiverWhoseDataBeginsLongAfterTheCapturesFirst(@TempDir final Path dir) throws Exception {
        // One data packet the other way, 300 ms (1500 intervals) before B's incast: B's ports count from their own first data.
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = twoConnections(b);
        file.at(-300_000, b.data(p -> { connection(p, 3); p.way = FrameFactory.Way.B_TO_A; p.psn = 0; p.msn = 0;
            p.messageLength = 4096; p.payloadBytes = 4096; }));
        file.inTimeOrder().write(dir);

        final Verdict v = judge(dir, file);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
        assertThat(v.checked()).isPositive();
    }

    @Test
    void failsAConnectionThatSendsHalfItsShareOfTheReceiver(@TempDir final Path dir) throws Exception {
        final CaptureFile file = twoConnections(new BehaviourCaptures(), (c, j) -> j % 2, (c, j) -> c == 1 || j % 4 < 2);
        file.inTimeOrder().write(dir);

        final Verdict v = judge(dir, file);
        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.explanation()).contains("DestQP 0x000300, SCN 0x000400 sends 100224 bytes").contains("to [10.0.0.2, 10.1.0.2]")
            .contains("R / N = 16000 Mb/s / 2");
    }

    /** Two connections that each send their share to both of B's ports, one per plane, a packet to each in turn. */
    private static CaptureFile twoConnections(final BehaviourCaptures b) {
        return twoConnections(b, (c, j) -> j % 2, (c, j) -> true);
    }

    /**
     * Two connections sending to B's two ports: packet j of connection c on plane {@code planeOf(c, j)},
     * sent when {@code sent(c, j)}, two packets every 8.4 µs.
     */
    private static CaptureFile twoConnections(final BehaviourCaptures b, final java.util.function.IntBinaryOperator planeOf,
                                              final java.util.function.BiPredicate<Integer, Integer> sent) {
        final CaptureFile file = CaptureFile.ethernet("fair-share-two-planes.pcap");
        for (int c = 1; c <= 2; c++) {
            final int conn = c;
            final int[] psn = new int[2];
            for (int j = 0; j < 240; j++) {
                if (!sent.test(c, j)) {
                    continue;
                }
                final int plane = planeOf.applyAsInt(c, j);
                final double at = 8.4 * (j / 2) + 0.5 * plane + 4.2 * (c - 1);
                final int n = psn[plane]++;
                final long msn = j;
                file.at(at, b.data(p -> { connection(p, conn); p.plane = plane; p.pathId = plane;
                    p.psn = n; p.msn = msn; p.messageLength = 4096; p.payloadBytes = 4096; }));
                file.at(at + 1, b.ack(p -> { connection(p, conn); p.plane = plane; p.pathId = plane;
                    p.cack = n; p.guidanceRateMbps = 4000; p.echoTimestamp = 1000L + n;
                    p.streamRecords = new int[][] {{0, (int) msn + 1}}; }));
            }
        }
        return file;
    }

    private static Verdict judge(final Path dir, final CaptureFile file) throws Exception {
        return CaptureJudge.standard()
            .takenAt(List.of(InetAddress.getByName("10.0.0.2"), InetAddress.getByName("10.1.0.2")))
            .portRateMbps(8000).judge(dir.resolve(file.name())).verdictOn("MPRT-RECV-004").orElseThrow();
    }
}
