package org.mprt.ctk.fabric.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.frame.TestFrames;
import org.mprt.ctk.fabric.impairment.Delay;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.fabric.queue.EcnProfile;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.wire.ip.Ecn;

class LinkTest {

    private static final LinkSettings TEN_GIG = new LinkSettings(10_000_000_000L, 500, 1 << 20, EcnProfile.DISABLED, 0);

    private final Scheduler scheduler = new Scheduler();
    private final List<Long> arrivalsNs = new ArrayList<>();
    private final List<Integer> arrivalPsns = new ArrayList<>();

    @Test
    void shouldDeliverAfterSerialisationPlusPropagation() {
        final Link link = link(TEN_GIG);
        link.receive(TestFrames.roceOfLength(1000, Ecn.ECT_0), 1000);
        link.receive(TestFrames.roceOfLength(1000, Ecn.ECT_0), 1000);
        scheduler.at(5_000, () -> link.receive(TestFrames.roceOfLength(500, Ecn.ECT_0), 500));

        scheduler.runUntilIdle(1_000_000);

        // 1000 bytes at 10 Gb/s = 800 ns on the wire, then 500 ns of propagation.
        assertThat(arrivalsNs).containsExactly(1_300L, 2_100L, 5_000L + 400 + 500);
    }

    @Test
    void shouldCountTheDefaultWireOverheadInSerialisation() {
        final Link link = link(LinkSettings.DEFAULT);
        link.receive(TestFrames.roceOfLength(1_226, Ecn.ECT_0), 1_226);

        scheduler.runUntilIdle(1_000_000);

        // (1226 + 24) bytes * 8 / 100 Gb/s = 100 ns, plus 500 ns.
        assertThat(arrivalsNs).containsExactly(600L);
    }

    @Test
    void shouldAddExtraDelay() {
        final Link link = link(TEN_GIG);
        link.impairments().delay(Delay.fixed(2_000));
        link.receive(TestFrames.roceOfLength(1000, Ecn.ECT_0), 1000);

        scheduler.runUntilIdle(1_000_000);

        assertThat(arrivalsNs).containsExactly(3_300L);
    }

    @Test
    void shouldKeepFramesInOrderUnderJitter() {
        final Link link = link(TEN_GIG);
        link.impairments().delay(Delay.jittered(0, 50_000));
        sendNumbered(link, 200);

        scheduler.runUntilIdle(10_000_000);

        assertThat(arrivalPsns).hasSize(200).isSorted();
        assertThat(arrivalsNs).isSorted();
        assertThat(arrivalsNs.get(199)).isGreaterThan(200 * 64 * 800L / 1000 + 500);
    }

    @Test
    void shouldReorderUnderJitterOnlyWhenAsked() {
        final Link link = link(TEN_GIG);
        link.impairments().delay(Delay.reordering(0, 50_000));
        sendNumbered(link, 200);

        scheduler.runUntilIdle(10_000_000);

        assertThat(arrivalPsns).hasSize(200).isNotEqualTo(arrivalPsns.stream().sorted().toList());
        assertThat(arrivalsNs).isSorted();
    }

    @Test
    void shouldShowObserversTheFrameWhenItLeavesAndWhenItArrives() {
        final Link link = link(TEN_GIG);
        final List<Long> transmitted = new ArrayList<>();
        final List<Long> received = new ArrayList<>();
        link.observeTransmit((timeNs, frame, length) -> transmitted.add(timeNs));
        link.observeReceive((timeNs, frame, length) -> received.add(timeNs));
        link.receive(TestFrames.roceOfLength(1000, Ecn.ECT_0), 1000);

        scheduler.runUntilIdle(1_000_000);

        assertThat(transmitted).containsExactly(800L);
        assertThat(received).containsExactly(1_300L);
        assertThat(link.counters()).isEqualTo(new LinkCounters(1, 0, 0, 0, 1, 1000, 0, 0, 0, 1));
    }

    @Test
    void shouldAccountForEveryFrameOffered() {
        final Link link = link(TEN_GIG.withBufferBytes(3_000));
        link.impairments().loss(LossModel.bernoulli(0.3));
        sendNumbered(link, 100);

        scheduler.runUntilIdle(10_000_000);

        final LinkCounters counters = link.counters();
        assertThat(counters.tailDrops()).isPositive();
        assertThat(counters.lossDrops()).isPositive();
        assertThat(counters.enqueued() + counters.tailDrops()).isEqualTo(100);
        assertThat(counters.delivered() + counters.drops()).isEqualTo(100);
        assertThat(counters.delivered()).isEqualTo(arrivalsNs.size());
    }

    private void sendNumbered(final Link link, final int count) {
        for (int i = 0; i < count; i++) {
            final byte[] frame = TestFrames.roce(1, 2, IpAddress.ipv4(1),
                IpAddress.ipv4(2), 1, 0, i);
            link.receive(frame, frame.length);
        }
    }

    private Link link(final LinkSettings settings) {
        final Link link = new Link("test", scheduler, settings, new SplittableRandom(1), new SplittableRandom(2));
        link.connect((frame, length) -> {
            arrivalsNs.add(scheduler.now());
            arrivalPsns.add(TestFrames.psn(frame, length));
        });
        return link;
    }
}
