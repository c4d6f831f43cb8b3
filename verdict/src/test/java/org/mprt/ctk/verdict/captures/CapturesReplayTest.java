package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;

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
}
