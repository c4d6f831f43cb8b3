package org.mprt.ctk.fabric.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.fabric.frame.TestFrames;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.wire.ip.Ecn;

class EgressQueueTest {

    private static final long RATE_100G = 100_000_000_000L;
    private static final long NEVER_SENDS_BPS = 1;

    private final Scheduler scheduler = new Scheduler();
    private final List<Long> departuresNs = new ArrayList<>();
    private final List<byte[]> departed = new ArrayList<>();

    @Test
    void shouldSerialiseBackToBackFramesAtExactlyTheLineRate() {
        // 1000 bytes + 24 bytes of overhead at 100 Gb/s: 81.92 ns each; the remainder carries.
        final EgressQueue queue = queue(RATE_100G, 1 << 20, EcnProfile.DISABLED, 24);
        for (int i = 0; i < 10; i++) {
            queue.enqueue(frameOfLength(1000, Ecn.ECT_0), 1000);
        }

        scheduler.runUntilIdle(1_000_000);

        final List<Long> expected = new ArrayList<>();
        for (long k = 1; k <= 10; k++) {
            expected.add(k * 8192 / 100);
        }
        assertThat(departuresNs).containsExactlyElementsOf(expected);
        assertThat(queue.transmitted()).isEqualTo(10);
        assertThat(queue.transmittedBytes()).isEqualTo(10_000);
    }

    @Test
    void shouldStartAfreshOnAnIdlePort() {
        final EgressQueue queue = queue(10_000_000_000L, 1 << 20, EcnProfile.DISABLED, 0);
        queue.enqueue(frameOfLength(1000, Ecn.ECT_0), 1000);
        scheduler.at(5_000, () -> queue.enqueue(frameOfLength(1000, Ecn.ECT_0), 1000));

        scheduler.runUntilIdle(1_000_000);

        assertThat(departuresNs).containsExactly(800L, 5_800L);
        assertThat(EgressQueue.serialisationDelayNs(1000, 0, 10_000_000_000L)).isEqualTo(800);
    }

    @Test
    void shouldTailDropTheFrameThatDoesNotFitInTheBuffer() {
        final EgressQueue queue = queue(10_000_000_000L, 3_000, EcnProfile.DISABLED, 0);

        assertThat(queue.enqueue(frameOfLength(1000, Ecn.ECT_0), 1000)).isTrue();
        assertThat(queue.enqueue(frameOfLength(1000, Ecn.ECT_0), 1000)).isTrue();
        assertThat(queue.enqueue(frameOfLength(999, Ecn.ECT_0), 999)).isTrue();
        assertThat(queue.enqueue(frameOfLength(60, Ecn.ECT_0), 60)).isFalse();
        assertThat(queue.occupancyBytes()).isEqualTo(2_999);
        scheduler.runUntil(800);
        assertThat(queue.enqueue(frameOfLength(1001, Ecn.ECT_0), 1001)).isTrue();
        assertThat(queue.enqueue(frameOfLength(60, Ecn.ECT_0), 60)).isFalse();

        scheduler.runUntilIdle(1_000_000);

        assertThat(queue.tailDrops()).isEqualTo(2);
        assertThat(queue.tailDroppedBytes()).isEqualTo(120);
        assertThat(queue.enqueued()).isEqualTo(4);
        assertThat(departed).hasSize(4);
    }

    @Test
    void shouldNeverMarkAtOrBelowKminAndAlwaysMarkAboveKmax() {
        final EgressQueue queue = queue(NEVER_SENDS_BPS, 1 << 20, new EcnProfile(10_000, 20_000, 0.5), 0);
        final List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            final byte[] frame = frameOfLength(1000, Ecn.ECT_0);
            frames.add(frame);
            queue.enqueue(frame, 1000);
        }

