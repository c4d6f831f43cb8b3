package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.verdict.captures.BehaviourCaptures.connection;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-LOSS-002 compares a retransmission's payload with its first transmission's, which the reader
 * no longer holds when other traffic lies between them: here 1200 packets of another connection,
 * over 1 MiB, more than the reader reads at a time. The first transmission's bytes are read again
 * from the file, exactly: the copy passes when it repeats them, and fails when one byte differs,
 * though every packet of the capture carries bytes of its own.
 */
class FirstTransmissionReadAgainTest {

    static final int OTHER_PACKETS = 1200;
    /** Frame number of the retransmission: after the first transmission and the other connection's packets. */
    private static final long RETRANSMISSION = OTHER_PACKETS + 2;

    @Test
    void passesACopyThatRepeatsTheFirstTransmissionsBytes(@TempDir final Path dir) throws Exception {
        final Verdict v = lossOfCopy(dir, false);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
        assertThat(v.explanation()).contains(OTHER_PACKETS + 2 + " data packets");
    }

    @Test
    void failsACopyWhoseBytesDifferFromTheFirstTransmissionsFarBack(@TempDir final Path dir) throws Exception {
        final Verdict v = lossOfCopy(dir, true);
        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(RETRANSMISSION);
        assertThat(v.explanation()).contains("frame " + RETRANSMISSION
            + ": payload: the bytes differ from those of its first transmission (frame 1)");
    }

    private static Verdict lossOfCopy(final Path dir, final boolean changed) throws Exception {
        return CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1")))
            .judge(copyFarBack(dir, "read-again.pcap", changed)).verdictOn("MPRT-LOSS-002").orElseThrow();
    }

    /**
     * A data packet (frame 1), {@link #OTHER_PACKETS} of another connection (over 1 MiB, more than the
     * reader holds at a time), then its retransmission (frame 1202), with one payload byte changed when
     * {@code changed}; written to {@code dir}.
     */
    static Path copyFarBack(final Path dir, final String name, final boolean changed) throws IOException {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet(name)
            .at(0, b.data(p -> p.tamper = BehaviourCaptures.payloadOf(0)));                             // 1
        for (int k = 0; k < OTHER_PACKETS; k++) {
            final int psn = k;
            file.at(1 + k, b.data(p -> { connection(p, 2); p.psn = psn; p.msn = psn; p.tamper = BehaviourCaptures.payloadOf(1 + psn); }));
        }
        file.at(2 * OTHER_PACKETS, b.data(p -> { p.r = 1; p.tamper = changed                         // 1202
            ? BehaviourCaptures.payloadOf(0).andThen(BehaviourCaptures.payloadChanged()) : BehaviourCaptures.payloadOf(0); }));
        file.inTimeOrder().write(dir);
        final Path capture = dir.resolve(file.name());
        assertThat(Files.size(capture)).isGreaterThan(1L << 20);
        return capture;
    }
}
