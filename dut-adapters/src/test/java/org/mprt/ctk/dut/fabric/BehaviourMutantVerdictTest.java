package org.mprt.ctk.dut.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceDeviation;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * The behavioural rules proven on the wire: each mutant of the reference implementation that breaks a
 * behavioural requirement is run in the emulated fabric under the impairment that brings the
 * behaviour out (loss, a failed path, an incast that marks ECN, a bad rkey), the device's ports are
 * captured, and the rule of that requirement fails on the mutant's capture at the frames that carry
 * the fault, while the reference implementation under the same scenario does not fail it, nor any
 * other MUST. Captures are judged as the kit's scenarios judge them: at the device's ports, from the
 * connections' start, with the fabric's exact timestamps.
 */
class BehaviourMutantVerdictTest {

    /** RTO_MAX shortened to its allowed minimum, 100 µs, so that failures play out in a short run. */
    private static final long RTO_MAX_NS = 100_000;

    @TempDir
    Path dir;

    private static Consumer<org.mprt.ctk.fabric.topology.Topology> loss(final double probability) {
        return Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(probability)));
    }

    /** Where the captures go: a temporary folder, or the one CTK_KEEP_CAPTURES names, to look at them. */
    private Path folder() throws java.io.IOException {
        final String keep = System.getenv("CTK_KEEP_CAPTURES");
        return keep == null ? dir : java.nio.file.Files.createDirectories(Path.of(keep));
    }

    private BehaviourScenario scenario(final String name, final int tappedHost) throws java.io.IOException {
        final BehaviourScenario s = new BehaviourScenario();
        s.capture(tappedHost, folder().resolve(name + ".pcap"));
        return s;
    }

    /** A path failure in a short run: RTO_MAX 100 µs on both nodes, told to the judge. */
    private static void shortRtoMax(final BehaviourScenario s, final MprtConfig.Builder sender) {
        s.senderConfig = sender.rtoMaxNs(RTO_MAX_NS).build();
        s.receiverConfig = MprtConfig.builder().rtoMaxNs(RTO_MAX_NS).build();
        s.picsTimers.put("RTO_MAX", RTO_MAX_NS);
    }

    private static Verdict verdict(final Judgement j, final String requirementId) {
        return j.verdictOn(requirementId).orElseThrow();
    }

    private static void assertFails(final Judgement j, final String requirementId, final String mutant) {
        final Verdict v = verdict(j, requirementId);
        assertThat(v.outcome()).as("%s on the capture of mutant %s: %s", requirementId, mutant, v.explanation())
            .isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).isNotEmpty();
        assertThat(v.explanation()).startsWith("frame " + v.frames().get(0) + ":");
    }

    /** The rule fails on the mutant's capture, at a frame it names, and passes on the reference's. */
    private static void assertCaught(final Judgement mutant, final Judgement reference, final String requirementId,
                                     final String deviation) {
        assertFails(mutant, requirementId, deviation);
        assertThat(verdict(reference, requirementId).outcome()).as("%s on the reference's capture", requirementId)
            .isEqualTo(Outcome.PASS);
    }

    private static void assertNoMustFails(final Judgement j, final String what) {
        assertThat(j.verdicts()).as("MUST requirements failed by %s", what).filteredOn(Verdict::isAbsoluteFailure)
            .extracting(v -> v.requirementId() + ": " + v.explanation()).isEmpty();
    }

    // ---- the reference implementation breaks no MUST -------------------------------------------

    @Test
    void shouldFindNoMustViolatedByTheReferenceUnderLossAtEitherEnd() throws Exception {
        final BehaviourScenario s = scenario("reference-loss-receiver", 0);
        s.capture(1, folder().resolve("reference-loss-sender.pcap"));
        s.impairments = loss(0.01);
        s.writes = List.of(BehaviourScenario.Write.of(0, 256 * 1024), BehaviourScenario.Write.of(1, 64 * 1024),
            BehaviourScenario.Write.of(0, 256 * 1024));
        s.run();

        final Judgement atReceiver = s.judge(0);
        final Judgement atSender = s.judge(1);

        assertNoMustFails(atReceiver, "the reference receiver under loss");
        assertNoMustFails(atSender, "the reference sender under loss");
        assertThat(verdict(atReceiver, "MPRT-SACK-006").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atReceiver, "MPRT-STREAM-005").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atSender, "MPRT-LOSS-005").outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void shouldFindNoMustViolatedByTheReferenceThroughAFailedPath() throws Exception {
        final BehaviourScenario s = scenario("reference-failed-path-sender", 1);
        s.capture(0, folder().resolve("reference-failed-path-receiver.pcap"));
        shortRtoMax(s, MprtConfig.builder());
        s.impairments = Impair.failPath(0);
        s.writes = manyWrites();
        s.run();

        final Judgement atSender = s.judge(1);
        final Judgement atReceiver = s.judge(0);

        assertNoMustFails(atSender, "the reference sender through a failed path");
        assertNoMustFails(atReceiver, "the reference receiver through a failed path");
        assertThat(verdict(atSender, "MPRT-FAIL-002").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atSender, "MPRT-FAIL-003").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atSender, "MPRT-FAIL-005").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atReceiver, "MPRT-FAIL-008").outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void shouldFindNoMustViolatedByTheReferenceInAnIncast() throws Exception {
        final BehaviourScenario s = scenario("reference-incast-sender", 1);
        s.capture(0, folder().resolve("reference-incast-receiver.pcap"));
        s.senders = 8;
        s.writes = List.of(BehaviourScenario.Write.of(0, 512 * 1024));
        s.run();

        final Judgement atSender = s.judge(1);
        final Judgement atReceiver = s.judge(0);

        assertNoMustFails(atSender, "a reference sender in an incast");
        assertNoMustFails(atReceiver, "the reference receiver of an incast");
        assertThat(verdict(atSender, "MPRT-CC-002").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atSender, "MPRT-RECV-003").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atReceiver, "MPRT-RECV-001").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(atReceiver, "MPRT-CC-005").outcome()).isEqualTo(Outcome.PASS);
    }

    // ---- each mutant is caught by its rule -----------------------------------------------------

    @ParameterizedTest(name = "mutant {0} fails MPRT-LOSS-005")
    @EnumSource(value = Deviation.class, names = {"GO_BACK_N_ON_LOSS", "RETRANSMIT_SACKED"})
    void shouldCatchEachSenderThatRetransmitsWithoutCause(final Deviation deviation) throws Exception {
        final Judgement mutant = senderUnderLoss(deviation);
        final Judgement reference = senderUnderLoss(null);

        assertCaught(mutant, reference, "MPRT-LOSS-005", deviation.name());
    }

    private Judgement senderUnderLoss(final Deviation deviation) throws Exception {
        final BehaviourScenario s = scenario("loss-" + deviation, 1);
        s.senderConfig = deviation == null ? MprtConfig.defaults() : MprtConfig.builder().deviate(deviation).build();
        s.impairments = loss(0.02);
        s.run();
        return s.judge(1);
    }

    @Test
    void shouldCatchTheSenderThatNeverResprays() throws Exception {
        final BehaviourScenario s = failedPath(Deviation.NO_RESPRAY, "no-respray");
        final Judgement atSender = s.judge(1);
        final Judgement atReceiver = s.judge(0);

        assertFails(atSender, "MPRT-FAIL-002", "NO_RESPRAY");
        assertFails(atReceiver, "MPRT-FAIL-008", "NO_RESPRAY");
    }

    @Test
    void shouldCatchTheSenderThatSendsNewDataOnAFailedPath() throws Exception {
        final Judgement mutant = lightLoadOnAFailedPath(MprtConfig.builder().deviate(Deviation.NEW_DATA_ON_FAILED_PATH),
            "new-data-on-failed-path");
        final Judgement reference = lightLoadOnAFailedPath(MprtConfig.builder(), "suspect-path");

        assertFails(mutant, "MPRT-PATH-005", "NEW_DATA_ON_FAILED_PATH");
        assertFails(mutant, "MPRT-FAIL-007", "NEW_DATA_ON_FAILED_PATH");
        assertThat(verdict(reference, "MPRT-PATH-005").outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict(reference, "MPRT-FAIL-007").outcome()).isIn(Outcome.PASS, Outcome.NOT_APPLICABLE);
        assertNoMustFails(reference, "the reference sender under a light load through a failed path");
    }

    /**
     * Path 0 fails from the start, when it carries a single 4 KB packet; 110 µs later, once its first
     * RTO has expired (SUSPECT), the sender starts an 8 MB write. Path 0 has room in its window and
     * costs the path selector little next to the busy other paths, so a sender that puts new data on
     * a SUSPECT or FAILED path does.
     */
    private Judgement lightLoadOnAFailedPath(final MprtConfig.Builder sender, final String name) throws Exception {
        final BehaviourScenario s = scenario(name, 1);
        shortRtoMax(s, sender);
        s.impairments = Impair.failPath(0);
        s.writes = List.of(BehaviourScenario.Write.of(0, 4096), BehaviourScenario.Write.at(110_000, 1, 8 * 1024 * 1024));
        s.limitNs = 1_000_000L;
        s.run();
        return s.judge(1);
    }

    /**
     * Path 0 fails in the data direction for the whole run; 64 writes of 256 KB keep the other paths
     * busy for about 700 µs meanwhile, several RTO_MAX after the failure. The run stops at 1 ms, whether
     * the mutant has completed its writes or not.
     */
    private BehaviourScenario failedPath(final Deviation deviation, final String name) throws java.io.IOException {
        final BehaviourScenario s = scenario(name + "-sender", 1);
        s.capture(0, folder().resolve(name + "-receiver.pcap"));
        shortRtoMax(s, MprtConfig.builder().deviate(deviation));
        s.impairments = Impair.failPath(0);
        s.writes = manyWrites();
        s.limitNs = 1_000_000L;
        s.run();
        return s;
    }

    /** 64 WRITEs of 256 KB, alternating between streams 0 and 1. */
    private static List<BehaviourScenario.Write> manyWrites() {
        final List<BehaviourScenario.Write> out = new java.util.ArrayList<>();
        for (int i = 0; i < 64; i++) {
            out.add(BehaviourScenario.Write.of(i % 2, 256 * 1024));
        }
        return out;
    }

    @Test
    void shouldCatchTheSenderThatIgnoresEcnEchoes() throws Exception {
        final Judgement mutant = incastSender(MprtConfig.builder().deviate(Deviation.IGNORE_ECN_ECHO).build(), "ignore-ecn");
        final Judgement reference = incastSender(MprtConfig.defaults(), "incast-2mb");

        assertCaught(mutant, reference, "MPRT-CC-002", "IGNORE_ECN_ECHO");
    }

    @Test
    void shouldCatchTheSenderThatExceedsTheGuidance() throws Exception {
        final Judgement mutant = slowReceiver(MprtConfig.builder().deviate(Deviation.EXCEED_GUIDANCE).build(),
            "exceed-guidance");
        final Judgement reference = slowReceiver(MprtConfig.defaults(), "slow-receiver");

        assertCaught(mutant, reference, "MPRT-RECV-003", "EXCEED_GUIDANCE");
    }

    /**
     * A receiver whose host drains its ports at 20 Gb/s: its buffer fills over the threshold and its
     * guidance falls below the line rate, with no congestion in the network to mark anything.
     */
    private Judgement slowReceiver(final MprtConfig sender, final String name) throws Exception {
        final BehaviourScenario s = scenario(name, 1);
        s.senderConfig = sender;
        s.receiverConfig = MprtConfig.builder().ingressDrainRateBps(20_000_000_000L).build();
        s.writes = List.of(BehaviourScenario.Write.of(0, 4 * 1024 * 1024));
        s.run();
        return s.judge(1);
    }

    /** Eight senders write 2 MB each to one receiver; every sender runs the mutant, host 1 is captured. */
    private Judgement incastSender(final MprtConfig mutant, final String name) throws Exception {
        final BehaviourScenario s = scenario(name, 1);
        s.senders = 8;
        s.senderConfig = mutant;
        s.writes = List.of(BehaviourScenario.Write.of(0, 2 * 1024 * 1024));
        s.run();
        return s.judge(1);
    }

    @Test
    void shouldCatchTheReceiverThatDelaysEveryAck() throws Exception {
        final BehaviourScenario s = scenario("delay-every-ack", 0);
        s.receiverConfig = MprtConfig.builder().deviate(Deviation.DELAY_EVERY_ACK).build();
        s.impairments = loss(0.02);
        s.run();

        assertFails(s.judge(0), "MPRT-SACK-006", "DELAY_EVERY_ACK");
    }

    @Test
    void shouldCatchTheReceiverThatAcknowledgesAfterItsFatalNak() throws Exception {
        final Judgement mutant = badRkey(MprtConfig.builder().deviate(Deviation.ACK_AFTER_FATAL_NAK).build(), "ack-after-nak");
        final Judgement reference = badRkey(MprtConfig.defaults(), "fatal-nak");

        assertCaught(mutant, reference, "MPRT-CONN-004", "ACK_AFTER_FATAL_NAK");
        assertNoMustFails(reference, "the reference receiver of a bad rkey");
    }

    /** A 1 MB WRITE with a bad rkey: the receiver NAKs its first packet while the rest is in flight. */
    private Judgement badRkey(final MprtConfig receiver, final String name) throws Exception {
        final BehaviourScenario s = scenario(name, 0);
        s.receiverConfig = receiver;
        s.writes = List.of(new BehaviourScenario.Write(0, 1024 * 1024, true, 0));
        s.limitNs = 1_000_000L;
        s.run();
        return s.judge(0);
    }

    @Test
    void shouldCatchTheReceiverThatBlocksOneStreamBehindAnother() throws Exception {
        final Judgement mutant = twoStreams(MprtConfig.builder().deviate(Deviation.STREAM_HEAD_OF_LINE_BLOCKING).build(),
            "head-of-line");
        final Judgement reference = twoStreams(MprtConfig.defaults(), "two-streams");

        assertCaught(mutant, reference, "MPRT-STREAM-005", "STREAM_HEAD_OF_LINE_BLOCKING");
    }

    /** A 2 MB message on stream 0 and small ones on stream 1 behind it, under loss. */
    private Judgement twoStreams(final MprtConfig receiver, final String name) throws Exception {
        final BehaviourScenario s = scenario(name, 0);
        s.receiverConfig = receiver;
        s.impairments = loss(0.01);
        s.writes = List.of(BehaviourScenario.Write.of(0, 2 * 1024 * 1024), BehaviourScenario.Write.of(1, 4096),
            BehaviourScenario.Write.of(1, 4096), BehaviourScenario.Write.of(1, 4096));
        s.run();
        return s.judge(0);
    }

    @Test
    void shouldCatchTheRocev2RequesterThatTimesOutEarly() throws Exception {
        final Judgement mutant = roceUnderLoss(RoceConfig.defaults().withDeviation(RoceDeviation.EARLY_TIMEOUT), "early");
        final Judgement reference = roceUnderLoss(RoceConfig.defaults(), "reference");

        assertCaught(mutant, reference, "ROCE-GBN-002", "EARLY_TIMEOUT");
        assertNoMustFails(reference, "the RoCEv2 baseline under loss");
    }

    private Judgement roceUnderLoss(final RoceConfig requester, final String name) throws Exception {
        final BehaviourScenario s = scenario("rocev2-" + name, 1);
        s.transport = BehaviourScenario.Transport.ROCEV2;
        s.roceSenderConfig = requester;
        s.impairments = loss(0.05);
        s.limitNs = 50_000_000L;
        s.run();
        return s.judge(1);
    }
}
