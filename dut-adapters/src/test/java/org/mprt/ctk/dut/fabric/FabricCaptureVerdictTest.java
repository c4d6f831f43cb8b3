package org.mprt.ctk.dut.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * What the fabric records, the verdict engine reads and judges: the reference implementation's
 * traffic breaks no MUST, and a mutant that breaks one wire rule is caught by that rule, at the
 * frames that carry the fault.
 */
class FabricCaptureVerdictTest {

    @TempDir
    Path dir;

    private Judgement transferAndJudge(final FabricTransfer t, final String name) throws Exception {
        t.bytesPerSender = 512 * 1024;
        t.capture = dir.resolve(name + ".pcap");
        final FabricTransfer.Result r = t.run();
        assertThat(r.completed()).as("transfer of %s completed", name).isTrue();
        return CaptureJudge.standard().judge(t.capture);
    }

    @Test
    void shouldFindNoMustViolatedByTheReferenceImplementationUnderLoss() throws Exception {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(0.01)));

        final Judgement j = transferAndJudge(t, "mprt-reference");

        assertThat(j.capture().mprtFrames()).isGreaterThan(100);
        assertThat(j.verdicts()).filteredOn(Verdict::isAbsoluteFailure).isEmpty();
        assertThat(j.verdictOn("MPRT-WIRE-007").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void shouldFindNoMustViolatedByTheRocev2Baseline() throws Exception {
        final FabricTransfer t = new FabricTransfer();
        t.transport = FabricTransfer.Transport.ROCEV2;

        final Judgement j = transferAndJudge(t, "rocev2-reference");

        assertThat(j.capture().rocev2Frames()).isGreaterThan(100);
        assertThat(j.verdicts()).filteredOn(Verdict::isAbsoluteFailure).isEmpty();
        assertThat(j.verdictOn("ROCE-ICRC-001").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
    }

    /** Captured at the mutant sender's own ports (host 1): the fabric's switches absorb PAUSE frames. */
    @ParameterizedTest(name = "mutant {0} fails {1}")
    @CsvSource({
        "BAD_ICRC, MPRT-WIRE-007",
        "WRONG_PADCNT, MPRT-WIRE-012",
        "NON_ZERO_RESERVED, MPRT-WIRE-032",
        "NOT_ECN_CAPABLE, MPRT-WIRE-006",
    })
    void shouldCatchEachWireMutantWithItsRule(final Deviation deviation, final String requirementId) throws Exception {
        final FabricTransfer t = new FabricTransfer();
        t.captureHost = 1;
        t.mprtConfig = MprtConfig.builder().deviate(deviation).build();
        t.limitNs = 20_000_000L;
        t.bytesPerSender = 512 * 1024;
        t.capture = dir.resolve(deviation + ".pcap");
        t.run();

        // Stated, as the scenarios state it: a wrong ICRC is held against its sender only at the sender's ports.
        final Judgement j = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.2"))).judge(t.capture);

        final Verdict v = j.verdictOn(requirementId).orElseThrow();
        assertThat(v.outcome()).as("%s on the capture of mutant %s: %s", requirementId, deviation, v.explanation())
            .isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).isNotEmpty();
        assertThat(v.explanation()).startsWith("frame " + v.frames().get(0) + ":");
        assertThat(List.of(j.verdicts().stream().filter(Verdict::isAbsoluteFailure).map(Verdict::requirementId)
            .toArray())).contains(requirementId);
    }

    /**
     * The PAUSE mutant answers CE-marked arrivals with PAUSE frames, so it needs congestion: an
     * incast of eight senders, captured at the receiver, whose ports the PAUSE frames leave from.
     */
    @Test
    void shouldCatchTheMutantThatSendsPauseFrames() throws Exception {
        final FabricTransfer t = new FabricTransfer();
        t.mprtConfig = MprtConfig.builder().deviate(Deviation.SEND_PAUSE_FRAMES).build();
        t.senders = 8;
        t.bytesPerSender = 512 * 1024;
        t.capture = dir.resolve("pause.pcap");
        t.run();

        final Verdict v = CaptureJudge.standard().judge(t.capture).verdictOn("MPRT-CC-004").orElseThrow();

        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
        assertThat(v.explanation()).contains("MAC control frame");
    }
}
