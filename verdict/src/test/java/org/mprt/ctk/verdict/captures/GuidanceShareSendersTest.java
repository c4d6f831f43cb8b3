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
 * MPRT-RECV-001 counts the connections whose data arrived at B during the GUIDANCE_WINDOW before an
 * ACK (10 µs with the judging tolerance), walking them newest first: connections 3 and 1 send within
 * it, connection 2 long before it. Connection 1's ACK then carries no limit although two connections
 * shared B's ports.
 */
class GuidanceShareSendersTest {

    @Test
    void countsTheSendersOfTheWindowOnly(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("guidance-share-senders.pcap")
            .at(10, b.data(p -> connection(p, 2)))                                                    // 1
            .at(99, b.data(p -> connection(p, 3)))                                                    // 2
            .at(100, b.data(p -> connection(p, 1)))                                                   // 3
            .at(101, b.ack(p -> connection(p, 1)));                                                   // 4

        assertThat(judge(dir, file.inTimeOrder()).explanation()).contains("while 2 connections sent data");
    }

    @Test
    void countsEverySenderOfTheWindowWhenTheClockStepsBack(@TempDir final Path dir) throws Exception {
        // Connection 2's packet, captured after connection 1's, is stamped 90 µs before it (a clock
        // adjusted while capturing): the newest arrival is not the latest in time.
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("guidance-share-step-back.pcap")
            .at(99, b.data(p -> connection(p, 3)))                                                    // 1
            .at(100, b.data(p -> connection(p, 1)))                                                   // 2
            .at(10, b.data(p -> connection(p, 2)))                                                    // 3
            .at(101, b.ack(p -> connection(p, 1)));                                                   // 4

        assertThat(judge(dir, file).explanation()).contains("while 2 connections sent data");
    }

    private static Verdict judge(final Path dir, final CaptureFile file) throws Exception {
        file.write(dir);
        final Verdict v = CaptureJudge.standard()
            .takenAt(List.of(InetAddress.getByName("10.0.0.2"), InetAddress.getByName("10.1.0.2")))
            .judge(dir.resolve(file.name())).verdictOn("MPRT-RECV-001").orElseThrow();
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).as(v.explanation()).containsExactly(4L);
        return v;
    }
}
