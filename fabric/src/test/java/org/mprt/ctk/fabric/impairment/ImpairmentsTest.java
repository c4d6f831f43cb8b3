package org.mprt.ctk.fabric.impairment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.frame.TestFrames;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.link.LinkSettings;
import org.mprt.ctk.fabric.queue.EcnProfile;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.ip.Ecn;

class ImpairmentsTest {

    private static final int FRAMES = 200_000;
    private static final byte[] SMALL_FRAME = TestFrames.roce(1, 2, IpAddress.ipv4(1), IpAddress.ipv4(2), 1, 0, 0);

    private final Scheduler scheduler = new Scheduler();
    private final List<byte[]> arrived = new ArrayList<>();
    private final List<Integer> arrivedPsns = new ArrayList<>();

    @Test
    void shouldLoseFramesAtTheBernoulliRate() {
        final Impairments impairments = new Impairments(new SplittableRandom(11)).loss(LossModel.bernoulli(0.01));

        final boolean[] lost = run(impairments);

        final double rate = impairments.lossDrops() / (double) FRAMES;
        assertThat(rate).isCloseTo(0.01, within(4 * Math.sqrt(0.01 * 0.99 / FRAMES)));
        assertThat(meanBurstLength(lost)).isLessThan(1.2);
    }

    @Test
    void shouldLoseFramesInBurstsWithGilbertElliott() {
        final LossModel.GilbertElliott model = new LossModel.GilbertElliott(0.01, 0.2, 1.0, 0.0);
        final Impairments bursty = new Impairments(new SplittableRandom(12)).loss(model);
        final Impairments independent = new Impairments(new SplittableRandom(13))
            .loss(LossModel.bernoulli(model.meanLossRate()));

        final boolean[] burstLosses = run(bursty);
        final boolean[] independentLosses = run(independent);

        assertThat(model.meanLossRate()).isCloseTo(0.01 / 0.21, within(1e-12));
        assertThat(bursty.lossDrops() / (double) FRAMES).isCloseTo(model.meanLossRate(), within(0.15 * model.meanLossRate()));
        // Bursts last 1 / p(bad -> good) = 5 frames on average; independent losses barely cluster.
        assertThat(meanBurstLength(burstLosses)).isCloseTo(5.0, within(0.5));
        assertThat(meanBurstLength(independentLosses)).isLessThan(1.2);
    }

    @Test
    void shouldFlipExactlyOneBitAfterTheUdpHeaderSoTheIcrcFails() {
        final Link link = link();
        link.impairments().corruption(1.0);
        final List<byte[]> sent = sendNumbered(link, 200, 0);

        scheduler.runUntilIdle(10_000_000);

        assertThat(arrived).hasSize(200);
        assertThat(link.counters().corruptions()).isEqualTo(200);
        for (int i = 0; i < arrived.size(); i++) {
            final byte[] original = sent.get(i);
            final byte[] corrupted = arrived.get(i);
            assertThat(TestFrames.icrcMatches(corrupted, corrupted.length)).isFalse();
            int flippedBits = 0;
            for (int b = 0; b < original.length; b++) {
                final int diff = (original[b] ^ corrupted[b]) & 0xFF;
                if (diff != 0) {
                    assertThat(b).as("changed byte index").isGreaterThanOrEqualTo(14 + 20 + 8);
                }
                flippedBits += Integer.bitCount(diff);
            }
            assertThat(flippedBits).isEqualTo(1);
        }
    }

    @Test
    void shouldLeaveUncorruptedFramesValid() {
        final Link link = link();
        link.impairments().corruption(0.1);
        sendNumbered(link, 1_000, 64);

        scheduler.runUntilIdle(100_000_000);

        final long failing = arrived.stream().filter(f -> !TestFrames.icrcMatches(f, f.length)).count();
        final long decodedOk = arrived.stream().filter(f -> TestFrames.decode(f, f.length) == DecodeStatus.OK).count();
        assertThat(arrived).hasSize(1_000);
        assertThat(failing).isEqualTo(link.counters().corruptions()).isBetween(60L, 140L);
        assertThat(decodedOk).isEqualTo(1_000 - failing);
    }

