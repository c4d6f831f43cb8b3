package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.mprt.path.PathState;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** mprt-v0.1.md sections 10.4 to 10.6: the path state machine, re-spray, probing and readmission. */
class MprtPathFailureTest {

    private static final long RTO_INIT = 100_000;
    private static final long PROBE_INTERVAL = 100_000;

    private static List<Frame> data(final MprtPair pair) {
        return pair.framesFrom("A").stream().filter(Frame::isMprtData).toList();
    }

    /** Path 0 of A loses everything in both directions while {@code dead[0]} holds. */
    private static MprtPair pairWithDeadPathZero(final boolean[] dead, final int regionBytes) {
        final MprtPair pair = MprtPair.builder().regionBytes(regionBytes).build();
        pair.fabric.dropIf(f -> dead[0] && f.decoded().hasBth() && f.pathId() == 0
            && (f.node().equals("A") && !f.is(OpcodeTable.MPRT_ACK) || f.node().equals("B") && !f.isMprtData()));
        return pair;
    }

    @Test
    void shouldGoActiveSuspectFailedProbingActiveAtTheTimersTimes() {
        final boolean[] dead = {true};
        final MprtPair pair = pairWithDeadPathZero(dead, 16 * 1024);
        pair.writeAll(1);
        pair.scheduler.runUntil(1);
        final long t0 = data(pair).get(0).timeNs();
        final var path = pair.ab.sender().path(0);

        pair.scheduler.runUntil(t0 + RTO_INIT);
        assertThat(path.state()).isEqualTo(PathState.SUSPECT);
        pair.scheduler.runUntil(t0 + 3 * RTO_INIT);
        assertThat(path.state()).isEqualTo(PathState.SUSPECT);
        pair.scheduler.runUntil(t0 + 7 * RTO_INIT - 1);
        assertThat(path.state()).isEqualTo(PathState.SUSPECT);
        pair.scheduler.runUntil(t0 + 7 * RTO_INIT);
        final long failedAt = t0 + 7 * RTO_INIT;
        assertThat(path.state()).isEqualTo(PathState.FAILED);
        final int probedPsn = path.nextPsn();

        pair.scheduler.runUntil(failedAt + 2 * PROBE_INTERVAL + 50_000);
        final List<Frame> probes = pair.framesFrom("A").stream().filter(f -> f.is(OpcodeTable.MPRT_PROBE)).toList();
        assertThat(probes).extracting(Frame::timeNs).containsExactly(failedAt + PROBE_INTERVAL, failedAt + 2 * PROBE_INTERVAL);
        assertThat(probes).extracting(Frame::psn).containsOnly(probedPsn);
        assertThat(path.state()).isEqualTo(PathState.FAILED);

        dead[0] = false;
        pair.scheduler.runUntil(failedAt + 3 * PROBE_INTERVAL + 10_000);
        assertThat(path.state()).isEqualTo(PathState.PROBING);
        pair.scheduler.runUntil(failedAt + 4 * PROBE_INTERVAL + 10_000);
        assertThat(path.state()).isEqualTo(PathState.ACTIVE);
        assertThat(path.window().cwndBytes()).isEqualTo(16 * 1024);

        // MPRT-FAIL-005: an idle readmitted path is probed until it carries new data again.
        pair.scheduler.runFor(2 * PROBE_INTERVAL);
        final long probesBeforeData = pair.framesFrom("A").stream().filter(f -> f.is(OpcodeTable.MPRT_PROBE)).count();
        assertThat(probesBeforeData).isEqualTo(6);

        final long readmittedAt = pair.scheduler.nowNs();
        pair.writeAll(2);
        pair.awaitCompletionsAtA(2, readmittedAt + 1_000_000);
        final Frame firstNewOnPathZero = data(pair).stream()
            .filter(f -> f.pathId() == 0 && f.timeNs() >= readmittedAt).findFirst().orElseThrow();
        assertThat(firstNewOnPathZero.psn()).isEqualTo(probedPsn);
        assertThat(firstNewOnPathZero.mdeth().r()).isZero();
        assertThat(pair.framesFrom("B").stream().filter(f -> f.is(OpcodeTable.MPRT_NAK))).isEmpty();
        assertThat(pair.framesFrom("A").stream().filter(f -> f.is(OpcodeTable.MPRT_PROBE)
            && f.timeNs() > firstNewOnPathZero.timeNs())).isEmpty();
    }

    @Test
    void shouldFallBackToFailedWhenAProbeGoesUnansweredForProbeTimeout() {
        final boolean[] dead = {true};
        final MprtPair pair = pairWithDeadPathZero(dead, 16 * 1024);
        pair.writeAll(1);
        pair.scheduler.runUntil(1);
        final long failedAt = data(pair).get(0).timeNs() + 7 * RTO_INIT;
        pair.scheduler.runUntil(failedAt);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.FAILED);
        dead[0] = false;
        pair.scheduler.runUntil(failedAt + PROBE_INTERVAL + 10_000);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.PROBING);

        final long lostProbeAt = failedAt + 2 * PROBE_INTERVAL;
        pair.fabric.dropIf(f -> f.is(OpcodeTable.MPRT_PROBE) && f.timeNs() == lostProbeAt);
        pair.scheduler.runUntil(lostProbeAt + 200_000 - 1);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.PROBING);
        pair.scheduler.runUntil(lostProbeAt + 200_000);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.FAILED);
    }

    @Test
    void shouldResprayAbandonedDataBeforeNewDataAndLoseNothingWhenAPathDiesForGood() {
        final boolean[] dead = {false};
        final MprtPair pair = pairWithDeadPathZero(dead, 1 << 20);
        pair.scheduler.runUntil(20_000);
        dead[0] = true;
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());

        final Set<Long> abandoned = new HashSet<>();
        data(pair).stream().filter(f -> f.pathId() == 0 && f.mdeth().r() == 0)
            .forEach(f -> abandoned.add(f.mdeth().messageOffset()));
        final List<Frame> resprays = data(pair).stream()
            .filter(f -> f.pathId() != 0 && f.mdeth().r() == 1 && abandoned.contains(f.mdeth().messageOffset())).toList();
        assertThat(resprays).hasSize(abandoned.size());
        final long firstRespray = resprays.get(0).timeNs();
        final long lastRespray = resprays.get(resprays.size() - 1).timeNs();
        assertThat(data(pair).stream().filter(f -> f.mdeth().r() == 0 && f.timeNs() >= firstRespray
            && f.timeNs() < lastRespray)).isEmpty();
        assertThat(data(pair).stream().filter(f -> f.pathId() == 0 && f.timeNs() > firstRespray)).isEmpty();
    }
}
