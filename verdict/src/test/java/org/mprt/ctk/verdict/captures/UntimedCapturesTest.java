package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapngWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.UntimedFrames;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.expectation.CaptureExpectation;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;

/**
 * Each capture of captures/ with its timestamps taken away (its frames written again as pcapng simple
 * packet blocks, which record no time) and judged as its expectation says: a rule marked
 * {@code JudgedWithoutTime} gives the verdict it gives on the capture itself, and every other rule is
 * inconclusive at the first frame, unless the PICS made it not applicable.
 */
class UntimedCapturesTest {

    private static final Map<String, Boolean> COMPARES_TIMESTAMPS = RuleBook.all().stream()
        .collect(Collectors.toMap(Rule::requirementId, Rule::comparesTimestamps));

    private final CaptureReplay replay = new CaptureReplay(CaptureJudge.standard());

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> shouldJudgeEveryCaptureWithoutItsTimesAsWithThemSaveTheRulesThatCompareTimestamps()
        throws IOException {
        final List<Path> captures = CaptureReplay.capturesIn(CapturesGenerationTest.CAPTURES);
        assertThat(captures).hasSizeGreaterThanOrEqualTo(60);
        return captures.stream().map(capture -> DynamicTest.dynamicTest(capture.toString(), () -> {
            final CaptureReplay.Result timed = replay.replay(capture);
            Assumptions.assumeTrue(timed.judgement() != null, () -> "not a capture the kit reads: " + timed.inputError());
            final Path copy = untimedCopy(capture);
            final Judgement untimed = replay.judgeFor(timed.expectation()).judge(copy);

            assertThat(untimed.capture().untimedFrames())
                .isEqualTo(new UntimedFrames(timed.judgement().capture().frames(), 1));
            final Map<String, Verdict> before = byRequirement(timed.judgement());
            final boolean inferred = timed.expectation().takenAt().isEmpty();
            for (final Verdict after : untimed.verdicts()) {
                final Verdict was = before.get(after.requirementId());
                if (!COMPARES_TIMESTAMPS.get(after.requirementId())) {
                    if (inferred && after.outcome() == Outcome.INCONCLUSIVE
                        && after.explanation().contains("frames of the capture record no capture time")) {
                        // The timing of answers placed the capture; without it, the point is unknown (and a
                        // wrong ICRC is not held against its sender).
                        assertThat(after.explanation()).containsAnyOf(" is judged at the ", "is not at the ports of its sender");
                    } else {
                        assertThat(outcomeAndFrames(after)).as("%s without its times", after.requirementId())
                            .isEqualTo(outcomeAndFrames(was));
                    }
                } else if (after.outcome() == Outcome.NOT_APPLICABLE) {
                    assertThat(after).as("%s: not applicable by the PICS alone", after.requirementId()).isEqualTo(was);
                } else {
                    assertThat(after.outcome()).as("%s: %s, was %s", after.requirementId(), after.explanation(), was)
                        .isEqualTo(Outcome.INCONCLUSIVE);
                    assertThat(after.frames()).as(after.requirementId()).containsExactly(1L);
                    assertThat(after.explanation()).as(after.requirementId())
                        .isEqualTo(untimed.capture().untimedFrames().whyInconclusive());
                }
            }
        }));
    }

    private static Map<String, Verdict> byRequirement(final Judgement j) {
        return j.verdicts().stream().collect(Collectors.toMap(Verdict::requirementId, Function.identity(),
            (a, b) -> a, LinkedHashMap::new));
    }

    private static String outcomeAndFrames(final Verdict v) {
        return v.outcome() + " " + v.frames() + (v.outcome() == Outcome.INCONCLUSIVE ? "" : " " + v.explanation());
    }

    /**
     * The capture's frames as simple packet blocks of one interface; skipped for a capture of several
     * link types or one whose frames were cut to different lengths, which simple packet blocks cannot hold.
     */
    private Path untimedCopy(final Path capture) throws IOException {
        final List<byte[]> data = new ArrayList<>();
        final List<Long> original = new ArrayList<>();
        LinkType linkType = null;
        int snap = PcapngWriter.DEFAULT_SNAP_LENGTH_BYTES;
        try (CaptureReader reader = CaptureReader.open(capture)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                Assumptions.assumeTrue(linkType == null || linkType == frame.linkType(), "several link types");
                Assumptions.assumeTrue(frame.linkType() != LinkType.UNKNOWN, "a link type the kit does not name");
                linkType = frame.linkType();
                data.add(frame.copyData());
                original.add(frame.originalLengthBytes());
                if (frame.capturedLengthBytes() < frame.originalLengthBytes()) {
                    snap = Math.min(snap, frame.capturedLengthBytes());
                }
            }
        }
        for (int i = 0; i < data.size(); i++) {
            Assumptions.assumeTrue(data.get(i).length == Math.min(original.get(i), snap), "frames cut to different lengths");
        }
        final Path copy = dir.resolve(capture.getFileName() + "-untimed.pcapng");
        try (PcapngWriter w = PcapngWriter.create(copy, ByteOrder.LITTLE_ENDIAN)) {
            w.addInterface("", linkType, snap);
            for (int i = 0; i < data.size(); i++) {
                w.writeSimple(data.get(i), 0, data.get(i).length, original.get(i));
            }
        }
        return copy;
    }
}
