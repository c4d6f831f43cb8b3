package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.expectation.CaptureExpectation;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;
import org.mprt.ctk.wire.decode.DecodeStatus;

/** Every capture of captures/ is judged as its expectation file says. */
class CapturesReplayTest {

    private final CaptureReplay replay = new CaptureReplay(CaptureJudge.standard());

    @TestFactory
    Stream<DynamicTest> shouldJudgeEveryCaptureAsExpected() throws Exception {
        final List<Path> captures = CaptureReplay.capturesIn(CapturesGenerationTest.CAPTURES);
        assertThat(captures).as("captures with expectations in %s", CapturesGenerationTest.CAPTURES.toAbsolutePath())
            .hasSizeGreaterThanOrEqualTo(5);
        return captures.stream().map(capture -> DynamicTest.dynamicTest(capture.toString(), () -> {
            final CaptureReplay.Result r = replay.replay(capture);
            assertThat(r.mismatches()).as("%s", capture).isEmpty();
        }));
    }

    /**
     * The frames of each capture whose headers are whole and whose ICRC does not match are those its
     * expectation lists (icrcMismatches), whatever the verdicts make of them: the list the Wireshark
     * dissector's test holds the dissector to.
     */
    @TestFactory
    Stream<DynamicTest> shouldFindTheIcrcMismatchesTheExpectationLists() throws Exception {
        return CaptureReplay.capturesIn(CapturesGenerationTest.CAPTURES).stream()
            .map(capture -> DynamicTest.dynamicTest(capture.toString(), () -> {
                final CaptureExpectation expectation = CaptureExpectation.read(CaptureExpectation.fileFor(capture));
                Assumptions.assumeTrue(expectation.error().isEmpty(), "a malformed capture");
                final List<Long> mismatches = new ArrayList<>();
                replay.judgeFor(expectation).judge(capture, capture.toString(), o -> {
                    if (o.status() == DecodeStatus.ICRC_MISMATCH) {
                        mismatches.add(o.frameNumber());
                    }
                });
                assertThat(mismatches).as("%s", capture).isEqualTo(expectation.icrcMismatches());
            }));
    }

    /**
     * Every rule is proven able to fail and able to pass: some capture makes it fail, another makes
     * it pass. A rule that no capture can fail checks nothing.
     */
    @Test
    void shouldProveEveryRuleBothFailingAndPassing() throws Exception {
        final Set<String> failed = new TreeSet<>();
        final Set<String> passed = new TreeSet<>();
        for (final Path capture : CaptureReplay.capturesIn(CapturesGenerationTest.CAPTURES)) {
            final CaptureReplay.Result r = replay.replay(capture);
            if (r.judgement() == null) {
                continue;
            }
            for (final Verdict v : r.judgement().verdicts()) {
                if (v.outcome() == Outcome.FAIL) {
                    failed.add(v.requirementId());
                } else if (v.outcome() == Outcome.PASS) {
                    passed.add(v.requirementId());
                }
            }
        }
        final List<String> neverFailed = new ArrayList<>();
        final List<String> neverPassed = new ArrayList<>();
        for (final Rule rule : RuleBook.all()) {
            if (!failed.contains(rule.requirementId())) {
                neverFailed.add(rule.requirementId());
            }
            if (!passed.contains(rule.requirementId())) {
                neverPassed.add(rule.requirementId());
            }
        }
        assertThat(neverFailed).as("rules no capture in captures/ makes fail").isEmpty();
        assertThat(neverPassed).as("rules no capture in captures/ makes pass").isEmpty();
    }

    /**
     * The expectation files themselves name, for every rule, a capture it passes and one it fails, so
     * that a change which turns either into another outcome fails the replay instead of going unseen.
     */
    @Test
    void shouldNameForEveryRuleACaptureItPassesAndOneItFails() throws Exception {
        final Set<String> namedFail = new TreeSet<>();
        final Set<String> namedPass = new TreeSet<>();
        for (final Path capture : CaptureReplay.capturesIn(CapturesGenerationTest.CAPTURES)) {
            CaptureExpectation.read(CaptureExpectation.fileFor(capture)).verdicts().forEach((id, expected) -> {
                if (expected.outcome() == Outcome.FAIL) {
                    namedFail.add(id);
                } else if (expected.outcome() == Outcome.PASS) {
                    namedPass.add(id);
                }
            });
        }
        final List<String> ids = RuleBook.all().stream().map(Rule::requirementId).toList();
        assertThat(ids.stream().filter(id -> !namedFail.contains(id)).toList())
            .as("rules no expectation file names as failing").isEmpty();
        assertThat(ids.stream().filter(id -> !namedPass.contains(id)).toList())
            .as("rules no expectation file names as passing").isEmpty();
    }

    /**
     * A capture named with a PICS is judged with its timers and JUDGING_TOLERANCE: the live loopback
     * capture's reference nodes, run with slow timers, meet them and fail the spec's defaults.
     */
    @Test
    void shouldJudgeACaptureWithThePicsItsExpectationNames() throws Exception {
        final Path capture = CapturesGenerationTest.CAPTURES.resolve("live").resolve("mprt-loopback.pcap");

        assertThat(replay.replay(capture).mismatches()).isEmpty();
        assertThat(CaptureJudge.standard().fromConnectionStart().judge(capture).verdictOn("MPRT-SACK-007").orElseThrow()
            .outcome()).isEqualTo(Outcome.FAIL);
    }

    @Test
    void shouldRefuseAnExpectationWhosePicsFileIsMissing(@TempDir final Path dir) throws Exception {
        final Path expectation = dir.resolve("x.expected.json");
        Files.writeString(expectation, "{\"pics\": \"x.pics.yaml\", \"verdicts\": {\"MPRT-WIRE-001\": \"pass\"}}");

        assertThatThrownBy(() -> CaptureExpectation.read(expectation)).isInstanceOf(IOException.class)
            .hasMessage(expectation + ": pics: no file " + dir.resolve("x.pics.yaml"));
    }
}
