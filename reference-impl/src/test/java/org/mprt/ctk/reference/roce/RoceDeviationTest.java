package org.mprt.ctk.reference.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.RocePair;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** Every {@link RoceDeviation} changes what the baseline does on the wire. */
class RoceDeviationTest {

    private static RoceConfig mutant(final RoceDeviation deviation) {
        return RoceConfig.defaults().withDeviation(deviation);
    }

    private static RocePair losingPsnThree(final RoceConfig config) {
        final RocePair pair = RoceProtocolTest.pairLosingOnce(3, config);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);
        return pair;
    }

    private static long sequenceNaks(final RocePair pair) {
        return RoceProtocolTest.acknowledges(pair).stream().filter(f -> RoceProtocolTest.syndrome(f) == 0x60).count();
    }

    @Test
    void repeatSequenceNakShouldNakEveryPacketBeyondTheGap() {
        assertThat(sequenceNaks(losingPsnThree(RoceConfig.defaults()))).isEqualTo(1);
        assertThat(sequenceNaks(losingPsnThree(mutant(RoceDeviation.REPEAT_SEQUENCE_NAK)))).isGreaterThan(1);
    }

    private static int psnAfterTheResendOfThree(final RocePair pair) {
        final List<Frame> requests = RoceProtocolTest.requests(pair);
        int seen = 0;
        for (int i = 0; i < requests.size(); i++) {
            if (requests.get(i).psn() == 3 && ++seen == 2) {
                return requests.get(i + 1).psn();
            }
        }
        throw new AssertionError("PSN 3 was not resent");
    }

    @Test
    void resendOnlyNakedPsnShouldNotGoBackN() {
        assertThat(psnAfterTheResendOfThree(losingPsnThree(RoceConfig.defaults()))).isEqualTo(4);
        assertThat(psnAfterTheResendOfThree(losingPsnThree(mutant(RoceDeviation.RESEND_ONLY_NAKED_PSN)))).isNotEqualTo(4);
    }

    private static long timeoutAfterLastProgress(final RoceConfig config) {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3, config, config);
        pair.fabric.dropIf(f -> f.is(OpcodeTable.RC_ACKNOWLEDGE) && f.psn() == 63 && f.timeNs() < 1_000_000);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 10_000_000);
        final Frame progress = RoceProtocolTest.acknowledges(pair).stream().filter(f -> f.psn() == 47).findFirst().orElseThrow();
        final Frame resent = RoceProtocolTest.requests(pair).stream()
            .filter(f -> f.timeNs() > progress.timeNs() + 10_000).findFirst().orElseThrow();
        return resent.timeNs() - progress.timeNs();
    }

    @Test
    void earlyTimeoutShouldResendBeforeTheLocalAckTimeout() {
        assertThat(timeoutAfterLastProgress(RoceConfig.defaults())).isGreaterThanOrEqualTo(RoceProtocolTest.T);
        assertThat(timeoutAfterLastProgress(mutant(RoceDeviation.EARLY_TIMEOUT))).isLessThan(RoceProtocolTest.T);
    }

    private static List<Integer> ackedPsns(final RoceConfig responderConfig) {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3, RoceConfig.defaults(), responderConfig);
        pair.ab.postWrite(1, 0, pair.source, 0, 3000, pair.destination.baseAddress(), pair.destination.rkey());
        pair.scheduler.runUntil(20_000);
        return RoceProtocolTest.acknowledges(pair).stream().map(Frame::psn).toList();
    }

    @Test
    void ackExpectedPsnShouldAcknowledgeAPsnNotYetReceived() {
        assertThat(ackedPsns(RoceConfig.defaults())).containsExactly(2);
        assertThat(ackedPsns(mutant(RoceDeviation.ACK_EXPECTED_PSN))).first().isEqualTo(3);
    }
}
