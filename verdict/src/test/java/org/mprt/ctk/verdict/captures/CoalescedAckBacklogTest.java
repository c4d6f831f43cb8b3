package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-SACK-007 keeps the arrivals a path owes a report in order, however many pile up before an ACK
 * and wherever in its ring the oldest of them lies: PSN 0 goes unreported and falls due, then forty
 * arrivals on the same path (more than the ring held, which grows while its oldest arrival is not in
 * its first slot), then one ACK that reports all but PSNs 5, 16 (the last the first ring held) and
 * 30 to 40. Those, and PSN 0, and only they, are overdue at ACK_COALESCE_DELAY, in the order they
 * arrived; the count of eight arrivals is answered by the ACK in time.
 */
class CoalescedAckBacklogTest {

    @Test
    void shouldFindEachArrivalTheAckLeftOutOfALongBacklog(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile backlog = CaptureFile.ethernet("backlog.pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }));                                  // 1: never reported
        for (int i = 1; i <= 40; i++) {
            final int psn = i;
            backlog.at(20 + i * 0.1, b.data(p -> { p.psn = psn; p.msn = psn; }));           // 2-41: PSN = frame - 1
        }
        final int[] sacked = IntStream.rangeClosed(6, 29).filter(psn -> psn != 16).toArray();
        backlog.at(25, b.ack(p -> { p.cack = 4; p.sackedPsns = sacked; }))                 // 42: leaves out 5, 16, 30-40
            .at(70, b.data(p -> { p.psn = 41; p.msn = 41; }));                             // 43: past every deadline
        backlog.write(dir);

        final Verdict v = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.2")))
            .judge(dir.resolve("backlog.pcap")).verdictOn("MPRT-SACK-007").orElseThrow();

        final List<Long> overdue = LongStream.concat(LongStream.of(1, 6, 17), LongStream.rangeClosed(31, 41)).boxed().toList();
        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactlyElementsOf(overdue);
        assertThat(v.violations()).isEqualTo(14);
        assertThat(v.checked()).as("27 reports and one count in time, 14 late").isEqualTo(42);
        assertThat(v.explanation()).startsWith("frame 1: bth.psn: PSN 0 arrived on path 0 and no ACK for the path"
            + " reported it within ACK_COALESCE_DELAY");
    }
}