    @Test
    void shouldDropEveryFramePutOnTheWireWhileBlackholed() {
        final Link link = link();
        scheduler.at(10_000, () -> link.impairments().blackhole(true));
        scheduler.at(20_000, () -> link.impairments().blackhole(false));
        final List<Long> transmittedNs = new ArrayList<>();
        link.observeTransmit((timeNs, frame, length) -> transmittedNs.add(timeNs));
        // 1000-byte frames at 10 Gb/s take 800 ns; one is offered every 1000 ns from 0 to 29 000.
        for (int i = 0; i < 30; i++) {
            final int psn = i;
            scheduler.at(i * 1_000L, () -> sendOne(link, psn, 1_000));
        }

        scheduler.runUntilIdle(1_000_000);

        // Dropped: frames whose last bit leaves in [10 000, 20 000), i.e. offered at 10 000 to 19 000.
        final List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            if (i < 10 || i >= 20) {
                expected.add(i);
            }
        }
        assertThat(arrivedPsns).containsExactlyElementsOf(expected);
        assertThat(transmittedNs).hasSize(30);
        assertThat(link.counters().downDrops()).isEqualTo(10);
    }

    @Test
    void shouldDropExactlyInsideTheFlappingWindows() {
        final Link link = link();
        link.impairments().flapping(new Flapping(5_000, 10_000, 3_000));
        // 1000-byte frames take 800 ns at 10 Gb/s; offered every 1000 ns, each leaves at t + 800.
        for (int i = 0; i < 30; i++) {
            final int psn = i;
            scheduler.at(i * 1_000L, () -> sendOne(link, psn, 1_000));
        }

        scheduler.runUntilIdle(1_000_000);

        // Down in [5000, 8000), [15000, 18000), [25000, 28000): frames leaving at 5800, 6800, 7800, ...
        final List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            final long leavesNs = i * 1_000L + 800;
            final boolean down = leavesNs >= 5_000 && leavesNs < 8_000 || leavesNs >= 15_000 && leavesNs < 18_000
                || leavesNs >= 25_000 && leavesNs < 28_000;
            if (!down) {
                expected.add(i);
            }
        }
        assertThat(arrivedPsns).containsExactlyElementsOf(expected);
        assertThat(link.counters().downDrops()).isEqualTo(9);
    }

    @Test
    void shouldClearEveryFault() {
        final Impairments impairments = new Impairments(new SplittableRandom(1)).loss(LossModel.bernoulli(1))
            .corruption(1).blackhole(true).flapping(new Flapping(0, 10, 10)).delay(Delay.fixed(5));

        impairments.clear();

        assertThat(impairments.admit(0, SMALL_FRAME.clone(), SMALL_FRAME.length)).isTrue();
        assertThat(impairments.extraDelayNs()).isZero();
        assertThat(impairments.corruptions()).isZero();
    }

    private boolean[] run(final Impairments impairments) {
        final boolean[] lost = new boolean[FRAMES];
        for (int i = 0; i < FRAMES; i++) {
            lost[i] = !impairments.admit(i, SMALL_FRAME, SMALL_FRAME.length);
        }
        return lost;
    }

    private static double meanBurstLength(final boolean[] lost) {
        int bursts = 0;
        int losses = 0;
        for (int i = 0; i < lost.length; i++) {
            if (lost[i]) {
                losses++;
                if (i == 0 || !lost[i - 1]) {
                    bursts++;
                }
            }
        }
        return losses / (double) bursts;
    }

    private List<byte[]> sendNumbered(final Link link, final int count, final int payloadBytes) {
        final List<byte[]> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sent.add(sendOne(link, i, payloadBytes + TestFrames.HEADERS_LENGTH));
        }
        return sent;
    }

    private byte[] sendOne(final Link link, final int psn, final int length) {
        final byte[] frame = TestFrames.roceOfLength(length, Ecn.ECT_0, psn);
        final byte[] original = frame.clone();
        link.receive(frame, frame.length);
        return original;
    }

    private Link link() {
        final Link link = new Link("test", scheduler, new LinkSettings(10_000_000_000L, 500, 1 << 20, EcnProfile.DISABLED, 0),
            new SplittableRandom(1), new SplittableRandom(2));
        link.connect((frame, length) -> {
            arrived.add(frame);
            arrivedPsns.add(TestFrames.psn(frame, length));
        });
        return link;
    }
}