        for (int i = 0; i <= 10; i++) {
            assertThat(ecnOf(frames.get(i))).as("frame %d, %d bytes ahead", i, i * 1000).isEqualTo(Ecn.ECT_0);
        }
        for (int i = 21; i < 40; i++) {
            assertThat(ecnOf(frames.get(i))).as("frame %d, %d bytes ahead", i, i * 1000).isEqualTo(Ecn.CE);
        }
    }

    @Test
    void shouldMarkWithAProbabilityRisingLinearlyToPmaxBetweenKminAndKmax() {
        // Frame i of a fill arrives behind i * 1000 bytes; p = 0.2 * (q - 100 KB) / 300 KB in between.
        final EcnProfile profile = new EcnProfile(100_000, 400_000, 0.2);
        final int fills = 100;
        final long[] marksByQuarter = new long[4];
        final double[] expectedByQuarter = new double[4];
        final double[] varianceByQuarter = new double[4];
        final SplittableRandom seeds = new SplittableRandom(2026);
        for (int fill = 0; fill < fills; fill++) {
            final EgressQueue queue = new EgressQueue(scheduler, NEVER_SENDS_BPS, 1 << 20, profile, 0, seeds.split(),
                (frame, length) -> { });
            for (int i = 0; i <= 400; i++) {
                final byte[] frame = frameOfLength(1000, Ecn.ECT_0);
                queue.enqueue(frame, 1000);
                if (i > 100) {
                    final int quarter = (i - 101) / 75;
                    final double p = profile.markingProbability(i * 1000L);
                    expectedByQuarter[quarter] += p;
                    varianceByQuarter[quarter] += p * (1 - p);
                    marksByQuarter[quarter] += ecnOf(frame) == Ecn.CE ? 1 : 0;
                }
            }
        }

        for (int quarter = 0; quarter < 4; quarter++) {
            assertThat((double) marksByQuarter[quarter])
                .as("marks in quarter %d of the band", quarter)
                .isCloseTo(expectedByQuarter[quarter], within(4 * Math.sqrt(varianceByQuarter[quarter])));
        }
        assertThat(marksByQuarter[0]).isLessThan(marksByQuarter[1]);
        assertThat(marksByQuarter[1]).isLessThan(marksByQuarter[2]);
        assertThat(marksByQuarter[2]).isLessThan(marksByQuarter[3]);
        assertThat(profile.markingProbability(400_000)).isEqualTo(0.2);
        assertThat(profile.markingProbability(250_000)).isCloseTo(0.1, within(1e-12));
        assertThat(profile.markingProbability(400_001)).isEqualTo(1);
    }

    @Test
    void shouldMarkOnlyEcnCapableFramesAndCountOnlyNewMarks() {
        final EgressQueue queue = queue(NEVER_SENDS_BPS, 1 << 20, new EcnProfile(0, 0, 0), 0);
        queue.enqueue(frameOfLength(1000, Ecn.ECT_0), 1000);
        final byte[] notEct = frameOfLength(1000, Ecn.NOT_ECT);
        final byte[] ect1 = frameOfLength(1000, Ecn.ECT_1);
        final byte[] ce = frameOfLength(1000, Ecn.CE);

        queue.enqueue(notEct, 1000);
        queue.enqueue(ect1, 1000);
        queue.enqueue(ce, 1000);

        assertThat(ecnOf(notEct)).isEqualTo(Ecn.NOT_ECT);
        assertThat(ecnOf(ect1)).isEqualTo(Ecn.CE);
        assertThat(ecnOf(ce)).isEqualTo(Ecn.CE);
        assertThat(queue.ecnMarks()).isEqualTo(1);
        assertThat(queue.tailDrops()).isZero();
    }

    private EgressQueue queue(final long rateBps, final long bufferBytes, final EcnProfile ecn, final int overhead) {
        return new EgressQueue(scheduler, rateBps, bufferBytes, ecn, overhead, new SplittableRandom(1),
            (frame, length) -> {
                departuresNs.add(scheduler.now());
                departed.add(frame);
            });
    }

    private static byte[] frameOfLength(final int length, final int ecn) {
        return TestFrames.roceOfLength(length, ecn);
    }

    private static int ecnOf(final byte[] frame) {
        return FrameHeaders.ecn(frame, 14);
    }
}
