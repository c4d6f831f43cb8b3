package org.mprt.ctk.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.rule.Evidence;

class EvidenceTest {

    @Test
    void shouldFailWithTheFirstViolationAndCountTheRest() {
        final Evidence e = new Evidence("MPRT-WIRE-010");
        e.conforming(1);
        e.violation(7, "bth.tver: expected 0, found 3");
        e.violation(9, "bth.tver: expected 0, found 1");

        final Verdict v = e.verdict("ok", "none");

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(7L, 9L);
        assertThat(v.explanation()).isEqualTo("frame 7: bth.tver: expected 0, found 3 (1 more of 3 checked)");
        assertThat(v.violations()).isEqualTo(2);
    }

    @Test
    void shouldBeNotApplicableWhenNothingWasChecked() {
        assertThat(new Evidence("X").verdict("ok", "no data packet").outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    }

    @Test
    void shouldBeInconclusiveWhenARuleCouldNotDecide() {
        final Evidence e = new Evidence("X");
        e.inconclusive(4, "the capture starts mid-connection");

        final Verdict v = e.verdict("ok", "none");

        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.explanation()).isEqualTo("the capture starts mid-connection");
        assertThat(v.frames()).containsExactly(4L);
    }

    @Test
    void shouldKeepAtMostTheFrameCapButCountEveryViolation() {
        final Evidence e = new Evidence("X");
        for (int i = 1; i <= 100; i++) {
            e.violation(i, "bad");
        }
        final Verdict v = e.verdict("ok", "none");
        assertThat(v.frames()).hasSize(Evidence.MAX_FRAMES);
        assertThat(v.violations()).isEqualTo(100);
    }

    @Test
    void shouldPassWithTheFirstExaminedFrames() {
        final Evidence e = new Evidence("X");
        e.conforming(3);
        e.conforming(5);
        final Verdict v = e.verdict("2 packets checked", "none");
        assertThat(v.outcome()).isEqualTo(Outcome.PASS);
        assertThat(v.frames()).containsExactly(3L, 5L);
    }

    private static Supplier<String> counting(final AtomicInteger made, final String text) {
        return () -> {
            made.incrementAndGet();
            return text;
        };
    }

    @Test
    void shouldMakeOnlyTheFirstViolationsMessageAndCountEveryViolation() {
        final Evidence e = new Evidence("MPRT-TEST-001");
        final AtomicInteger made = new AtomicInteger();
        e.conforming(1);
        for (long frame = 2; frame <= 1001; frame++) {
            e.violation(frame, counting(made, "bth.psn: expected " + frame));
        }
        assertThat(made).hasValue(1);
        final Verdict v = e.verdict("passed", "not applicable");
        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.explanation()).startsWith("frame 2: bth.psn: expected 2").contains("999 more of 1001 checked");
        assertThat(v.frames()).startsWith(2L, 3L).hasSize(Evidence.MAX_FRAMES);
    }

    @Test
    void shouldMakeOnlyTheFirstInconclusiveReason() {
        final Evidence e = new Evidence("MPRT-TEST-001");
        final AtomicInteger made = new AtomicInteger();
        e.inconclusive(7, counting(made, "first reason"));
        e.inconclusive(8, counting(made, "second reason"));
        assertThat(made).hasValue(1);
        final Verdict v = e.verdict("passed", "not applicable");
        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.explanation()).isEqualTo("first reason");
        assertThat(v.frames()).containsExactly(7L);
    }
}
