package org.mprt.ctk.reference.mprt.path;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** MPRT-FAIL-007: only replies to consecutive PROBEs, each within PROBE_TIMEOUT, count towards readmission. */
class ProbeTrackerTest {

    private final ProbeTracker probes = new ProbeTracker();

    @Test
    void shouldCountRepliesToConsecutiveProbes() {
        probes.onSent(1, 0);
        probes.onSent(2, 100);
        assertThat(probes.onReply(1, 10, 200)).isTrue();
        assertThat(probes.onReply(2, 110, 200)).isTrue();
        assertThat(probes.consecutiveReplies()).isEqualTo(2);
    }

    @Test
    void shouldRestartTheCountWhenAProbeBetweenWentUnanswered() {
        probes.onSent(1, 0);
        probes.onSent(2, 100);
        probes.onSent(3, 200);
        probes.onReply(1, 10, 500);
        probes.onReply(3, 210, 500);
        assertThat(probes.consecutiveReplies()).isEqualTo(1);
    }

    @Test
    void shouldRefuseAReplyLaterThanTheTimeoutOrForAnUnknownProbe() {
        probes.onSent(1, 0);
        assertThat(probes.onReply(1, 300, 200)).isFalse();
        assertThat(probes.onReply(9, 10, 200)).isFalse();
        assertThat(probes.consecutiveReplies()).isZero();
    }
}
